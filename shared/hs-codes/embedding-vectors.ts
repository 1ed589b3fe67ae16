/**
 * Word vectors (GloVe, 100 dimensions; generated/word-vectors.json, written by tools/build-word-vectors.ts)
 * and the vector maths of the embedding side of HS search: quantisation, weighted means, cosine nearest
 * neighbours. Pure functions over typed arrays; the only I/O is loading the generated file once per process.
 */
import { singularWord } from "./synonyms.ts";

/** The generated file's shape: words joined by spaces, per word a float32 scale and `dimensions` signed bytes (base64, little-endian). */
export interface WordVectorFile {
  source: string;
  dimensions: number;
  words: string;
  scales: string;
  vectors: string;
}

export interface WordVectors {
  dimensions: number;
  /** Unit vectors, one after another, in the order of `ids`. */
  data: Float32Array;
  /** Index of a word's vector in `data` (× dimensions). */
  ids: ReadonlyMap<string, number>;
  /** The word of each id. */
  words: readonly string[];
  size: number;
}

/** A vector scaled to unit length, stored as signed bytes with one scale (value = byte × scale). */
export function quantizeVector(values: readonly number[]): { values: Int8Array; scale: number } {
  let norm = 0;
  for (const v of values) norm += v * v;
  norm = Math.sqrt(norm) || 1;
  let max = 0;
  for (const v of values) max = Math.max(max, Math.abs(v / norm));
  const scale = max / 127 || 1;
  const out = new Int8Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = Math.round(values[i] / norm / scale);
  // Stored as float32: the reader must multiply by the same number the writer divided by.
  return { values: out, scale: Math.fround(scale) };
}

function fromBase64(text: string): Uint8Array {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The generated file as unit float vectors (the quantised values scaled back and renormalised). */
export function decodeWordVectors(file: WordVectorFile): WordVectors {
  const dims = file.dimensions;
  const words = file.words.split(" ");
  const scaleBytes = fromBase64(file.scales);
  const scales = new DataView(scaleBytes.buffer, scaleBytes.byteOffset, scaleBytes.byteLength);
  const bytes = fromBase64(file.vectors);
  const q = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (q.length !== words.length * dims || scaleBytes.length !== words.length * 4) throw new Error("word vectors: sizes do not match");
  const data = new Float32Array(q.length);
  for (let w = 0; w < words.length; w++) {
    const s = scales.getFloat32(w * 4, true);
    for (let d = 0; d < dims; d++) data[w * dims + d] = q[w * dims + d] * s;
    normalize(data, w * dims, dims);
  }
  return { dimensions: dims, data, ids: new Map(words.map((w, i) => [w, i])), words, size: words.length };
}

/** Scales the vector at data[offset … offset+dims] to unit length in place (a zero vector stays zero). */
export function normalize(data: Float32Array, offset: number, dims: number): void {
  let n = 0;
  for (let d = 0; d < dims; d++) n += data[offset + d] * data[offset + d];
  if (n === 0) return;
  const k = 1 / Math.sqrt(n);
  for (let d = 0; d < dims; d++) data[offset + d] *= k;
}

/** The dot product of two vectors of `dims` values (the cosine when both have unit length). */
export function dot(a: Float32Array, aOffset: number, b: Float32Array, bOffset: number, dims: number): number {
  let s = 0;
  for (let d = 0; d < dims; d++) s += a[aOffset + d] * b[bOffset + d];
  return s;
}

/**
 * The vector id of a word: itself, else its singular ("pendants" → pendant). -1 when the vectors do not
 * have it (a brand, a model name, a rare word).
 */
export function wordId(vectors: WordVectors, word: string): number {
  return vectors.ids.get(word) ?? vectors.ids.get(singularWord(word)) ?? -1;
}

/**
 * Writes into out[offset …] the unit-length weighted mean of the vectors of `ids` (weights alike in
 * length; ids of -1 are skipped). Returns the total weight used (0: no word had a vector; out stays zero).
 */
export function weightedMean(
  vectors: WordVectors,
  ids: ArrayLike<number>,
  weights: ArrayLike<number>,
  out: Float32Array,
  offset = 0,
): number {
  const dims = vectors.dimensions;
  out.fill(0, offset, offset + dims);
  let total = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    const w = weights[i];
    if (id < 0 || !(w > 0)) continue;
    total += w;
    const base = id * dims;
    for (let d = 0; d < dims; d++) out[offset + d] += w * vectors.data[base + d];
  }
  if (total > 0) normalize(out, offset, dims);
  return total;
}

/**
 * The `k` rows of `matrix` (rows of `dims` values) most similar to `query`, best first, with their
 * cosines (rows and query of unit length). `rows` limits the search to some rows (all when absent).
 * Keeps a sorted list of k: no array the size of the matrix is allocated per query.
 */
export function nearestRows(
  matrix: Float32Array,
  dims: number,
  query: Float32Array,
  k: number,
  rows?: ArrayLike<number>,
): Array<{ row: number; cosine: number }> {
  const best: Array<{ row: number; cosine: number }> = [];
  if (k <= 0) return best;
  const count = rows ? rows.length : matrix.length / dims;
  let floor = -Infinity;
  for (let i = 0; i < count; i++) {
    const row = rows ? rows[i] : i;
    const c = dot(matrix, row * dims, query, 0, dims);
    if (best.length >= k && c <= floor) continue;
    let at = best.length;
    while (at > 0 && best[at - 1].cosine < c) at--;
    best.splice(at, 0, { row, cosine: c });
    if (best.length > k) best.pop();
    if (best.length >= k) floor = best[best.length - 1].cosine;
  }
  return best;
}

let loading: Promise<WordVectors | null> | null = null;

/**
 * The word vectors, loaded once per process. null when the generated file is missing (`npm run
 * build:vectors` was not run): search then ranks by words alone.
 */
export function loadWordVectors(): Promise<WordVectors | null> {
  loading ??= import("./generated/word-vectors.json", { with: { type: "json" } }).then(
    (m) => decodeWordVectors(m.default as WordVectorFile),
    () => null,
  );
  return loading;
}
