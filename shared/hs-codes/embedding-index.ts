/**
 * The embedding side of HS search (issue 27): every listed line of a schedule, and every UK search
 * reference (a labelled example: "air fryer" → 8516792000), as the IDF-weighted mean of its words' GloVe
 * vectors; a query as the weighted mean of its words' vectors (the head product noun weighing most); the
 * nearest lines and examples by cosine. Pure: built from rows already read, kept per process and import
 * (embedding-cache.ts).
 *
 * Why means of word vectors: a product title's words ("pendant", "necklace", "charm") and a tariff
 * line's ("articles of jewellery") rarely share a stem, but their vectors are near; a mean over a line's
 * words, each weighted by its rarity among the lines, keeps what the line is about ("jewellery") above
 * the tariff's boilerplate ("other", "parts", "articles").
 */
import { descriptionWords } from "./normalize.ts";
import { dot, nearestRows, normalize, weightedMean, wordId, type WordVectors } from "./embedding-vectors.ts";

export interface EmbeddingLine {
  lineKey: string;
  code: string;
  subheading: string | null;
  level: number;
  description: string;
  /** The descriptions from the heading down to the line, joined with " > " (the line's own text last). */
  fullDescription: string;
}

export interface EmbeddingExample {
  /** The reference as written ("air fryer"). */
  term: string;
  /** The code it names (UK: 10 digits); its first 6 digits are the HS subheading. */
  code: string;
}

export interface LineEmbeddings {
  dimensions: number;
  /** Line vectors, unit length, one row per entry of `lines`. */
  /** words: the vector ids of the line's own words, then of its ancestors' (`own` of them are its own). */
  lines: ReadonlyArray<{ lineKey: string; code: string; subheading: string | null; level: number; words: Int32Array; own: number }>;
  lineMatrix: Float32Array;
  /** Row of each line key in `lines`. */
  rowOf: ReadonlyMap<string, number>;
  examples: ReadonlyArray<{ term: string; subheading: string; words: Int32Array }>;
  exampleMatrix: Float32Array;
  /** Per subheading, the line an example of it stands for: the subheading's first line (lowest level, then code). */
  subheadingLine: ReadonlyMap<string, number>;
  /** The 6-digit subheadings that have lines, their centroids (the normalised sum of their lines' vectors) and their lines' rows. */
  subheadings: readonly string[];
  subheadingMatrix: Float32Array;
  subheadingRows: readonly Int32Array[];
  /** Inverse document frequency of each word vector id over the lines' own texts. */
  idf: Float32Array;
  /** idf of a word the lines' own texts never use. */
  maxIdf: number;
}

/** Words that name no goods in any tariff text: left out of every mean (their vectors are near everything). */
const FUNCTION_WORDS = new Set([
  "and",
  "or",
  "of",
  "the",
  "for",
  "with",
  "without",
  "in",
  "on",
  "to",
  "by",
  "from",
  "not",
  "other",
  "than",
  "its",
  "their",
  "whether",
  "an",
  "as",
  "at",
  "be",
  "is",
  "are",
  "but",
  "nesoi",
]);

/** Weight of the words of a line's ancestors (the heading and groupings above it) next to its own words. */
export const ANCESTOR_WEIGHT = 0.5;

function idsOf(vectors: WordVectors, words: readonly string[]): number[] {
  const out: number[] = [];
  for (const w of words) {
    if (FUNCTION_WORDS.has(w)) continue;
    const id = wordId(vectors, w);
    if (id >= 0) out.push(id);
    else if (w.includes("-"))
      for (const p of w.split("-")) if (!FUNCTION_WORDS.has(p) && wordId(vectors, p) >= 0) out.push(wordId(vectors, p));
  }
  return out;
}

