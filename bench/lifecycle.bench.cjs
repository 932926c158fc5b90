// Lifecycle cost per event through wasm: one delegation is four events (spawn, complete,
// prepare, commit). No JS library does this, so it is reported as an absolute cost per event.
const { createGuardSync } = require("../dist/cjs/node.js");
const { measure } = require("./measure.cjs");

const guard = createGuardSync();
const lc = guard.lifecycle;
lc.create("root");
let n = 0;
const cycle = measure(() => {
  const child = `c${n++}`;
  lc.spawn({ parentTaskId: "root", childTaskId: child, mode: "code", message: "Add tests" });
  lc.complete(child, "done");
  lc.prepareResume("root");
  lc.commitResume("root");
});
const perEvent = { p50: cycle.p50 / 4, p99: cycle.p99 / 4 };
const rows = [{ name: `lifecycle event (spawn/complete/prepare/commit), registry growing to ${n} tasks`, ours: perEvent, theirs: null }];
module.exports = { rows };
if (require.main === module) require("./measure.cjs").table("lifecycle", rows);
