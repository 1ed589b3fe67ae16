/**
 * How a customs classifier reads a product title (issue 27): rules of the tariff's legal notes and the HS
 * Explanatory Notes' usual readings that neither the tariff's words nor a model of them encode. One table,
 * one source of truth; pure functions. A rule fires on cue words of the title and moves the lines under
 * some code prefixes up (favour) or down (disfavour) before BM25F's best lines are cut; it may also add
 * the tariff's own words for what the cue names (`reads`), so that the favoured lines are among the
 * candidates at all (7116's texts say "precious or semi-precious stones", never "zircon").
 *
 * Within a group the rules are tried in order and the first that fires wins: a title stating a precious
 * metal is 7113 whatever stones it names (Note 9 of chapter 71), loose stones and beads of stone sold as
 * beads are unset before stones make an article 7116, stones decide before plating or base metal does
 * (Note 11), PU "leather" is plastics before "leather" is leather (Note 4 of chapter 64). A garment's fibre
 * decides its subheading, never its heading (`withinHeading`).
 */
import { foldHsText } from "./normalize.ts";
import { READING_RULES, type ReadingRule, type ReadingRuleGroup } from "./reading-rules/reading-rule-table.ts";

export { READING_RULES, type ReadingRule, type ReadingRuleGroup };

/** Factors of a fired rule on a line's BM25F score: chosen on HSCodeComp's dev half (docs/hs-codes.md). */
export const RULE_FACTORS = { favour: 1.5, disfavour: 0.6 };

/** The groups in force (all; tests and measurements may pass fewer to firedRules). */
export const READING_RULE_GROUPS: readonly ReadingRuleGroup[] = ["jewellery", "footwear", "garments", "garment-sets", "bags"];

/** A rule that fired on a title, with the words that fired it (matched[]'s term). */
export interface FiredRule {
  rule: ReadingRule;
  cue: string;
}

/** The title as words separated by single spaces, padded: cues match whole words and phrases. */
export function wordsOfTitle(title: string): string {
  const folded = foldHsText(title).toLowerCase().replace(/'s\b/g, "").replace(/'/g, "");
  return ` ${folded.replace(/[^a-z0-9]+/g, " ").trim()} `;
}

/** The first of `phrases` the title has (a trailing "s" or "es" allowed), or null. */
export function firstFound(words: string, phrases: readonly string[]): string | null {
  for (const p of phrases) {
    const phrase = p.replace(/[^a-z0-9]+/g, " ").trim();
    if (words.includes(` ${phrase} `) || words.includes(` ${phrase}s `) || words.includes(` ${phrase}es `)) return p;
  }
  return null;
}

/** The words before the title's first "for" (padded as `words` is): what the goods are, not what they are for. */
function productPart(words: string): string {
  const at = words.indexOf(" for ");
  return at < 0 ? words : `${words.slice(0, at)} `;
}

/** The rules a title fires: per group, the first rule in table order whose scope and cue it has. */
export function firedRules(title: string, groups: readonly ReadingRuleGroup[] = READING_RULE_GROUPS): FiredRule[] {
  const words = wordsOfTitle(title);
  const out: FiredRule[] = [];
  const decided = new Set<ReadingRuleGroup>();
  for (const rule of READING_RULES) {
    if (decided.has(rule.group) || !groups.includes(rule.group)) continue;
    if (rule.scope && firstFound(words, rule.scope) === null) continue;
    const cue = firstFound(words, rule.when);
    if (cue === null || (rule.unless && firstFound(words, rule.unless) !== null)) continue;
    if (rule.unlessInProduct && firstFound(productPart(words), rule.unlessInProduct) !== null) continue;
    out.push({ rule, cue });
    decided.add(rule.group);
  }
  return out;
}

/** A line's factor under the fired rules, and the rules that moved it (none: factor 1). */
export function ruleFactor(fired: readonly FiredRule[], code: string): { factor: number; moved: FiredRule[] } {
  let factor = 1;
  const moved: FiredRule[] = [];
  for (const f of fired) {
    if (f.rule.favour.some((p) => code.startsWith(p))) {
      factor *= RULE_FACTORS.favour;
      moved.push(f);
    } else if (f.rule.disfavour.some((p) => code.startsWith(p))) {
      factor *= RULE_FACTORS.disfavour;
      moved.push(f);
    }
  }
  return { factor, moved };
}

/** How the fired rules that read only the subheading (`withinHeading`) move a line: up, down or not at all. */
export function withinHeadingMove(fired: readonly FiredRule[], code: string): "favour" | "disfavour" | null {
  for (const f of fired) {
    if (!f.rule.withinHeading) continue;
    if (f.rule.favour.some((p) => code.startsWith(p))) return "favour";
    if (f.rule.disfavour.some((p) => code.startsWith(p))) return "disfavour";
  }
  return null;
}

/**
 * The schedule's subheadings (of `subheadings`) whose lines the fired rules bring as candidates
 * (`bringsLines`). A rule that reads only the subheading (`withinHeading`) brings them only under the
 * headings in `headings` (those the title's words already reached): it picks a heading's subheading and
 * never proposes a heading of its own.
 */
export function broughtSubheadings(
  fired: readonly FiredRule[],
  subheadings: Iterable<string>,
  headings: ReadonlySet<string> = new Set(),
): string[] {
  const brings = fired.filter((f) => f.rule.bringsLines);
  if (brings.length === 0) return [];
  return [...subheadings].filter((k) =>
    brings.some((f) => (!f.rule.withinHeading || headings.has(k.slice(0, 4))) && f.rule.favour.some((p) => k.startsWith(p))),
  );
}