/** The lines' and examples' vectors. Lines of level 2 (chapters) are left out: they are context, not answers. */
export function buildLineEmbeddings(
  vectors: WordVectors,
  lines: readonly EmbeddingLine[],
  examples: readonly EmbeddingExample[],
): LineEmbeddings {
  const dims = vectors.dimensions;
  const listed = lines.filter((l) => l.level > 2);
  // A schedule's texts repeat (every line under a heading has the heading's text in its full
  // description; "Other" is a thousand lines' own text): each distinct text is read once.
  const read = new Map<string, number[]>();
  const idsOfText = (text: string) => {
    let ids = read.get(text);
    if (!ids) read.set(text, (ids = idsOf(vectors, descriptionWords(text))));
    return ids;
  };
  const own = listed.map((l) => new Set(idsOfText(l.description)));
  const df = new Float32Array(vectors.size);
  for (const set of own) for (const id of set) df[id]++;
  const n = listed.length;
  const maxIdf = Math.log(1 + n);
  const idf = new Float32Array(vectors.size);
  for (let i = 0; i < idf.length; i++) idf[i] = Math.log(1 + n / (1 + df[i]));

  const lineMatrix = new Float32Array(listed.length * dims);
  const entries = listed.map((l, i) => {
    const mine = own[i];
    const up = new Set(
      l.fullDescription
        .split(" > ")
        .flatMap(idsOfText)
        .filter((id) => !mine.has(id)),
    );
    const ids = Int32Array.from([...mine, ...up]);
    const weights = Float32Array.from(ids, (id, k) => idf[id] * (k < mine.size ? 1 : ANCESTOR_WEIGHT));
    weightedMean(vectors, ids, weights, lineMatrix, i * dims);
    return { lineKey: l.lineKey, code: l.code, subheading: l.subheading, level: l.level, words: ids, own: mine.size };
  });

  const subheadingLine = new Map<string, number>();
  entries.forEach((e, i) => {
    if (!e.subheading) return;
    const prev = subheadingLine.get(e.subheading);
    const p = prev === undefined ? undefined : entries[prev];
    if (!p || e.level < p.level || (e.level === p.level && e.code < p.code)) subheadingLine.set(e.subheading, i);
  });

  const subheadings = [...new Set(entries.flatMap((e) => (e.subheading ? [e.subheading] : [])))].sort();
  const subRow = new Map(subheadings.map((x, i) => [x, i]));
  const subheadingMatrix = new Float32Array(subheadings.length * dims);
  const rowsOf: number[][] = subheadings.map(() => []);
  entries.forEach((e, i) => {
    const r = e.subheading === null ? undefined : subRow.get(e.subheading);
    if (r === undefined) return;
    rowsOf[r].push(i);
    for (let d = 0; d < dims; d++) subheadingMatrix[r * dims + d] += lineMatrix[i * dims + d];
  });
  for (let r = 0; r < subheadings.length; r++) normalize(subheadingMatrix, r * dims, dims);

  const usable = examples
    .map((x) => ({
      term: x.term,
      subheading: x.code.replace(/[^0-9]/g, "").slice(0, 6),
      words: Int32Array.from(new Set(idsOf(vectors, descriptionWords(x.term)))),
    }))
    .filter((x) => x.subheading.length === 6 && x.words.length > 0 && subheadingLine.has(x.subheading));
  const exampleMatrix = new Float32Array(usable.length * dims);
  usable.forEach((x, i) => {
    weightedMean(
      vectors,
      x.words,
      Float32Array.from(x.words, (id) => idf[id] || maxIdf),
      exampleMatrix,
      i * dims,
    );
  });
  return {
    dimensions: dims,
    lines: entries,
    lineMatrix,
    rowOf: new Map(entries.map((e, i) => [e.lineKey, i])),
    subheadings,
    subheadingMatrix,
    subheadingRows: rowsOf.map((r) => Int32Array.from(r)),
    examples: usable,
    exampleMatrix,
    subheadingLine,
    idf,
    maxIdf,
  };
}

export interface QueryEmbedding {
  vector: Float32Array;
  /** The query words that had a vector, their ids and weights. */
  words: string[];
  ids: Int32Array;
  weights: Float32Array;
}

