/**
 * A national line that sets a condition of its own ("Toy jewelry valued not over 8 cents per piece",
 * "Golf bags", "Under 3 years of age") beside an "Other" sibling applies only when its terms are met;
 * goods whose seller states none of its words fall to "Other", as the tariff reads its residual lines.
 * Pure.
 */
import { paddedWords } from "./tariff-facts.ts";

/** The tariff's connectives and value words: they set no condition a seller would write. */
const CONNECTIVES = new Set([
  "and",
  "for",
  "the",
  "not",
  "nor",
  "per",
  "all",
  "any",
  "its",
  "are",
  "with",
  "without",
  "than",
  "whether",
  "other",
  "others",
  "valued",
  "value",
  "over",
  "under",
  "more",
  "less",
  "each",
  "having",
  "including",
  "kind",
  "used",
  "type",
  "thereof",
  "their",
  "this",
  "that",
  "which",
  "heading",
  "subheading",
  "chapter",
  "note",
  "statistical",
  "described",
]);

export const isResidualText = (text: string) => /^other\b/i.test(text.trim());

/** The words of a seller's text (description and attribute values), as the tariff's texts are read. */
export function wordsOf(text: string): Set<string> {
  return new Set(paddedWords(text).trim().split(" "));
}

/** Whether a line's own text sets a condition none of whose words (four letters or more) the seller wrote. */
export function setsUnstatedCondition(ownText: string, sellerWords: ReadonlySet<string>): boolean {
  if (isResidualText(ownText)) return false;
  const words = paddedWords(ownText)
    .trim()
    .split(" ")
    .filter((w) => w.length >= 4 && !CONNECTIVES.has(w) && !/^[0-9]/.test(w));
  return !words.some((w) => sellerWords.has(w));
}
