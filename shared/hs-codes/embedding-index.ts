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
import { IntList } from "./int-list.ts";

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

/**
 * A schedule's line vectors, kept small: per line only the vector ids of its words (one list for all
 * lines), not its 100 floats. A line's vector is computed again when a search needs it (lineVector: the
 * lines of the 30 nearest subheadings and the fused candidates, a few hundred per search, well under a
 * millisecond), the same floats the build computed. Keeping every line's vector cost 400 bytes a line
 * (37 MB for the five schedules' 93,000 lines), too much for a 256 MB edge instance that searches them all.
 */
export interface LineEmbeddings {
  dimensions: number;
  /** Line key of each row (the lines above chapter level, in code order). */
  lineKeys: readonly string[];
  /** Row of each line key. */
  rowOf: ReadonlyMap<string, number>;
  /** Per row, the vector ids of the line's own words, then of its ancestors' (the first ownCount[row] are its own). */
  words: { start: Int32Array; items: Int32Array | Uint16Array };
  ownCount: Uint16Array;
  /** Per row, its subheading's index in `subheadings` (-1: none). */
  lineSubheading: Int32Array;
  examples: ReadonlyArray<{ term: string; subheading: string; words: Int32Array }>;
  exampleMatrix: Float32Array;
  /** Per subheading, the line an example of it stands for: the subheading's first line (lowest level, then code). */
  subheadingLine: ReadonlyMap<string, number>;
  /** The 6-digit subheadings that have lines, their centroids (the normalised sum of their lines' vectors) and their lines' rows. */
  subheadings: readonly string[];
  subheadingMatrix: Float32Array;
  /** The rows of subheading s: subheadingRows.items[start[s] … start[s+1]). */
  subheadingRows: { start: Int32Array; items: Int32Array };
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

/**
 * Builds a schedule's line embeddings from its lines page by page (addLines; the texts of one page are
 * alive at a time), then the examples (build). Lines of level 2 (chapters) are left out: they are
 * context, not answers.
 */
export class LineEmbeddingsBuilder {
  // A schedule's texts repeat (every line under a heading has the heading's text in its full
  // description; "Other" is a thousand lines' own text): each distinct text is read once.
  private read = new Map<string, number[]>();
  private readonly keys: string[] = [];
  private readonly start = new IntList();
  private readonly items = new IntList();
  private readonly own = new IntList();
  private readonly subheadingOf: (string | null)[] = [];
  /** Per subheading, its first line so far: row, level, code. */
  private readonly first = new Map<string, { row: number; level: number; code: string }>();

  constructor(private readonly vectors: WordVectors) {
    this.start.push(0);
  }

  private idsOfText(text: string): number[] {
    let ids = this.read.get(text);
    if (!ids) this.read.set(text, (ids = idsOf(this.vectors, descriptionWords(text))));
    return ids;
  }

  addLines(lines: readonly EmbeddingLine[]): void {
    for (const l of lines) {
      if (l.level <= 2) continue;
      const row = this.keys.length;
      const mine = new Set(this.idsOfText(l.description));
      const up = new Set(
        l.fullDescription
          .split(" > ")
          .flatMap((t) => this.idsOfText(t))
          .filter((id) => !mine.has(id)),
      );
      for (const id of mine) this.items.push(id);
      for (const id of up) this.items.push(id);
      this.start.push(this.items.length);
      this.own.push(mine.size);
      this.keys.push(l.lineKey);
      this.subheadingOf.push(l.subheading);
      if (l.subheading) {
        const p = this.first.get(l.subheading);
        if (!p || l.level < p.level || (l.level === p.level && l.code < p.code))
          this.first.set(l.subheading, { row, level: l.level, code: l.code });
      }
    }
  }

