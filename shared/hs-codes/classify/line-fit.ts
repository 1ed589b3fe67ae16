/**
 * How well a line fits what the seller states, read from the tariff's own distinctions (issue 41). A
 * line is the path of texts from its heading down; at each step the line's text is one of its siblings'
 * (the lines under the same parent). Where the siblings state a fact of one kind (a fibre, a material,
 * a gender, knitted or not: tariff-facts.ts) and the seller states one of that kind, the line's text
 * agrees (+), contradicts (−), or is the siblings' residual ("Other", "Of other textile materials"):
 * right when the seller's fact is none the siblings name, wrong when it is. A fact the seller does not
 * state decides nothing. The goods an item type names count where a text names them. Pure.
 */
import type { FactDimension, FactWeights } from "./tariff-facts.ts";
import { paddedWords, statedFacts } from "./tariff-facts.ts";
import { memoizeText } from "../../text/memoize.ts";
import { pathPrefix } from "./path-prefix.ts";
import { meetsValueCondition, readValueCondition } from "./value-condition.ts";

/** A fit's weight in the score: score × e^(FIT_WEIGHT × fit). Chosen on HSCodeComp's dev half. */
export const FIT_WEIGHT = 0.25;
/** What a residual sibling earns when the seller's fact is none its siblings name. */
const RESIDUAL_FIT = 0.5;
/** What a text naming the goods of the item type earns. */
const GOODS_FIT = 0.5;

export interface FitInput {
  facts: FactWeights;
  /** Words naming the goods (item type, category), folded and singular. */
  goods: readonly string[];
  /** The seller's unit price in US dollars (value-condition.ts), when given. */
  unitPrice?: number | null;
  /**
   * The depth of the first step whose condition the seller does not state beside an "Other" sibling
   * (unstated-condition.ts), if any. Below it, a residual fit is no evidence: the goods fit "Other" there
   * only if the branch above applies at all, and a line that left at that step for "Other" has no deeper
   * step to earn the same fit ("Children's products" > … > "Other" (not of rubber) against the
   * heading's "Other").
   */
  conditionalFrom?: number | null;
}

/** The children texts of every path prefix of the lines (a heading's tree), keyed by the prefix joined with " > ". */
export function childrenOf(paths: readonly (readonly string[])[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const p of paths) {
    for (let i = 1; i < p.length; i++) {
      const key = pathPrefix(p, i);
      let set = out.get(key);
      if (!set) out.set(key, (set = new Set()));
      set.add(p[i]);
    }
  }
  return out;
}

/** Facts by dimension, as statedFacts gives them. */
type Facts = ReadonlyMap<FactDimension, ReadonlySet<string>>;
const NONE: Facts = new Map();

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((x) => b.has(x));

const dimensionsOf = new WeakMap<ReadonlySet<string>, ReadonlySet<FactDimension>>();
/**
 * The dimensions the siblings' texts tell them apart by, in the order the siblings state them first;
 * remembered per siblings set (a heading's tree is kept per its lines, classify-service.ts, and a set's
 * ancestors are always the same), as every line under the same parent asks it again. A dimension every
 * stating sibling only restates from the ancestors (`givenAbove`, read on the first ask only) tells nothing: "Of reptile leather" beside
 * "Other" under "Articles … of leather" parts on reptile, which no fact names, not on leather. Where the
 * siblings differ in it ("Of precious metal" / "Of base metal clad with precious metal") it counts.
 */
function siblingDimensions(siblings: ReadonlySet<string>, givenAbove: () => Facts): ReadonlySet<FactDimension> {
  let dimensions = dimensionsOf.get(siblings);
  if (!dimensions) {
    const given = givenAbove();
    const found = new Set<FactDimension>();
    const narrows = new Set<FactDimension>();
    for (const s of siblings)
      for (const [d, ids] of statedFacts(s)) {
        found.add(d);
        const g = given.get(d);
        if (!g || !sameSet(ids, g)) narrows.add(d);
      }
    dimensions = new Set([...found].filter((d) => narrows.has(d)));
    dimensionsOf.set(siblings, dimensions);
  }
  return dimensions;
}

