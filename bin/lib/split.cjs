// The one training/validation split of the labelled pairs: a pair is in validation when the
// FNV-1a hash of its id falls in the last 30 of 100 buckets. Fitting (scripts/fit-drift.mjs)
// reads only training pairs; reported figures are on validation pairs.
"use strict";

function bucket(id) {
  let h = 0x811c9dc5;
  for (const ch of String(id)) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % 100;
}

/**
 * "train" or "validation" for a pair id. LLMBar's Negation pairs reverse the instruction of
 * the Normal pair with the same number over the same outputs: both go to the same side.
 */
const splitOf = (id) => (bucket(String(id).replace(/^CaseStudy\/(Normal|Negation)#/, "CaseStudy/Normal-Negation#")) >= 70 ? "validation" : "train");

module.exports = { splitOf };
