/**
 * A national line that sets a condition of its own ("Toy jewelry valued not over 8 cents per piece",
 * "Golf bags", "Under 3 years of age") beside an "Other" sibling applies only when its terms are met;
 * goods whose seller states none of its words fall to "Other", as the tariff reads its residual lines.
 * The same holds for every step below the subheading: a line under "Rope, curb, cable, chain … in
 * continuous lengths", beside an "Other:" branch, needs the seller to write of chain. Pure.
 */
import { paddedWords } from "./tariff-facts.ts";

/** The tariff's connectives and value words: they set no condition a seller would write. */
export const CONNECTIVES: ReadonlySet<string> = new Set([
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

/**
 * The depth of the first step, from `fromDepth` down, at which a line's path takes a branch that sets a
 * condition the seller does not state beside a residual sibling; null when it takes none.
 * `siblingsAt(i)`: the texts under path[0..i) (path[i] among them); `decided(text)`: a condition the
 * seller's facts decide otherwise (a value condition and a price), not counted here.
 */
export function unstatedBranchDepth(
  path: readonly string[],
  fromDepth: number,
  siblingsAt: (depth: number) => ReadonlySet<string> | undefined,
  sellerWords: ReadonlySet<string>,
  decided: (text: string) => boolean = () => false,
): number | null {
  for (let i = Math.max(1, fromDepth); i < path.length; i++) {
    if (decided(path[i])) continue;
    const siblings = siblingsAt(i);
    if (!siblings || ![...siblings].some((s) => s !== path[i] && isResidualText(s))) continue;
    if (setsUnstatedCondition(path[i], sellerWords)) return i;
  }
  return null;
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
