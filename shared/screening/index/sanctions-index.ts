/**
 * In-memory sanctions screening index: primary names and aliases of the OFAC SDN and Consolidated (non-SDN)
 * lists, screened with normalisation (normalize-name.ts) and token fuzzy similarity (similarity.ts).
 * Pure: no I/O, no Node or Deno API. Deterministic: the result does not depend on the order of the entries or
 * of their aliases; equal scores are broken by uid (numeric when both are numbers), then list, then name.
 *
 * What counts as a match (see docs/sanctions-screening.md for the measurements behind the constants):
 *  1. Every significant token of the listed name must be aligned with a token of the screened name with token
 *     similarity ≥ MIN_TOKEN_SIMILARITY. Significant = not a stopword ("of", "and", "de" …); for individuals
 *     only the surname(s) (before the comma of "SURNAME, Given Names") and the first given name are required,
 *     further given names (middle names, patronymics) and name particles (al, bin, abu …) are optional; for an
 *     individual's name without a comma whose entry is marked givenNamesFirst (no stated family name: the UN
 *     list), the first and the last word are required and the words between optional.
 *     So a screened "Global Trading LLC" never matches a listed "ALPHA GLOBAL TRADING" (the listed "alpha" is
 *     not in the screened name), however common "global" and "trading" are.
 *  2. The score (a rarity-weighted Dice coefficient over both names' tokens, see scoreName) is at least
 *     SANCTIONS_MATCH_THRESHOLD. Extra words in the screened name lower the score in proportion to how rare
 *     they are on the list (at half weight): "Mahan Air Trading" still matches the listed "MAHAN AIR", while a
 *     rare extra word or two ("Mahan Air Cargo Services") drops below the threshold.
 *
 * Candidate generation keeps screening fast: every distinct list token is in an inverted index together with
 * its one-character deletions (finds one insertion, deletion, substitution or adjacent transposition) and a
 * phonetic key (transliteration variants); adjacent token pairs are indexed joined ("al libi" → "allibi").
 * Only names whose every required token was reached are scored exactly.
 *
 * The steps are modules of sanctions-index/: building (order, list, weigh, post) and screening (read the
 * screened name, find candidates, score, rank).
 */
import type { SanctionsMatch } from "../../rules/reference-facts.ts";
import { buildPostings } from "./sanctions-index/build-postings.ts";
import { listIndexedNames } from "./sanctions-index/list-indexed-names.ts";
import { orderEntries } from "./sanctions-index/order-entries.ts";
import { rankEntries } from "./sanctions-index/rank-entries.ts";
import {
  PARTY_SCREENING_KINDS,
  SANCTIONS_MATCH_THRESHOLD,
  type SanctionsEntry,
  type SanctionsIndex,
  type Scored,
  type ScreenOptions,
} from "./sanctions-index/sanctions-index-model.ts";
import { weighTokens } from "./sanctions-index/weigh-tokens.ts";

export {
  type EntryKind,
  MIN_TOKEN_SIMILARITY,
  PARTY_SCREENING_KINDS,
  SANCTIONS_MATCH_THRESHOLD,
  type SanctionsAlias,
  type SanctionsEntry,
  type SanctionsIndex,
  type ScreenOptions,
} from "./sanctions-index/sanctions-index-model.ts";

/** Builds the index. Entries may come in any order; the result (and every screening answer) is the same. */
export function buildSanctionsIndex(input: readonly SanctionsEntry[]): SanctionsIndex {
  const { entries, names } = listIndexedNames(orderEntries(input));
  const { weight, unknownWeight } = weighTokens(names);
  const postings = buildPostings(names);
  // Field order is part of the stored index's layout (stored-index.ts): keep it.
  return {
    entries,
    names,
    vocab: postings.vocab,
    vocabTokens: postings.vocabTokens,
    vocabPhonetic: postings.vocabPhonetic,
    postings: postings.postings,
    deletions: postings.deletions,
    phonetic: postings.phonetic,
    joinedPairs: postings.joinedPairs,
    weight,
    unknownWeight,
    scratchMasks: new Int32Array(names.length),
  };
}

function toMatch(index: SanctionsIndex, s: Scored): SanctionsMatch {
  const e = index.entries[s.entry];
  const match: SanctionsMatch = { uid: e.uid, name: e.name, matched_name: s.name.name, program: e.program, score: s.score, list: e.list };
  if (e.countries) match.countries = e.countries;
  if (e.ids) match.ids = e.ids;
  if (e.hash) match.entry_hash = e.hash;
  return match;
}

/**
 * All entries scoring at least `threshold` (default 0: every entry that passes the token gate), best first,
 * at most `limit`. For review screens and for the measurement scripts.
 */
export function screenNameRanked(index: SanctionsIndex, name: string, options: ScreenOptions & { limit?: number } = {}): SanctionsMatch[] {
  const threshold = options.threshold ?? 0;
  const limit = options.limit ?? 10;
  return rankEntries(index, name, options.kinds ?? PARTY_SCREENING_KINDS)
    .filter((s) => s.score >= threshold)
    .slice(0, limit)
    .map((s) => toMatch(index, s));
}

/** At most this many further entries are named beside the best (a name can match many entries of a common word). */
const MAX_ALSO = 20;

/**
 * The best match at or above the threshold, or null; every other entry at or above it in `also` (the same
 * party on several lists gets one finding naming them all). Never throws.
 */
export function screenName(index: SanctionsIndex, name: string, options: ScreenOptions = {}): SanctionsMatch | null {
  const threshold = options.threshold ?? SANCTIONS_MATCH_THRESHOLD;
  const ranked = rankEntries(index, name, options.kinds ?? PARTY_SCREENING_KINDS);
  const best = ranked[0];
  if (!best || best.score < threshold) return null;
  const match = toMatch(index, best);
  const also = ranked.slice(1, 1 + MAX_ALSO).filter((s) => s.score >= threshold);
  if (also.length > 0) match.also = also.map((s) => toMatch(index, s));
  return match;
}

/** Screens several names (duplicates screened once); keys are the exact input strings. */
export function screenNames(
  index: SanctionsIndex,
  names: readonly string[],
  options: ScreenOptions = {},
): Map<string, SanctionsMatch | null> {
  const out = new Map<string, SanctionsMatch | null>();
  for (const n of names) {
    if (!out.has(n)) out.set(n, screenName(index, n, options));
  }
  return out;
}
