/**
 * How a decision and a finding are matched: the party name folded (case, accents, punctuation and spacing
 * do not re-open a clearance; any other change of the name does), the list's display id and the entry id
 * exactly as the finding's context gives them.
 */
import { foldCharacters } from "../../text/fold.ts";

/** "ACME  Trading, Ltd." → "acme trading ltd"; letters of every script are kept (Arabic, CJK …). */
export function normaliseReviewName(name: string): string {
  return foldCharacters(name)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The key of a (party, list, entry) pair. */
export function reviewPairKey(normalisedName: string, list: string, entryId: string): string {
  return JSON.stringify([normalisedName, list, entryId]);
}
