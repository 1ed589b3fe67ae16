/**
 * Misspelt legal-form words in a screened name ("limitd", "compnay", "ld"): they say nothing about
 * identity, so an unaligned one barely lowers the score.
 */
import { osaDistance } from "../../../text/edit-distance.ts";
import { legalFormWords } from "../normalize-name.ts";
import { deletionsOf } from "./make-token-variants.ts";

/**
 * Legal-form words of 4+ letters with their one-character deletions, and the words of up to 4 letters.
 * Built once from fixed word lists when the module loads (a few thousand short strings) and never changed.
 */
const { neighbourhood: LEGAL_NEIGHBOURHOOD, shortWords: SHORT_LEGAL_WORDS } = ((): {
  neighbourhood: ReadonlySet<string>;
  shortWords: readonly string[];
} => {
  const neighbourhood = new Set<string>();
  const shortWords: string[] = [];
  for (const w of legalFormWords()) {
    if (w.length <= 4) shortWords.push(w);
    if (w.length < 4) continue;
    neighbourhood.add(w);
    for (const d of deletionsOf(w)) neighbourhood.add(d);
  }
  return { neighbourhood, shortWords: shortWords.sort() };
})();

/**
 * True when a screened token is a misspelt legal-form word. Tokens of 4+ letters: it and a word of a
 * legal-form phrase ("limited", "liability", "company", "obshchestvo" …) are equal after deleting at most one
 * character from each (covers one insertion, deletion, substitution or adjacent transposition: "limitd",
 * "liabilty", "compnay"). Tokens of 2–3 letters: within one edit of a legal-form word of up to 4 letters
 * ("ld", "lcc", "gmb"). A one-letter token never counts.
 */
export function looksLikeLegalFormWord(token: string): boolean {
  if (token.length > 24) return false; // longer than any legal-form word plus an edit
  if (token.length < 4) {
    for (const w of SHORT_LEGAL_WORDS) {
      if (w.length + token.length > 3 && Math.abs(w.length - token.length) <= 1 && osaDistance(w, token) <= 1) return true;
    }
    return false;
  }
  if (LEGAL_NEIGHBOURHOOD.has(token)) return true;
  for (const d of deletionsOf(token)) if (LEGAL_NEIGHBOURHOOD.has(d)) return true;
  return false;
}
