/**
 * A heading (4-digit) classifier over the tariff's own words (issue 27): per heading, how often each stem
 * occurs in its lines' own descriptions and in its subheadings' national texts, a multinomial naive
 * Bayes model with Dirichlet smoothing. It reads a title as a whole: "charms pendants necklace earrings
 * jewelry" are spread over the lines of one heading, where BM25F scores each line on the few words of
 * its own text. Built once per line index (a schedule build) from the index in memory; no data beyond
 * the imported schedules.
 */
import { FIELD_BITS, type ScoredLine } from "./score-lines.ts";
import { WEIGHTS, type AlternativeSource, type PlannedTerm } from "./query-plan.ts";
import type { LineIndex } from "./line-index.ts";

/** The classes: headings (subheadings, 6, were tried and lost 1–4 points, docs/hs-codes.md). */
export const PRIOR_DIGITS = 4;

export interface HeadingModel {
  headingIds: Map<string, number>;
  /** Per heading, its stem count (Σ over stems of their counts). */
  size: Float64Array;
  /** Per stem id, the headings using it (ascending) and how often: heads/counts[start[s] … start[s+1]). */
  start: Int32Array;
  heads: Int32Array;
  counts: Int32Array;
  /** Per stem id, its share of all stem counts (the background model). */
  background: Float64Array;
}

const models = new WeakMap<LineIndex, HeadingModel>();

/** The heading model of an index, built on first use and kept with it. */
export function headingModelFor(index: LineIndex): HeadingModel {
  let m = models.get(index);
  if (!m) {
    m = buildHeadingModel(index);
    models.set(index, m);
  }
  return m;
}

export function buildHeadingModel(index: LineIndex): HeadingModel {
  const headingIds = new Map<string, number>();
  const headingOf = (code: string): number => {
    const h = code.slice(0, PRIOR_DIGITS);
    let id = headingIds.get(h);
    if (id === undefined) {
      id = headingIds.size;
      headingIds.set(h, id);
    }
    return id;
  };
  const stemCount = index.stemIds.size;
  // Per stem, heading → count, while counting.
  const byStem: Array<Map<number, number> | undefined> = new Array(stemCount);
  const add = (s: number, h: number) => {
    let m = byStem[s];
    if (!m) {
      m = new Map();
      byStem[s] = m;
    }
    m.set(h, (m.get(h) ?? 0) + 1);
  };
  const { lineTerms, lineBits } = index;
  for (let i = 0; i < index.lineCount; i++) {
    if (index.searchable[i] === 0 || index.codes[i].length < PRIOR_DIGITS) continue;
    const h = headingOf(index.codes[i]);
    for (let k = lineTerms.start[i]; k < lineTerms.start[i + 1]; k++) if (lineBits[k] & FIELD_BITS.own) add(lineTerms.items[k], h);
  }
  const { subTerms } = index;
  for (let j = 0; j < index.subKeys.length; j++) {
    const h = headingOf(index.subKeys[j]);
    for (let k = subTerms.start[j]; k < subTerms.start[j + 1]; k++) add(subTerms.items[k], h);
  }
  const start = new Int32Array(stemCount + 1);
  for (let s = 0; s < stemCount; s++) start[s + 1] = start[s] + (byStem[s]?.size ?? 0);
  const heads = new Int32Array(start[stemCount]);
  const counts = new Int32Array(start[stemCount]);
  const size = new Float64Array(headingIds.size);
  const background = new Float64Array(stemCount);
  let all = 0;
  for (let s = 0; s < stemCount; s++) {
    const m = byStem[s];
    if (!m) continue;
    const entries = [...m.entries()].sort((a, b) => a[0] - b[0]);
    let k = start[s];
    for (const [h, c] of entries) {
      heads[k] = h;
      counts[k++] = c;
      size[h] += c;
      background[s] += c;
      all += c;
    }
  }
  for (let s = 0; s < stemCount; s++) background[s] /= all;
  return { headingIds, size, start, heads, counts, background };
}

function countOf(m: HeadingModel, stem: number, heading: number): number {
  let lo = m.start[stem];
  let hi = m.start[stem + 1] - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const h = m.heads[mid];
    if (h === heading) return m.counts[mid];
    if (h < heading) lo = mid + 1;
    else hi = mid - 1;
  }
  return 0;
}

