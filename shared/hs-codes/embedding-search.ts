/**
 * The embedding side of a description search: the lines nearest the query's vector and the lines of the
 * nearest labelled examples (UK search references), as two rankings for rank fusion with BM25F, and why
 * each line is near, in words. The vectors are built once per process and build (embedding-cache.ts).
 */
import type { Queryable } from "../db/types.ts";
import type { HsSchedule } from "./schedules.ts";
import type { SearchBuild } from "./hs-code-repository.ts";
import { lineEmbeddingsFor } from "./embedding-cache.ts";
import { explainNeighbour, lineVector, nearestExamples, nearestLines, queryEmbedding, type Neighbour } from "./embedding-index.ts";
import type { FusionWeights } from "./rank-fusion.ts";
import { dot } from "./embedding-vectors.ts";

/**
 * The embedding side's parameters, chosen on HSCodeComp's dev half (docs/hs-codes.md lists what was
 * tried): lines and examples proposed, the head noun's extra weight in the query's vector, and the
 * fusion weights (rank-fusion.ts).
 */
export const FUSION = {
  /** Lines of BM25F's ranking that take part in the fusion (at least the page's `limit`). */
  lexicalDepth: 30,
  /** Subheadings whose nearest line the vector side proposes. */
  vectorDepth: 30,
  /** Labelled examples (one line of their subheading each) it proposes. */
  exampleDepth: 10,
  /** Extra weight of the head product noun in the query's vector, beyond its role factor. */
  headWeight: 2,
  /**
   * Least cosine of a line or example the vector side proposes: below it, nothing in the schedule is near
   * the query in meaning ("mare" against a schedule of fish and T-shirts), and the proposal would be noise.
   */
  minSimilarity: 0.5,
  weights: { similarity: 0.5, example: 0.25 } satisfies FusionWeights,
};

/** Why the vector side proposed a line. */
export interface VectorReason {
  /** "embedding": the line's own words are near the query's; "example": a search reference near the query names its subheading. */
  via: "embedding" | "example";
  /** embedding: the query words nearest the line; example: the reference as written. */
  term: string;
  /** embedding: the line's words nearest the query; example: the query words nearest the reference. */
  words: string[];
  /** Cosine of the query's vector and the line's (or the example's), 0–1. */
  similarity: number;
}

export interface VectorSide {
  /** Lines the vector side proposes: per nearest subheading its nearest line, then the lines of the nearest examples. */
  proposed: string[];
  /** Cosine of the query's vector and the line's (0 for a line without a vector). */
  similarity(lineKey: string): number;
  /** Cosine of the query and the nearest labelled example whose subheading the line stands for (0: none among the nearest). */
  exampleSimilarity(lineKey: string): number;
  /**
   * Why the vector side proposed a line (the nearer of its reasons; with `exampleOnly`, the example that
   * named it), or undefined when it did not.
   */
  reason(lineKey: string, exampleOnly?: boolean): VectorReason | undefined;
}

/**
 * The vector side for the query's words, or null when there are no word vectors or no query word has
 * one. `weightOf(word, i)`: the word's weight by its role in the query (0 leaves it out); `head`: index in
 * `tokens` of the head product noun (-1 none).
 */
export async function vectorSide(
  db: Queryable,
  schedule: HsSchedule,
  build: SearchBuild,
  tokens: readonly string[],
  weightOf: (word: string, i: number) => number,
  head: number,
): Promise<VectorSide | null> {
  const loaded = await lineEmbeddingsFor(db, schedule, build);
  if (!loaded) return null;
  const { vectors, index } = loaded;
  const query = queryEmbedding(index, vectors, tokens, (w, i) => weightOf(w, i) * (i === head ? FUSION.headWeight : 1));
  if (!query) return null;
  const near = (n: Neighbour) => n.cosine >= FUSION.minSimilarity;
  const lines = nearestLines(index, vectors, query, FUSION.vectorDepth).filter(near);
  const examples = nearestExamples(index, query, FUSION.exampleDepth).filter(near);
  const byKey = new Map<string, Neighbour>();
  for (const n of [...lines, ...examples]) {
    const key = index.lineKeys[n.line];
    const prev = byKey.get(key);
    if (!prev || n.cosine > prev.cosine) byKey.set(key, n);
  }
  const exampleByKey = new Map(examples.map((n) => [index.lineKeys[n.line], n]));
  const vector = new Float32Array(index.dimensions);
  const similarities = new Map<number, number>();
  return {
    proposed: [...byKey.keys()],
    similarity(lineKey) {
      const row = index.rowOf.get(lineKey);
      if (row === undefined) return 0;
      let c = similarities.get(row);
      if (c === undefined) {
        c = dot(lineVector(index, vectors, row, vector), 0, query.vector, 0, index.dimensions);
        similarities.set(row, c);
      }
      return c;
    },
    exampleSimilarity(lineKey) {
      return exampleByKey.get(lineKey)?.cosine ?? 0;
    },
    reason(lineKey, exampleOnly = false) {
      const n = exampleOnly ? exampleByKey.get(lineKey) : byKey.get(lineKey);
      if (!n) return undefined;
      const { queryWords, lineWords } = explainNeighbour(index, vectors, query, n);
      const similarity = Math.round(Math.max(0, n.cosine) * 1000) / 1000;
      return n.example === undefined
        ? { via: "embedding", term: queryWords.join(" "), words: lineWords, similarity }
        : { via: "example", term: index.examples[n.example].term, words: queryWords, similarity };
    },
  };
}
