/**
 * Weighted score fusion of BM25F with the embedding side (issue 27). A line's fused score is its BM25F
 * score as a share of the best one (0 when BM25F did not rank it), plus `similarity` × the cosine of the
 * query's vector and the line's, plus `example` × the cosine of the nearest labelled example naming its
 * subheading. Pure.
 *
 * Why not reciprocal rank fusion: measured on the dev half, RRF moved top-5 as much but cost two points of
 * top-1 (a line BM25F ranks far first by score lost its place to one the vectors ranked first);
 * scores keep BM25F's margins (docs/hs-codes.md).
 */

export interface FusionWeights {
  similarity: number;
  example: number;
}

export interface FusedLine {
  key: string;
  score: number;
}

/**
 * `lexical`: BM25F's ranking, best first (scores ≥ 0); `proposed`: lines the vector side adds. Every line
 * once, by fused score; ties keep BM25F's order, then the vector side's, so the order never depends on a
 * sort's stability.
 */
export function fuseScores(
  lexical: ReadonlyArray<{ key: string; score: number }>,
  proposed: readonly string[],
  similarity: (key: string) => number,
  exampleSimilarity: (key: string) => number,
  weights: FusionWeights,
): FusedLine[] {
  const best = lexical.reduce((m, x) => Math.max(m, x.score), 0);
  const place = new Map<string, number>();
  const lexicalScore = new Map<string, number>();
  for (const x of lexical) {
    if (place.has(x.key)) continue;
    place.set(x.key, place.size);
    lexicalScore.set(x.key, x.score);
  }
  for (const key of proposed) if (!place.has(key)) place.set(key, place.size);
  return [...place.keys()]
    .map((key) => ({
      key,
      score:
        (best > 0 ? (lexicalScore.get(key) ?? 0) / best : 0) +
        weights.similarity * similarity(key) +
        weights.example * exampleSimilarity(key),
    }))
    .sort((a, b) => b.score - a.score || place.get(a.key)! - place.get(b.key)!);
}

/**
 * Spread an answer over subheadings (issue 27): each line's score × `factor` to the power of the number
 * of lines of its subheading ranked above it, then sorted again (ties: the order given). A product title
 * matches many national lines of one subheading alike ("Earrings", "Rings", "Other" under 711319); five
 * of them in the first five places show one reading of the title where the next subheadings would show
 * others. The best line of every subheading keeps its score; `groupOf` undefined: a group of its own.
 */
export function spreadOverSubheadings<T extends { key: string; score: number }>(
  ranked: readonly T[],
  groupOf: (key: string) => string | undefined,
  factor: number,
  contextOf?: (key: string) => string | undefined,
): T[] {
  const seen = new Map<string, number>();
  const groupsAbove: string[] = [];
  return ranked
    .map((x, i) => {
      // A chapter or heading line (`contextOf`: the code prefix of the lines under it) gives way as a
      // second line does once a line under it ranks above it: context, not another reading of the title.
      const prefix = contextOf?.(x.key);
      const g = groupOf(x.key);
      const n = prefix !== undefined ? (groupsAbove.some((a) => a.startsWith(prefix)) ? 1 : 0) : g === undefined ? 0 : (seen.get(g) ?? 0);
      if (g !== undefined) {
        if (prefix === undefined) seen.set(g, n + 1);
        groupsAbove.push(g);
      }
      return { x: { ...x, score: x.score * factor ** n }, i };
    })
    .sort((a, b) => b.x.score - a.x.score || a.i - b.i)
    .map((y) => y.x);
}