/** A query term for the classifier: its readings (stem ids with a weight each) and its role's factor. */
export interface PriorTerm {
  factor: number;
  readings: ReadonlyArray<{ stems: readonly number[]; weight: number }>;
}

/** Dirichlet smoothing of a heading's counts towards the background (in stem counts). */
export const HEADING_SMOOTHING = 200;

/**
 * Per heading asked for, the query's log-likelihood ratio against the background, per unit of term
 * factor: Σ terms factor × the best reading's weight × mean over its stems of
 * log(P(stem | heading) / P(stem)), ÷ Σ factors. Terms the schedule does not have count nothing.
 */
export function headingScores(m: HeadingModel, terms: readonly PriorTerm[], headings: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  let factors = 0;
  for (const t of terms) factors += t.factor;
  for (const code of headings) {
    const h = m.headingIds.get(code);
    if (h === undefined || factors === 0) {
      out.set(code, Number.NEGATIVE_INFINITY);
      continue;
    }
    const n = m.size[h];
    let total = 0;
    for (const t of terms) {
      let best = Number.NEGATIVE_INFINITY;
      for (const r of t.readings) {
        let sum = 0;
        let used = 0;
        for (const s of r.stems) {
          const p = m.background[s];
          if (!(p > 0)) continue;
          sum += Math.log((countOf(m, s, h) + HEADING_SMOOTHING * p) / (n + HEADING_SMOOTHING) / p);
          used++;
        }
        if (used > 0) best = Math.max(best, r.weight * (sum / used));
      }
      if (best > Number.NEGATIVE_INFINITY) total += t.factor * best;
    }
    out.set(code, total / factors);
  }
  return out;
}

/** Weight of the heading classifier's margin against BM25F's best score: chosen on HSCodeComp's dev half (docs/hs-codes.md). */
export const HEADING_PRIOR = 0.25;

const READING_WEIGHT: Readonly<Record<AlternativeSource, number>> = {
  query: WEIGHTS.query,
  synonym: WEIGHTS.synonym,
  typo: WEIGHTS.typo,
  bridge: WEIGHTS.bridge,
  completion: WEIGHTS.completion,
  abbreviation: WEIGHTS.abbreviation,
  split: WEIGHTS.split,
  rule: WEIGHTS.rule,
};

/** The planned terms as the classifier reads them: their stems' ids, each reading weighted by its source. */
export function priorTerms(index: LineIndex, planned: readonly PlannedTerm[]): PriorTerm[] {
  return planned.map((t) => ({
    factor: t.factor ?? 1,
    readings: t.alternatives.map((a) => ({
      stems: a.stems.map((st) => index.stemIds.get(st)).filter((id): id is number => id !== undefined),
      weight: READING_WEIGHT[a.via],
    })),
  }));
}

/**
 * BM25F's ranking with each line's heading judged by the heading classifier: + HEADING_PRIOR × the best
 * score × (the heading's score − the best candidate heading's), sorted again (ties: BM25F's order).
 */
export function withHeadingPrior(
  model: HeadingModel,
  index: LineIndex,
  planned: readonly PlannedTerm[],
  lexical: readonly ScoredLine[],
): Array<{ key: string; score: number }> {
  const plain = lexical.map((x) => ({ key: x.line.lineKey, score: x.score }));
  if (lexical.length === 0) return plain;
  const terms = priorTerms(index, planned);
  const headings = [...new Set(lexical.map((x) => x.line.code.slice(0, PRIOR_DIGITS)))];
  const scores = headingScores(model, terms, headings);
  let top = Number.NEGATIVE_INFINITY;
  for (const v of scores.values()) top = Math.max(top, v);
  const best = lexical.reduce((m, x) => Math.max(m, x.score), 0);
  if (!Number.isFinite(top)) return plain;
  return lexical
    .map((x, i) => {
      const h = scores.get(x.line.code.slice(0, PRIOR_DIGITS)) ?? Number.NEGATIVE_INFINITY;
      const margin = Number.isFinite(h) ? h - top : -1;
      return { key: x.line.lineKey, score: Math.max(0, x.score + HEADING_PRIOR * best * margin), i };
    })
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map(({ key, score }) => ({ key, score }));
}