  build(examples: readonly EmbeddingExample[]): LineEmbeddings {
    const vectors = this.vectors;
    this.read = new Map();
    const dims = vectors.dimensions;
    const n = this.keys.length;
    const start = this.start.done();
    const all = this.items.done();
    const items = vectors.size <= 0xffff ? Uint16Array.from(all) : all;
    const ownCount = Uint16Array.from(this.own.done());
    const df = new Float32Array(vectors.size);
    for (let i = 0; i < n; i++) for (let k = start[i]; k < start[i] + ownCount[i]; k++) df[items[k]]++;
    const maxIdf = Math.log(1 + n);
    const idf = new Float32Array(vectors.size);
    for (let i = 0; i < idf.length; i++) idf[i] = Math.log(1 + n / (1 + df[i]));

    const subheadings = [...new Set(this.subheadingOf.filter((x): x is string => x !== null))].sort();
    const subRow = new Map(subheadings.map((x, i) => [x, i]));
    const lineSubheading = Int32Array.from(this.subheadingOf, (x) => (x === null ? -1 : (subRow.get(x) ?? -1)));
    const index: LineEmbeddings = {
      dimensions: dims,
      lineKeys: this.keys,
      rowOf: new Map(this.keys.map((k, i) => [k, i])),
      words: { start, items },
      ownCount,
      lineSubheading,
      subheadings,
      subheadingMatrix: new Float32Array(subheadings.length * dims),
      subheadingRows: { start: new Int32Array(subheadings.length + 1), items: new Int32Array(0) },
      examples: [],
      exampleMatrix: new Float32Array(0),
      subheadingLine: new Map([...this.first].map(([sub, f]) => [sub, f.row])),
      idf,
      maxIdf,
    };
    // Centroids: each line's vector added to its subheading's, in row order.
    const rowsStart = index.subheadingRows.start;
    for (let i = 0; i < n; i++) if (lineSubheading[i] >= 0) rowsStart[lineSubheading[i] + 1]++;
    for (let r = 0; r < subheadings.length; r++) rowsStart[r + 1] += rowsStart[r];
    const fill = rowsStart.slice(0, subheadings.length);
    const rowItems = new Int32Array(rowsStart[subheadings.length]);
    const vector = new Float32Array(dims);
    const sums = index.subheadingMatrix;
    for (let i = 0; i < n; i++) {
      const r = lineSubheading[i];
      if (r < 0) continue;
      rowItems[fill[r]++] = i;
      lineVector(index, vectors, i, vector);
      for (let d = 0; d < dims; d++) sums[r * dims + d] += vector[d];
    }
    index.subheadingRows.items = rowItems;
    for (let r = 0; r < subheadings.length; r++) normalize(sums, r * dims, dims);

    const usable = examples
      .map((x) => ({
        term: x.term,
        subheading: x.code.replace(/[^0-9]/g, "").slice(0, 6),
        words: Int32Array.from(new Set(idsOf(vectors, descriptionWords(x.term)))),
      }))
      .filter((x) => x.subheading.length === 6 && x.words.length > 0 && index.subheadingLine.has(x.subheading));
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
    index.examples = usable;
    index.exampleMatrix = exampleMatrix;
    return index;
  }
}

/** The lines' and examples' vectors, all lines at once. */
export function buildLineEmbeddings(
  vectors: WordVectors,
  lines: readonly EmbeddingLine[],
  examples: readonly EmbeddingExample[],
): LineEmbeddings {
  const builder = new LineEmbeddingsBuilder(vectors);
  builder.addLines(lines);
  return builder.build(examples);
}

/** The vector ids of a row's words (its own first). */
export function lineWords(index: LineEmbeddings, row: number): Int32Array | Uint16Array {
  return index.words.items.subarray(index.words.start[row], index.words.start[row + 1]);
}

/** The weights of lineVector (float32, as the build stored them), one buffer for every call. */
let scratch = new Float32Array(64);

/**
 * Writes a line's vector into out[0 … dims): the IDF-weighted mean of its words' vectors, its ancestors'
 * words at ANCESTOR_WEIGHT. The same floats every time (weights rounded to float32 as the build stores them).
 */
export function lineVector(index: LineEmbeddings, vectors: WordVectors, row: number, out: Float32Array): Float32Array {
  const ids = lineWords(index, row);
  const own = index.ownCount[row];
  if (scratch.length < ids.length) scratch = new Float32Array(ids.length * 2);
  const weights = scratch.subarray(0, ids.length);
  for (let k = 0; k < ids.length; k++) weights[k] = index.idf[ids[k]] * (k < own ? 1 : ANCESTOR_WEIGHT);
  weightedMean(vectors, ids, weights, out, 0);
  return out;
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
export function nearestLines(index: LineEmbeddings, vectors: WordVectors, query: QueryEmbedding, k: number): Neighbour[] {
  const dims = index.dimensions;
  const { start, items } = index.subheadingRows;
  const vector = new Float32Array(dims);
  return nearestRows(index.subheadingMatrix, dims, query.vector, k).map((s) => {
    // The first line of the highest cosine (as nearestRows keeps it on ties).
    let best = -1;
    let bestCosine = -Infinity;
    for (let j = start[s.row]; j < start[s.row + 1]; j++) {
      const c = dot(lineVector(index, vectors, items[j], vector), 0, query.vector, 0, dims);
      if (best < 0 || c > bestCosine) {
        best = items[j];
        bestCosine = c;
      }
    }
    return { line: best, cosine: bestCosine };
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
  const matrix = example ? index.exampleMatrix : lineVector(index, vectors, neighbour.line, new Float32Array(dims));
  const row = example ? neighbour.example! : 0;
  const lineIds = example ? example.words : lineWords(index, neighbour.line);
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
