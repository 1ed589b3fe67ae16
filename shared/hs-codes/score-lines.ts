/**
 * BM25F scores of the candidate lines of a description search (bm25.ts has the formula). Pure: the
 * repository reads, per candidate, which of the query's stems are in which field and the fields'
 * lengths; the arithmetic runs here, once per stem and field, and is the same on PGlite and PostgreSQL.
 */
import { BM25_FIELDS, fieldSum, lengthNorm, saturatedScore, type Bm25Field } from "./bm25.ts";
import { WEIGHTS, type FieldAverages, type PlannedTerm } from "./query-plan.ts";

/** Where a matched alternative was found, best first: the line's own text, a heading above it, the national texts of its subheading. */
export const MATCH_LEVELS = ["line", "parent", "subheading"] as const;
export type MatchLevel = (typeof MATCH_LEVELS)[number];

export interface CandidateLine {
  lineKey: string;
  code: string;
  level: number;
  subheading: string | null;
  /** Field lengths (distinct stems): own, up (ancestors), wco (the WCO subheading text), shared (national texts of the subheading). */
  lengths: Record<Bm25Field, number>;
  /** The query's stems found in the line, with the fields they are in (FIELD_BITS or-ed; never 0). */
  found: ReadonlyMap<string, number>;
  /**
   * Distinct stems of the own text that have a letter: not numbers such as the US textile category
   * "(338)" or "$40", which no title names (partial-lines.ts). Absent: lengths.own.
   */
  ownWords?: number;
}

/** A field's bit in CandidateLine.found: a number per stem instead of a set (thousands of lines per search). */
export const FIELD_BITS: Readonly<Record<Bm25Field, number>> = { own: 1, up: 2, wco: 4, shared: 8 };

/** The query's stems found in the line's own text (not only its ancestors' or its subheading's). */
export function ownStemsFound(line: CandidateLine): string[] {
  const out: string[] = [];
  for (const [stem, bits] of line.found) if (bits & FIELD_BITS.own) out.push(stem);
  return out;
}

/** How many of the query's stems are in the line's own text: ownStemsFound's length, with no list made. */
export function ownStemCount(line: CandidateLine): number {
  let n = 0;
  for (const bits of line.found.values()) if (bits & FIELD_BITS.own) n++;
  return n;
}

/** The fields of a bit mask (tests, explanations). */
export function fieldsOf(bits: number): Bm25Field[] {
  return BM25_FIELDS.filter((f) => (bits & FIELD_BITS[f]) !== 0);
}

/** Scores added to lines for the search references the query matched (search-references.ts), by line key. */
export type ReferenceBonus = ReadonlyMap<string, number>;

/**
 * The line each matched reference names, among the candidates: in its subheading, the line with the
 * referenced code, else the one sharing the most leading digits with it, then the lower level, then the
 * code (a US or EU line for a UK code). One line per reference: a reference names one code, and giving
 * every line of its subheading the bonus would fill the answer with one subheading.
 */
export function referencedLines<T extends { subheading: string; code: string }>(
  candidates: readonly CandidateLine[],
  references: readonly T[],
): Map<string, T> {
  const chosen = new Map<string, T>();
  for (const m of references) {
    let best: CandidateLine | undefined;
    let bestPrefix = -1;
    for (const l of candidates) {
      if (l.subheading !== m.subheading) continue;
      let p = 0;
      while (p < l.code.length && p < m.code.length && l.code[p] === m.code[p]) p++;
      if (p === m.code.length && l.code.length === m.code.length) p = Number.MAX_SAFE_INTEGER;
      if (!best || p > bestPrefix || (p === bestPrefix && (l.level < best.level || (l.level === best.level && l.code < best.code)))) {
        best = l;
        bestPrefix = p;
      }
    }
    if (best && !chosen.has(best.lineKey)) chosen.set(best.lineKey, m);
  }
  return chosen;
}

export interface ScoredLine {
  line: CandidateLine;
  score: number;
  /**
   * Per alternative, terms in order (alternativeOrder): its score, and the index in MATCH_LEVELS of where
   * it was found (-1 nowhere). Typed arrays of the exact length: one pair per candidate line per search.
   */
  alternativeScores: ArrayLike<number>;
  alternativeLevels: ArrayLike<number>;
}

/** Chapter and heading titles are context, not answers: a chapter's score counts 0.4, a heading's 0.75. */
export function levelFactor(level: number): number {
  return level === 2 ? 0.4 : level === 4 ? 0.75 : 1;
}

/** The [term, alternative] index of each entry of ScoredLine.alternativeScores. */
export function alternativeOrder(terms: readonly PlannedTerm[]): Array<[number, number]> {
  return terms.flatMap((t, ti) => t.alternatives.map((_, ai) => [ti, ai] as [number, number]));
}

const noBonus: ReferenceBonus = new Map();

/**
 * A line's BM25F score: per term, its best alternative's saturated score (the last term, the head of the
 * phrase, × WEIGHTS.headTerm); a phrase alternative counts only when each of its words is somewhere in
 * the line's fields. Plus the search-reference bonuses, all × the level factor. A field the collection
 * does not have (average length 0: the WCO schedule has no WCO-subheading field) never matches.
 */
