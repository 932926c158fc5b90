// A small, honest timer: warm up, then time batches until ~0.5 s has passed; report per-call
// p50 and p99 over batches (batch means smooth timer resolution for sub-microsecond calls).
function measure(fn, { seconds = 0.5 } = {}) {
  for (let i = 0; i < 200; i++) fn();
  let batch = 1;
  for (;;) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) fn();
    if (Number(process.hrtime.bigint() - t0) > 2e6) break;
    batch *= 2;
  }
  const samples = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end || samples.length < 5) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) fn();
    samples.push(Number(process.hrtime.bigint() - t0) / batch / 1000);
  }
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { p50: at(0.5), p99: at(0.99), samples: samples.length, batch };
}

// The same for functions compared with each other: their batches take turns until every one
// has had `seconds`, so a slow or busy phase of the machine falls on all of them alike and the
// ratios hold (timed one after the other, a ratio moved by up to 2× between runs on this VM).
function calibrate(fn) {
  for (let i = 0; i < 200; i++) fn();
  let batch = 1;
  for (;;) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) fn();
    if (Number(process.hrtime.bigint() - t0) > 1e6) return batch;
    batch *= 2;
  }
}

function timeBatch(fn, batch) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < batch; i++) fn();
  return Number(process.hrtime.bigint() - t0) / batch / 1000;
}

function stats(samples, batches) {
  return samples.map((s, k) => {
    s.sort((a, b) => a - b);
    const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
    return { p50: at(0.5), p99: at(0.99), samples: s.length, batch: batches[k] };
  });
}

const order = (n, round) => {
  const ks = Array.from({ length: n }, (_, k) => k);
  return round % 2 ? ks.reverse() : ks;
};

function measureTogether(fns, { seconds = 0.5 } = {}) {
  const batches = fns.map(calibrate);
  const samples = fns.map(() => []);
  const end = Date.now() + seconds * 1000 * fns.length;
  // The order flips every round, so that garbage one side leaves is collected in either's time.
  for (let round = 0; Date.now() < end || samples[0].length < 5; round++) {
    for (const k of order(fns.length, round)) samples[k].push(timeBatch(fns[k], batches[k]));
  }
  return stats(samples, batches);
}

// For functions that return promises (verify): the event loop runs between batches, outside the
// timing, so that settled promises are released as in a host that awaits them (a synchronous
// loop keeps every one alive until it ends: gigabytes over a few seconds, and GC in the timings).
async function measureTogetherSettled(fns, { seconds = 0.5 } = {}) {
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  const batches = [];
  for (const fn of fns) {
    batches.push(calibrate(fn));
    await settle();
  }
  const samples = fns.map(() => []);
  const end = Date.now() + seconds * 1000 * fns.length;
  for (let round = 0; Date.now() < end || samples[0].length < 5; round++) {
    for (const k of order(fns.length, round)) {
      samples[k].push(timeBatch(fns[k], batches[k]));
      await settle();
    }
  }
  return stats(samples, batches);
}

function fmt(us) {
  if (!Number.isFinite(us)) return "—";
  return us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(2)} µs`;
}

function table(title, rows) {
  console.log(`\n${title}`);
  console.log("| case | boomerang-guard p50 | alternative p50 | ratio (ours / theirs) |");
  console.log("|---|---|---|---|");
  for (const r of rows) {
    const theirs = r.theirs ? fmt(r.theirs.p50) : "—";
    const ratio = r.theirs ? `${(r.ours.p50 / r.theirs.p50).toFixed(2)}×` : "—";
    console.log(`| ${r.name} | ${fmt(r.ours.p50)} | ${theirs} | ${ratio} |`);
  }
}

module.exports = { measure, measureTogether, measureTogetherSettled, table, fmt };
