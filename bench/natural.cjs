// The JS alternative's drift half: natural's WordTokenizer + its English stop words + Porter
// stemmer + Jaccard of the stem sets, as a TypeScript developer would assemble it.
// natural's storage modules load dotenv, which prints a tip per load unless told not to.
process.env.DOTENV_CONFIG_QUIET ??= "true";
const natural = require("natural");

const tokenizer = new natural.WordTokenizer();
const stop = new Set(natural.stopwords);
const stems = (t) => new Set(tokenizer.tokenize(t.toLowerCase()).filter((w) => !stop.has(w)).map((w) => natural.PorterStemmer.stem(w)));

function naturalJaccard(i, r) {
  const a = stems(i);
  const b = stems(r);
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter || 1);
}

module.exports = { naturalJaccard };
