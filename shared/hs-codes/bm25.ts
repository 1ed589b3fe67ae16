/**
 * BM25F ranking of HS description searches (Robertson & Zaragoza, "The Probabilistic Relevance Framework:
 * BM25 and Beyond", 2009). A line is one document with four fields:
 *
 * - own:    the line's own description (tsvector weight A),
 * - up:     its ancestors' descriptions below the chapter (weight B),
 * - wco:    the WCO text of its 6-digit subheading, national schedules only (weight C),
 * - shared: every imported national schedule's lines under the same 6-digit subheading
 *           (hs_search_subheadings: the US, UK and India lines name goods in everyday words).
 *
 * Per query word t: tf̃ = Σ_fields w_f · tf_f / (1 − b_f + b_f · len_f / avglen_f), and the word's score is
 * qw · idf(t) · tf̃ / (k1 + tf̃), summed over the query's terms. tf_f is 1 or 0 (the word occurs in the field
 * or not): tariff descriptions are short and hardly repeat a word; a phrase alternative's tf_f is the share
 * of its words found in the field. qw is the query-side weight (typed word, synonym, bridge, typo…, and the
 * head of the phrase). Pure functions; score-lines.ts applies them to the candidate lines the database
 * returns, so PGlite and PostgreSQL rank identically.
 */

export type Bm25Field = "own" | "up" | "wco" | "shared";

export const BM25_FIELDS: readonly Bm25Field[] = ["own", "up", "wco", "shared"];

/**
 * BM25F parameters. k1 and b are the textbook values; the field weights say how much a word found in a
 * field tells about the line: its own text most, the headings above it and the shared national texts of
 * its subheading less (they describe every line under them).
 */
export const BM25F = {
  k1: 1.2,
  weight: { own: 1, up: 0.5, wco: 0.5, shared: 0.4 } satisfies Record<Bm25Field, number>,
  b: { own: 0.75, up: 0.5, wco: 0.5, shared: 0.75 } satisfies Record<Bm25Field, number>,
} as const;

/** BM25's idf (never negative): ln(1 + (N − n + 0.5) / (n + 0.5)). */
export function bm25Idf(docs: number, withTerm: number): number {
  return Math.log(1 + (docs - withTerm + 0.5) / (withTerm + 0.5));
}

/** A field's length normaliser 1 − b + b · len / avglen (1 when the collection has no such field). */
export function lengthNorm(field: Bm25Field, length: number, averageLength: number): number {
  if (!(averageLength > 0)) return 1;
  return 1 - BM25F.b[field] + (BM25F.b[field] * length) / averageLength;
}

/** tf̃: per field, the share of the alternative's words found there, weighted and length-normalised. */
export function pseudoFrequency(share: Record<Bm25Field, number>, norm: Record<Bm25Field, number>): number {
  return fieldSum(share.own, share.up, share.wco, share.shared, norm.own, norm.up, norm.wco, norm.shared);
}

/**
 * pseudoFrequency with the fields' shares and normalisers as numbers, summed in BM25_FIELDS order: the
 * scoring's inner loop (every alternative of hundreds of lines per search) then makes no records.
 */
export function fieldSum(
  own: number,
  up: number,
  wco: number,
  shared: number,
  normOwn: number,
  normUp: number,
  normWco: number,
  normShared: number,
): number {
  const w = BM25F.weight;
  return (w.own * own) / normOwn + (w.up * up) / normUp + (w.wco * wco) / normWco + (w.shared * shared) / normShared;
}

/** The saturated score of one query alternative: value (qw · idf) · tf̃ / (k1 + tf̃). */
export function saturatedScore(value: number, tf: number): number {
  return tf > 0 ? (value * tf) / (BM25F.k1 + tf) : 0;
}