/**
 * The query's vector: the mean of its words' vectors, each weighted by its rarity among the lines and by
 * `weightOf` (the word's role: the head product noun most). null when no word has a vector.
 */
export function queryEmbedding(
  index: LineEmbeddings,
  vectors: WordVectors,
  tokens: readonly string[],
  weightOf: (word: string, i: number) => number,
): QueryEmbedding | null {
  const words: string[] = [];
  const ids: number[] = [];
  const weights: number[] = [];
  tokens.forEach((t, i) => {
    const tokenIds = idsOf(vectors, [t]);
    const w = weightOf(t, i);
    if (!(w > 0)) return;
    for (const id of tokenIds) {
      words.push(t);
      ids.push(id);
      weights.push((w * (index.idf[id] || index.maxIdf)) / tokenIds.length);
    }
  });
  if (ids.length === 0) return null;
  const vector = new Float32Array(index.dimensions);
  weightedMean(vectors, ids, weights, vector);
  return { vector, words, ids: Int32Array.from(ids), weights: Float32Array.from(weights) };
}

export interface Neighbour {
  /** Index in LineEmbeddings.lines. */
  line: number;
  cosine: number;
  /** Set when a labelled example brought the line: its index in LineEmbeddings.examples. */
  example?: number;
}

/**
 * The lines of the `k` subheadings nearest the query (by their centroids), best first: per subheading
 * its line nearest the query. One line per subheading: the national lines of one subheading are near one
 * another ("Other", "Men's" under the same heading) and would fill the ranking. Costs one pass over the
 * subheadings (5,600 in the US) and one over their lines, not one over every line.
 */
export function nearestLines(index: LineEmbeddings, query: QueryEmbedding, k: number): Neighbour[] {
  const dims = index.dimensions;
  return nearestRows(index.subheadingMatrix, dims, query.vector, k).map((s) => {
    const best = nearestRows(index.lineMatrix, dims, query.vector, 1, index.subheadingRows[s.row])[0];
    return { line: best.row, cosine: best.cosine };
  });
}

/** The lines of the `k` examples nearest the query (one per subheading, the subheading's first line), best first. */
export function nearestExamples(index: LineEmbeddings, query: QueryEmbedding, k: number): Neighbour[] {
  const out: Neighbour[] = [];
  const seen = new Set<string>();
  for (const r of nearestRows(index.exampleMatrix, index.dimensions, query.vector, k * 3)) {
    const x = index.examples[r.row];
    if (seen.has(x.subheading)) continue;
    seen.add(x.subheading);
    out.push({ line: index.subheadingLine.get(x.subheading)!, cosine: r.cosine, example: r.row });
    if (out.length >= k) break;
  }
  return out;
}

/**
 * Why a neighbour is near, in words: the query words nearest the line's vector and the line's (or the
 * example's) words nearest the query's, at most `n` of each, nearest first.
 */
export function explainNeighbour(
  index: LineEmbeddings,
  vectors: WordVectors,
  query: QueryEmbedding,
  neighbour: Neighbour,
  n = 2,
): { queryWords: string[]; lineWords: string[] } {
  const dims = index.dimensions;
  const example = neighbour.example === undefined ? undefined : index.examples[neighbour.example];
  const matrix = example ? index.exampleMatrix : index.lineMatrix;
  const row = example ? neighbour.example! : neighbour.line;
  const lineIds = example ? example.words : index.lines[neighbour.line].words;
  const byQuery = new Map<string, number>();
  query.ids.forEach((id, i) => {
    const c = dot(vectors.data, id * dims, matrix, row * dims, dims) * query.weights[i];
    const w = query.words[i];
    byQuery.set(w, Math.max(byQuery.get(w) ?? -Infinity, c));
  });
  const byLine = new Map<string, number>();
  for (const id of lineIds) byLine.set(vectors.words[id], dot(vectors.data, id * dims, query.vector, 0, dims));
  const top = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, n)
      .map(([w]) => w);
  return { queryWords: top(byQuery), lineWords: top(byLine) };
}