/** "Of other precious metal", "Of other base metal": the text's facts, less those a sibling names ("Of silver"). */
const OF_OTHER = /\bof other\b/i;
const ownFactsOf = new WeakMap<ReadonlySet<string>, Map<string, ReadonlyMap<FactDimension, ReadonlySet<string>>>>();

/** The facts a line's text states among its siblings, "of other …" read as the tariff reads it. Remembered per siblings set. */
function ownFacts(text: string, siblings: ReadonlySet<string>): ReadonlyMap<FactDimension, ReadonlySet<string>> {
  const stated = statedFacts(text);
  if (!OF_OTHER.test(text) || stated.size === 0) return stated;
  let bySet = ownFactsOf.get(siblings);
  if (!bySet) ownFactsOf.set(siblings, (bySet = new Map()));
  let out = bySet.get(text);
  if (!out) {
    const named = new Set<string>();
    for (const s of siblings)
      if (s !== text && !OF_OTHER.test(s)) for (const ids of statedFacts(s).values()) for (const id of ids) named.add(id);
    out = new Map([...stated].map(([d, ids]) => [d, new Set([...ids].filter((id) => !named.has(id)))] as const));
    bySet.set(text, out);
  }
  return out;
}

/**
 * A text that states facts of a dimension the seller names: + the weight of the best one the seller
 * names, −1 when the seller names none of them.
 */
function statedFit(
  text: string,
  dimension: FactDimension,
  mine: ReadonlySet<string>,
  named: ReadonlyMap<string, number>,
  reasons?: FitReason[],
): number {
  const agree = Math.max(0, ...[...mine].map((id) => named.get(id) ?? 0));
  reasons?.push({ text, dimension, effect: agree > 0 ? "agrees" : "contradicts" });
  return agree > 0 ? agree : -1;
}

/** The fit of one step: `text` among `siblings` (itself included). */
export function stepFit(
  text: string,
  siblings: ReadonlySet<string>,
  facts: FactWeights,
  reasons?: FitReason[],
  residualCounts = true,
  givenAbove: () => Facts = () => NONE,
): number {
  if (siblings.size < 2) return 0;
  const own = ownFacts(text, siblings);
  let fit = 0;
  for (const d of siblingDimensions(siblings, givenAbove)) {
    const named = facts.get(d);
    if (!named || named.size === 0) continue;
    const mine = own.get(d);
    if (mine && mine.size > 0) fit += statedFit(text, d, mine, named, reasons);
    else {
      // A residual sibling: the seller's fact goes here when no sibling states it.
      let covered = 0;
      for (const s of siblings) for (const id of statedFacts(s).get(d) ?? []) covered = Math.max(covered, named.get(id) ?? 0);
      if (covered === 0 && !residualCounts) continue;
      fit += covered > 0 ? -covered : RESIDUAL_FIT;
      reasons?.push({ text, dimension: d, effect: covered > 0 ? "contradicts" : "residual" });
    }
  }
  return fit;
}

