/**
 * The shapes of the sanctions screening index: the entries it is built from, the indexed names and
 * postings it holds, and the public thresholds of a match (see ../sanctions-index.ts for what they mean).
 */
export interface SanctionsAlias {
  name: string;
  /** OFAC alt_type: "aka", "fka" or "nka". A type containing "weak" (low-quality alias) is not indexed. */
  type: string;
}

export interface SanctionsEntry {
  /** OFAC ent_num (or another stable identifier of the entry). */
  uid: string;
  /** Primary name as listed ("SURNAME, Given Names" for individuals). */
  name: string;
  /** OFAC SDN_Type: "individual", "vessel", "aircraft"; anything else ("-0-", "", "entity") is an entity. */
  type: string;
  programs: string[];
  /** The list's display id ("OFAC SDN", "UN", "BIS Entity List" …; OFAC's own "SDN" / "CONS" in older callers). */
  list: string;
  aliases: SanctionsAlias[];
  /** Countries the entry states (addresses, nationality), as the publisher writes them. */
  countries?: string[];
  /** Identifier numbers the entry states (registration, tax, passport, IMO …), as the publisher writes them. */
  ids?: string[];
  /** entry_hash of the imported row. */
  hash?: string;
  /**
   * The importer states that this individual's names without a comma are written given names first and
   * name no family name (UN list): analyseListedName then requires their first and last word only.
   */
  givenNamesFirst?: boolean;
}

export type EntryKind = "individual" | "entity" | "vessel" | "aircraft";

/**
 * Kinds screened for a party name (exporter, importer, notify party): persons and organisations, whatever the
 * party is (a company party is also screened against individuals and vice versa, since the kind of a free-text
 * party name is unknown). Vessels and aircraft are property, not parties: their names are short common words
 * ("AMBER", "FOREST", "HAWK") or registrations ("EP-GOM") that would flag ordinary companies; screen
 * route.vessel_name against ["vessel"] instead.
 */
export const PARTY_SCREENING_KINDS: readonly EntryKind[] = ["individual", "entity"];

/**
 * Minimum token similarity (similarity.ts tokenSimilarity: edit similarity with a phonetic floor) for two
 * tokens to be aligned at all: one edit in a 4-letter token (0.75), two in an 8-letter one. Whether the whole
 * name then matches is decided by the score and SANCTIONS_MATCH_THRESHOLD.
 */
export const MIN_TOKEN_SIMILARITY = 0.75;

/**
 * Reported match threshold on the name score (0..1). Chosen from bench/sanctions/measure-screening-quality.ts
 * (docs/sanctions-screening.md): at 0.87 recall on 4,370 variants of 400 listed names is 97.6 % with 1 false
 * positive among 435 clean organisation names (0.2 %); 0.86 adds a false positive for no recall, 0.85 and
 * below add several. Consequence for a one-word name: one typo matches from 8 letters on (1 − 1/8 = 0.875).
 */
export const SANCTIONS_MATCH_THRESHOLD = 0.87;

export interface IndexedName {
  entry: number;
  /** The list's spelling (primary name or alias). */
  name: string;
  isPrimary: boolean;
  tokens: string[];
  weights: number[];
  required: boolean[];
  /** Bit i set when token i is required (tokens past 31 share bit 31). */
  requiredMask: number;
  /** Individuals "SURNAME, Given": position of the first given name, -1 otherwise. */
  firstGiven: number;
  /** Positions of patronymics among the further given names ("Vladimirovich"): they stand in for the first given name. */
  patronymics: number[];
  /** Positions of the required surname tokens (individuals written "SURNAME, Given"). */
  surnameParts: number[];
  /**
   * Required bits that may be missing and still be scored (scoreName decides): first given name, one part
   * of a two-part surname, or one inner word of an organisation name (innerWordsMask).
   */
  forgivableMask: number;
  /**
   * Organisation names of at least MIN_WORDS_FOR_INNER_DROP required words: the required words between the
   * first and the last. A screened name may leave out one of them, keeping the rest in order ("Korea Mining
   * Trading Corporation" for "KOREA MINING DEVELOPMENT TRADING CORPORATION").
   */
  innerWordsMask: number;
}

export interface IndexedEntry {
  uid: string;
  name: string;
  program: string;
  list: string;
  kind: EntryKind;
  countries?: string[];
  ids?: string[];
  hash?: string;
}

/** One id, or several (most keys have exactly one: a bare number saves an array per key). */
export type IdList = number | readonly number[];

export interface SanctionsIndex {
  readonly entries: readonly IndexedEntry[];
  readonly names: readonly IndexedName[];
  /** Distinct list tokens that are required somewhere → id. */
  readonly vocab: ReadonlyMap<string, number>;
  readonly vocabTokens: readonly string[];
  /** phoneticKey of each vocabulary token. */
  readonly vocabPhonetic: readonly string[];
  /** Per token id: encoded (nameIndex * 32 + bit). */
  readonly postings: readonly (readonly number[])[];
  /** One-character deletion of a list token → token ids. */
  readonly deletions: ReadonlyMap<string, IdList>;
  /** Phonetic key → token ids. */
  readonly phonetic: ReadonlyMap<string, IdList>;
  /** Two adjacent list tokens joined → encoded postings covering both bits. */
  readonly joinedPairs: ReadonlyMap<string, readonly number[]>;
  /** Token → rarity weight ln(1 + N / df). */
  readonly weight: ReadonlyMap<string, number>;
  /** Weight of a token that is not on the list at all. */
  readonly unknownWeight: number;
  /** Scratch space for candidate marking (one mask per indexed name). */
  readonly scratchMasks: Int32Array;
}

export interface ScreenOptions {
  /** Minimum score to report; default SANCTIONS_MATCH_THRESHOLD. */
  threshold?: number;
  /** Entry kinds screened; default PARTY_SCREENING_KINDS (individuals and entities). */
  kinds?: readonly EntryKind[];
}

export interface Scored {
  entry: number;
  name: IndexedName;
  score: number;
}
