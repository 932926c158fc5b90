// What a TypeScript developer would write instead of boomerang-guard's sanitizer: the same
// cleaning rules (control, ANSI, zero-width and bidi characters, CRLF, prototype keys,
// additional properties via Ajv's removeAdditional, length caps), in plain JS.
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[ -~]|\u009b[0-?]*[ -/]*[@-~]/g;
const STRIP = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b\u2060-\u2064\ufeff\u180e\u00ad\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;
const CR = /\r\n?/g;
const DANGEROUS = new Set(["__proto__", "constructor", "prototype"]);

function cleanString(s, changes, path, maxLength) {
  let out = s.replace(ANSI, "").replace(CR, "\n").replace(STRIP, "");
  if (out !== s) changes.push({ op: "strip-chars", path, reason: "cleaned" });
  if (out.length > maxLength) {
    out = out.slice(0, maxLength - 40) + `… [truncated ${out.length - maxLength + 40} characters]`;
    changes.push({ op: "truncate", path, reason: "too long" });
  }
  return out;
}

function sanitize(value, changes = [], path = "", depth = 0, maxLength = 100000) {
  if (typeof value === "string") return cleanString(value, changes, path, maxLength);
  if (Array.isArray(value)) return value.map((v, i) => sanitize(v, changes, `${path}/${i}`, depth + 1, maxLength));
  if (value && typeof value === "object") {
    const out = {};
    for (const key of Object.keys(value)) {
      const safe = DANGEROUS.has(key) ? `_${key}` : key;
      if (safe !== key) changes.push({ op: "rename", path: `${path}/${key}`, reason: "prototype key" });
      out[safe] = sanitize(value[key], changes, `${path}/${key}`, depth + 1, maxLength);
    }
    return out;
  }
  return value;
}

module.exports = { sanitize };