/** Words folded and made singular enough to compare ("Dresses" → "dress", "PENDANTS" → "pendant"). Remembered per text; read only. */
export const singularWords: (text: string) => readonly string[] = memoizeText((text: string) =>
  paddedWords(text)
    .trim()
    .split(" ")
    .filter((w) => w.length >= 3)
    .map((w) =>
      w
        .replace(/'s?$/, "")
        .replace(/(s|x|ch|sh)es$/, "$1")
        .replace(/([^s])s$/, "$1"),
    ),
);

/** The facts the steps of a path above step `i` state, which step `i` cannot tell its siblings apart by. */
function factsAbove(path: readonly string[], i: number): Facts {
  const out = new Map<FactDimension, Set<string>>();
  for (const text of path.slice(0, i))
    for (const [d, ids] of statedFacts(text)) {
      const set = out.get(d);
      if (set) for (const id of ids) set.add(id);
      else out.set(d, new Set(ids));
    }
  return out;
}

/** The dimensions a heading's own text is compared on: the search chose it on its words, not its facts. */
const HEADING_DIMENSIONS: readonly FactDimension[] = ["construction"];

/**
 * The fit of a line's heading: the headings in play are not siblings of one node (6104 and 6204 sit in
 * different chapters), so no residual is read; a fact the heading's text states ("…, knitted or
 * crocheted") agrees with or contradicts the seller's. A heading that states none (chapter 62's, whose
 * "not knitted" is in the chapter's title) neither gains nor loses.
 */
export function headingFit(text: string, facts: FactWeights, reasons?: FitReason[]): number {
  const stated = statedFacts(text);
  let fit = 0;
  for (const d of HEADING_DIMENSIONS) {
    const mine = stated.get(d);
    const named = facts.get(d);
    if (mine && mine.size > 0 && named && named.size > 0) fit += statedFit(text, d, mine, named, reasons);
  }
  return fit;
}

/**
 * The fit of one step by the seller's unit price: a line "Valued not over $40 per piece" whose condition
 * the price fails, or the residual "Other" beside a condition the price meets, loses 1. A met condition
 * earns nothing: only lines that share value siblings compete on it, and a bonus would lift every line
 * under a value split above lines of subheadings that have none.
 */
export function valueFit(text: string, siblings: ReadonlySet<string>, unitPrice: number, reasons?: FitReason[]): number {
  if (siblings.size < 2) return 0;
  const own = readValueCondition(text);
  if (own) {
    const ok = meetsValueCondition(own, unitPrice);
    reasons?.push({ text, dimension: "value", effect: ok ? "agrees" : "contradicts" });
    return ok ? 0 : -1;
  }
  let conditions = 0;
  let met = false;
  for (const s of siblings) {
    const c = s === text ? null : readValueCondition(s);
    if (!c) continue;
    conditions++;
    if (meetsValueCondition(c, unitPrice)) met = true;
  }
  if (conditions === 0) return 0;
  reasons?.push({ text, dimension: "value", effect: met ? "contradicts" : "residual" });
  return met ? -1 : 0;
}

/**
 * Why a line's fit moved: its text `text` agrees with or contradicts a fact of `dimension` the seller
 * stated, is the residual of siblings none of which states it, or names the goods of the item type.
 */
export interface FitReason {
  text: string;
  dimension: FactDimension | "goods" | "value";
  effect: "agrees" | "contradicts" | "residual";
}

/** A line's fit: each step of its path among its siblings, and the goods named in its texts. */
export function lineFit(
  path: readonly string[],
  children: ReadonlyMap<string, ReadonlySet<string>>,
  input: FitInput,
): { fit: number; reasons: FitReason[] } {
  let fit = 0;
  const reasons: FitReason[] = [];
  if (path.length > 0) fit += headingFit(path[0], input.facts, reasons);
  for (let i = 1; i < path.length; i++) {
    const siblings = children.get(pathPrefix(path, i));
    const conditional = input.conditionalFrom != null && i > input.conditionalFrom;
    if (siblings) fit += stepFit(path[i], siblings, input.facts, reasons, !conditional, () => factsAbove(path, i));
    if (siblings && input.unitPrice != null) fit += valueFit(path[i], siblings, input.unitPrice, reasons);
  }
  if (input.goods.length > 0) {
    const goods = new Set(input.goods);
    // Once per line, not per level that repeats the goods' name.
    const naming = path.find((t) => singularWords(t).some((w) => goods.has(w)));
    if (naming !== undefined) {
      fit += GOODS_FIT;
      reasons.push({ text: naming, dimension: "goods", effect: "agrees" });
    }
  }
  return { fit, reasons };
}