export function scoreLine(
  terms: readonly PlannedTerm[],
  averages: FieldAverages,
  line: CandidateLine,
  bonus: ReferenceBonus = noBonus,
): ScoredLine {
  // Numbers, not per-field records (bm25.ts fieldSum): hundreds of candidate lines × every alternative
  // are scored per search.
  const normOwn = lengthNorm("own", line.lengths.own, averages.own);
  const normUp = lengthNorm("up", line.lengths.up, averages.up);
  const normWco = lengthNorm("wco", line.lengths.wco, averages.wco);
  const normShared = lengthNorm("shared", line.lengths.shared, averages.shared);
  // The fields the collection has: a stem counts only there.
  let present = 0;
  for (const f of BM25_FIELDS) if (averages[f] > 0) present |= FIELD_BITS[f];
  let count = 0;
  for (const t of terms) count += t.alternatives.length;
  const alternativeScores = new Float64Array(count);
  const alternativeLevels = new Int8Array(count);
  let k = 0;
  let total = 0;
  for (let ti = 0; ti < terms.length; ti++) {
    const t = terms[ti];
    const factor = t.factor ?? (ti === terms.length - 1 && terms.length > 1 ? WEIGHTS.headTerm : 1);
    let best = 0;
    for (const a of t.alternatives) {
      let own = 0;
      let up = 0;
      let wco = 0;
      let shared = 0;
      let anyFound = false;
      let everywhere = true;
      for (const s of a.stems) {
        const found = line.found.get(s);
        if (found !== undefined) anyFound = true;
        const bits = (found ?? 0) & present;
        if (bits === 0) everywhere = false;
        if (bits & 1) own++;
        if (bits & 2) up++;
        if (bits & 4) wco++;
        if (bits & 8) shared++;
      }
      if (!anyFound) {
        alternativeLevels[k++] = -1;
        continue;
      }
      const n = a.stems.length;
      const shareOwn = own / n;
      const shareUp = up / n;
      const shareWco = wco / n;
      const shareShared = shared / n;
      const tf = fieldSum(shareOwn, shareUp, shareWco, shareShared, normOwn, normUp, normWco, normShared);
      const score = n > 1 && !everywhere ? 0 : saturatedScore(a.value * factor, tf);
      alternativeScores[k] = score;
      alternativeLevels[k++] = shareOwn > 0 ? 0 : shareUp + shareWco > 0 ? 1 : shareShared > 0 ? 2 : -1;
      if (score > best) best = score;
    }
    total += best;
  }
  const references = bonus.get(line.lineKey) ?? 0;
  return { line, score: (total + references) * levelFactor(line.level), alternativeScores, alternativeLevels };
}

/**
 * The best `limit` lines: score, then the shorter code (a heading before its lines), then code order.
 * `factorOf`: a factor on each line's score before the cut (the reading rules, reading-rules.ts);
 * `withinHeading`: how a rule that reads the subheading, not the heading, moves a line. A line it raises
 * stops at its heading's best unmoved score, and takes at least the unmoved score of a line it lowers
 * among its siblings (`siblingGroup`): "dresses of wool" ranked by the title's words hands its place to
 * "dresses of synthetic fibres", since what ranked it is the garment, not the fibre.
 */
export function rankLines(
  terms: readonly PlannedTerm[],
  averages: FieldAverages,
  lines: readonly CandidateLine[],
  limit: number,
  bonus: ReferenceBonus = noBonus,
  factorOf?: (line: CandidateLine) => number,
  withinHeading?: (line: CandidateLine) => "favour" | "disfavour" | null,
): ScoredLine[] {
  const scored = lines.map((l) => scoreLine(terms, averages, l, bonus));
  // A line moved only within its heading rises at most to the best score its heading had unmoved, and to
  // at least the unmoved score of a sibling the same reading lowers.
  const best = new Map<string, number>();
  const lowered = new Map<string, number>();
  const moves = withinHeading ? scored.map((s) => withinHeading(s.line)) : [];
  if (withinHeading)
    scored.forEach((s, i) => {
      const h = s.line.code.slice(0, 4);
      if (s.score > (best.get(h) ?? 0)) best.set(h, s.score);
      const g = siblingGroup(s.line.code);
      if (moves[i] === "disfavour" && s.score > (lowered.get(g) ?? 0)) lowered.set(g, s.score);
    });
  // Of a raised subheading's lines only its best is raised: the others, alike, would crowd the other
  // headings out of the cut (the page shows one line per subheading first anyway).
  const heir = new Map<string, number>();
  scored.forEach((s, i) => {
    if (moves[i] !== "favour") return;
    const k = s.line.subheading ?? s.line.code;
    const at = heir.get(k);
    if (at === undefined || before(s, scored[at]) < 0) heir.set(k, i);
  });
  if (factorOf)
    scored.forEach((s, i) => {
      const moved = s.score * factorOf(s.line);
      if (moves[i] !== "favour" || moved <= s.score) {
        s.score = moved;
        return;
      }
      if (heir.get(s.line.subheading ?? s.line.code) !== i) return;
      const cap = best.get(s.line.code.slice(0, 4)) ?? 0;
      s.score = Math.max(s.score, Math.min(moved, cap), lowered.get(siblingGroup(s.line.code)) ?? 0);
    });
  return scored.sort(before).slice(0, limit);
}

/** Rank order: score, then the shorter code (a heading before its lines), then code order. */
function before(a: ScoredLine, b: ScoredLine): number {
  return b.score - a.score || a.line.level - b.line.level || (a.line.code < b.line.code ? -1 : a.line.code > b.line.code ? 1 : 0);
}

/**
 * The subheadings a 6-digit code is an alternative to: those under the same one-dash subheading
 * (6204.41–6204.49 under 6204.4), or, for a one-dash subheading itself (6201.20, 6201.40), the heading's.
 */
export function siblingGroup(code: string): string {
  return code.length >= 6 && code[5] !== "0" ? code.slice(0, 5) : code.slice(0, 4);
}
