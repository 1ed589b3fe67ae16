/**
 * Lines whose own text the title names only in part (issue 27, sixth round). Under General
 * Interpretative Rules 1 and 6 goods fall in a subheading or national line by its terms: "Golf shoes" and
 * "Work footwear" are the answer for golf shoes and work footwear, not for any shoe. BM25F scores the words
 * a line shares with a title and never asks what else the line's own text requires, so a line sharing
 * only "shoes" with "Genuine Leather Sandals … Shoes" outranks the residual line the title fits. A line of
 * level 6 or deeper with two or more distinct stems of its own, of which the query has at least one,
 * takes × (1 − penalty × (1 − share)), share = the query's share of those stems. A line none of whose own
 * words the query has is ranked by its ancestors' words like its siblings and is left alone: national
 * lines such as "Valued not over $40 per piece" say nothing a title would. Pure; the penalty was chosen
 * on HSCodeComp's dev half and checked on the labelled everyday queries (docs/hs-codes.md).
 */
import { ownStemCount, ownStemsFound, type CandidateLine } from "./score-lines.ts";

/** What the factor needs of a candidate line (score-lines.ts CandidateLine has it). */
export interface PartialLineInput {
  level: number;
  /** Distinct stems of the line's own text. */
  ownStems: number;
  /** Of those, how many the query's alternatives have. */
  ownFound: number;
}

export interface PartialLine {
  factor: number;
  /** The query's share of the line's own stems (1 when the rule does not apply). */
  share: number;
}

/** 0 leaves every score as it is. */
export const PARTIAL_LINE_PENALTY = 0.2;

export function partialLineFactor(line: PartialLineInput, penalty: number = PARTIAL_LINE_PENALTY): PartialLine {
  if (penalty === 0 || line.level < 6 || line.ownStems < 2 || line.ownFound === 0) return { factor: 1, share: 1 };
  const share = Math.min(1, line.ownFound / line.ownStems);
  return { factor: 1 - penalty * (1 - share), share };
}

/** matched[]'s rule name on a line the factor lowered (via "rule", effect "disfavour"). */
export const PARTIAL_LINE_RULE = "partial-line";

/** The factor of a candidate line, with the own stems it counted (a result's matched[] names them). */
export function partialOf(line: CandidateLine): PartialLine & { found: string[]; ownStems: number } {
  const found = ownStemsFound(line);
  const ownStems = line.ownWords ?? line.lengths.own;
  return { ...partialLineFactor({ level: line.level, ownStems, ownFound: found.length }), found, ownStems };
}

/**
 * partialOf(line).factor without listing the stems: the ranking asks it of every candidate line (hundreds
 * per search), and counts the found stems only where the rule can apply.
 */
export function partialFactorOf(line: CandidateLine): number {
  const ownStems = line.ownWords ?? line.lengths.own;
  if (line.level < 6 || ownStems < 2) return 1;
  return partialLineFactor({ level: line.level, ownStems, ownFound: ownStemCount(line) }).factor;
}
