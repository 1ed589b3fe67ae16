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
 *     further given names (middle names, patronymics) and name particles (al, bin, abu …) are optional.
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
 */
import { isOnlyLegalForm, legalFormWords, NAME_STOPWORDS, normalizeName, tokenizeName } from "./normalize-name.ts";
import { alignTokens, MIN_FUZZY_TOKEN_LENGTH, phoneticKey, PHONETIC_MIN_KEY_LENGTH, tokenSimilarity } from "./similarity.ts";
import type { SanctionsMatch } from "../../rules/reference-facts.ts";
import { osaDistance } from "../../text/edit-distance.ts";

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
  list: "SDN" | "CONS";
  aliases: SanctionsAlias[];
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

/** Similarity of an initial to the given name it abbreviates ("v" for "vladimir"). */
const INITIAL_SIMILARITY = 0.9;

/** Unmatched optional tokens (middle names, particles) still count this fraction of their weight. */
const OPTIONAL_UNMATCHED_FACTOR = 0.25;

/**
 * Weight of an unaligned screened token that is a misspelt legal-form word ("limitd", "liabilty", "compnay",
 * "ld"): it says nothing about identity, so it barely lowers the score.
 */
const LEGAL_FORM_NOISE_WEIGHT = 0.5;

/** Extra (unaligned) screened tokens count with this factor of their rarity weight. */
const EXTRA_TOKEN_FACTOR = 0.5;

/** Screened names are cut to this many tokens (keeps the work per name bounded for arbitrary input). */
const MAX_QUERY_TOKENS = 32;
/** … and to this many characters before normalisation. */
const MAX_QUERY_CHARS = 1000;
/** Longer screened tokens are only looked up exactly (no deletion variants). */
const MAX_FUZZY_TOKEN_LENGTH = 40;

/** Name particles: optional tokens in names of individuals. */
const NAME_PARTICLES: ReadonlySet<string> = new Set([
  "al",
  "el",
  "bin",
  "ibn",
  "bint",
  "abu",
  "abou",
  "ould",
  "ben",
  "de",
  "da",
  "del",
  "della",
  "di",
  "du",
  "la",
  "le",
  "dos",
  "das",
  "van",
  "von",
  "der",
  "den",
  "ter",
  "y",
  "e",
]);

interface IndexedName {
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
  /** Required bits that may be missing and still be scored (scoreName decides): first given name, or one part of a two-part surname. */
  forgivableMask: number;
}

interface IndexedEntry {
  uid: string;
  name: string;
  program: string;
  list: "SDN" | "CONS";
  kind: EntryKind;
}

/** One id, or several (most keys have exactly one: a bare number saves an array per key). */
type IdList = number | readonly number[];

function addId(map: Map<string, IdList>, key: string, id: number): void {
  const cur = map.get(key);
  if (cur === undefined) map.set(key, id);
  else if (typeof cur === "number") map.set(key, [cur, id]);
  else (cur as number[]).push(id);
}

function forEachId(list: IdList | undefined, fn: (id: number) => void): void {
  if (list === undefined) return;
  if (typeof list === "number") fn(list);
  else for (const id of list) fn(id);
}

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

function entryKind(type: string): EntryKind {
  const t = type.trim().toLowerCase();
  if (t === "individual") return "individual";
  if (t === "vessel") return "vessel";
  if (t === "aircraft") return "aircraft";
  return "entity";
}

function bitOf(position: number): number {
  return 1 << Math.min(position, 31);
}

/** Tokens and required flags of one listed name (weights are filled in later). */
/** Patronymics and their equivalents (Russian -ovich/-evna, Turkic -oglu/-kyzy/-uly). */
const PATRONYMIC = /^[a-z]{3,}(ovich|evich|ovna|evna|ogly|oglu|kyzy|uly)$/;

interface ListedNameShape {
  tokens: string[];
  required: boolean[];
  firstGiven: number;
  patronymics: number[];
  surnameParts: number[];
}

function analyseListedName(raw: string, kind: EntryKind): ListedNameShape {
  const plain = { firstGiven: -1, patronymics: [] as number[], surnameParts: [] as number[] };
  if (kind === "individual") {
    const comma = raw.indexOf(",");
    if (comma >= 0) {
      const surname = tokenizeName(raw.slice(0, comma));
      const given = tokenizeName(raw.slice(comma + 1));
      const tokens = [...surname, ...given];
      const required = tokens.map(() => false);
      surname.forEach((t, i) => {
        required[i] = !NAME_PARTICLES.has(t) && !NAME_STOPWORDS.has(t) && !isOnlyLegalForm([t]);
      });
      const firstGiven = given.findIndex((t) => !NAME_PARTICLES.has(t) && !NAME_STOPWORDS.has(t) && !isOnlyLegalForm([t]));
      if (firstGiven >= 0) required[surname.length + firstGiven] = true;
      if (!required.some(Boolean)) {
        tokens.forEach((_, i) => (required[i] = true));
        return { tokens, required, ...plain };
      }
      const surnameParts = surname.map((_, i) => i).filter((i) => required[i]);
      const patronymics =
        firstGiven < 0 ? [] : given.map((t, i) => (i > firstGiven && PATRONYMIC.test(t) ? surname.length + i : -1)).filter((i) => i >= 0);
      return { tokens, required, firstGiven: firstGiven < 0 ? -1 : surname.length + firstGiven, patronymics, surnameParts };
    }
    const tokens = tokenizeName(raw);
    const required = tokens.map((t) => !NAME_PARTICLES.has(t) && !NAME_STOPWORDS.has(t));
    if (!required.some(Boolean)) tokens.forEach((_, i) => (required[i] = true));
    return { tokens, required, ...plain };
  }
  const tokens = normalizeName(raw).tokens;
  const required = tokens.map((t) => !NAME_STOPWORDS.has(t));
  if (!required.some(Boolean)) tokens.forEach((_, i) => (required[i] = true));
  return { tokens, required, ...plain };
}

let legalNeighbourhood: Set<string> | null = null;
let shortLegalWords: string[] = [];

/**
 * True when a screened token is a misspelt legal-form word. Tokens of 4+ letters: it and a word of a
 * legal-form phrase ("limited", "liability", "company", "obshchestvo" …) are equal after deleting at most one
 * character from each (covers one insertion, deletion, substitution or adjacent transposition: "limitd",
 * "liabilty", "compnay"). Tokens of 2–3 letters: within one edit of a legal-form word of up to 4 letters
 * ("ld", "lcc", "gmb"). A one-letter token never counts.
 */
function looksLikeLegalFormWord(token: string): boolean {
  if (legalNeighbourhood === null) {
    legalNeighbourhood = new Set();
    const short: string[] = [];
    for (const w of legalFormWords()) {
      if (w.length <= 4) short.push(w);
      if (w.length < 4) continue;
      legalNeighbourhood.add(w);
      for (const d of deletionsOf(w)) legalNeighbourhood.add(d);
    }
    shortLegalWords = short.sort();
  }
  if (token.length > 24) return false; // longer than any legal-form word plus an edit
  if (token.length < 4) {
    for (const w of shortLegalWords) {
      if (w.length + token.length > 3 && Math.abs(w.length - token.length) <= 1 && osaDistance(w, token) <= 1) return true;
    }
    return false;
  }
  if (legalNeighbourhood.has(token)) return true;
  for (const d of deletionsOf(token)) if (legalNeighbourhood.has(d)) return true;
  return false;
}

/** Compares uids numerically when both are decimal numbers ("173" < "306" < "12927"), else by code units. */
function compareUid(a: string, b: string): number {
  const na = /^\d+$/.test(a);
  const nb = /^\d+$/.test(b);
  if (na && nb) {
    const ta = a.replace(/^0+(?=\d)/, "");
    const tb = b.replace(/^0+(?=\d)/, "");
    if (ta.length !== tb.length) return ta.length - tb.length;
    if (ta !== tb) return ta < tb ? -1 : 1;
    return a < b ? -1 : a > b ? 1 : 0; // "007" vs "7": any fixed order
  }
  if (na !== nb) return na ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The distinct strings made by deleting one character. Built from character codes so that each result is a
 * flat string (a concatenation of two slices would keep both slices alive as map keys: twice the memory).
 */
function deletionsOf(token: string): string[] {
  const out: string[] = [];
  const codes: number[] = [];
  for (let i = 0; i < token.length; i++) codes.push(token.charCodeAt(i));
  for (let i = 0; i < codes.length; i++) {
    if (i > 0 && codes[i] === codes[i - 1]) continue; // same deletion as the previous position
    out.push(String.fromCharCode(...codes.slice(0, i), ...codes.slice(i + 1)));
  }
  return out;
}

/** a + b as a flat string (see deletionsOf). */
function joinFlat(a: string, b: string): string {
  const codes: number[] = [];
  for (let i = 0; i < a.length; i++) codes.push(a.charCodeAt(i));
  for (let i = 0; i < b.length; i++) codes.push(b.charCodeAt(i));
  return String.fromCharCode(...codes);
}

/** Builds the index. Entries may come in any order; the result (and every screening answer) is the same. */
export function buildSanctionsIndex(input: readonly SanctionsEntry[]): SanctionsIndex {
  // Sort entries so that internal order (and every tie-break) is independent of the input order.
  const sorted = [...input].sort(
    (a, b) =>
      compareUid(a.uid, b.uid) ||
      compareStrings(a.list, b.list) ||
      compareStrings(a.name, b.name) ||
      compareStrings(a.type, b.type) ||
      compareStrings(a.programs.join("\u0000"), b.programs.join("\u0000")),
  );
  const entries: IndexedEntry[] = [];
  const names: IndexedName[] = [];
  sorted.forEach((e, entryIndex) => {
    const kind = entryKind(e.type);
    entries.push({
      uid: e.uid,
      name: e.name,
      program: [...e.programs].join(", "),
      list: e.list,
      kind,
    });
    const seen = new Set<string>();
    const candidates: { name: string; isPrimary: boolean }[] = [{ name: e.name, isPrimary: true }];
    const aliases = e.aliases
      .filter((a) => !/weak/i.test(a.type))
      .map((a) => a.name)
      .sort(compareStrings);
    for (const a of aliases) candidates.push({ name: a, isPrimary: false });
    for (const c of candidates) {
      const { tokens, required, firstGiven, patronymics, surnameParts } = analyseListedName(c.name, kind);
      if (tokens.length === 0) continue;
      const key = tokens.join(" ") + "|" + required.map((r) => (r ? 1 : 0)).join("");
      if (seen.has(key)) continue;
      seen.add(key);
      let requiredMask = 0;
      required.forEach((r, i) => {
        if (r) requiredMask |= bitOf(i);
      });
      let forgivableMask = firstGiven >= 0 && tokens.length < 32 ? bitOf(firstGiven) : 0;
      if (surnameParts.length >= 2 && tokens.length < 32) for (const i of surnameParts) forgivableMask |= bitOf(i);
      names.push({
        entry: entryIndex,
        name: c.name,
        isPrimary: c.isPrimary,
        tokens,
        weights: [],
        required,
        requiredMask,
        firstGiven,
        patronymics,
        surnameParts,
        forgivableMask,
      });
    }
  });
  if (names.length >= 1 << 26) throw new Error("sanctions index: too many names");

  // Document frequency over distinct names → rarity weights.
  const df = new Map<string, number>();
  for (const n of names) {
    for (const t of new Set(n.tokens)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const N = Math.max(1, names.length);
  const weight = new Map<string, number>();
  for (const [t, d] of df) weight.set(t, Math.log(1 + N / d));
  const unknownWeight = Math.log(1 + N);
  for (const n of names) n.weights = n.tokens.map((t) => weight.get(t) ?? unknownWeight);

  // Vocabulary and postings of the REQUIRED token positions only: the gate needs every required token of a
  // listed name to be reached, so optional tokens (stopwords, particles, middle names) never decide whether a
  // name is a candidate. Skipping them keeps huge posting lists ("al", "de", "bin") out of the query path.
  const interned = new Map<string, string>();
  const vocab = new Map<string, number>();
  const vocabTokens: string[] = [];
  const postingLists: number[][] = [];
  const joined = new Map<string, number[]>();
  names.forEach((n, nameIndex) => {
    n.tokens.forEach((t, i) => {
      const shared = interned.get(t);
      if (shared === undefined) interned.set(t, t);
      else n.tokens[i] = shared; // one string per distinct token
    });
    n.tokens.forEach((t, i) => {
      // A patronymic reaches the first given name's bit: "Putin Vladimirovich" is a candidate for
      // "PUTIN, Vladimir Vladimirovich" (scoreName decides).
      const standsIn = n.patronymics.includes(i) && n.firstGiven >= 0;
      const code = nameIndex * 32 + Math.min(standsIn ? n.firstGiven : i, 31);
      if (n.required[i] || standsIn) {
        let id = vocab.get(t);
        if (id === undefined) {
          id = vocabTokens.length;
          vocab.set(t, id);
          vocabTokens.push(t);
          postingLists.push([]);
        }
        postingLists[id].push(code);
      }
      if (i + 1 < n.tokens.length && (n.required[i] || n.required[i + 1])) {
        const j = joinFlat(t, n.tokens[i + 1]);
        let list = joined.get(j);
        if (!list) joined.set(j, (list = []));
        if (n.required[i]) list.push(code);
        if (n.required[i + 1]) list.push(nameIndex * 32 + Math.min(i + 1, 31));
      }
    });
  });
  const vocabPhonetic = vocabTokens.map((t) => phoneticKey(t));
  const deletions = new Map<string, IdList>();
  const phonetic = new Map<string, IdList>();
  vocabTokens.forEach((t, id) => {
    if (t.length < MIN_FUZZY_TOKEN_LENGTH || /\d/.test(t)) return;
    for (const d of deletionsOf(t)) addId(deletions, d, id);
    const k = vocabPhonetic[id];
    if (k.length >= PHONETIC_MIN_KEY_LENGTH) {
      addId(phonetic, k, id);
    }
  });

  return {
    entries,
    names,
    vocab,
    vocabTokens,
    vocabPhonetic,
    // Copies drop the spare capacity that push() leaves in each array.
    postings: postingLists.map((p) => p.slice()),
    deletions,
    phonetic,
    joinedPairs: new Map([...joined].map(([k, v]) => [k, v.slice()] as const)),
    weight,
    unknownWeight,
    scratchMasks: new Int32Array(names.length),
  };
}

/** List token ids that may be within MIN_TOKEN_SIMILARITY of a screened token. */
function candidateTokenIds(index: SanctionsIndex, q: string, qKey: string, out: Set<number>): void {
  const exact = index.vocab.get(q);
  if (exact !== undefined) out.add(exact);
  if (q.length < MIN_FUZZY_TOKEN_LENGTH || q.length > MAX_FUZZY_TOKEN_LENGTH || /\d/.test(q)) return;
  const add = (id: number) => out.add(id);
  forEachId(index.deletions.get(q), add); // list token = q plus one character
  for (const d of deletionsOf(q)) {
    if (d.length >= MIN_FUZZY_TOKEN_LENGTH) {
      const shorter = index.vocab.get(d); // list token = q minus one character
      if (shorter !== undefined) out.add(shorter);
    }
    forEachId(index.deletions.get(d), add); // substitution or adjacent transposition
  }
  if (qKey.length >= PHONETIC_MIN_KEY_LENGTH) forEachId(index.phonetic.get(qKey), add);
}

export interface ScreenOptions {
  /** Minimum score to report; default SANCTIONS_MATCH_THRESHOLD. */
  threshold?: number;
  /** Entry kinds screened; default PARTY_SCREENING_KINDS (individuals and entities). */
  kinds?: readonly EntryKind[];
}

interface Scored {
  entry: number;
  name: IndexedName;
  score: number;
}

/**
 * Exact score of one listed name against the screened tokens, or -1 when a required listed token is not
 * aligned. The score is a rarity-weighted Dice coefficient:
 *   (Σ_aligned sim·w(listed) + Σ_aligned sim·w(screened)) / (W_listed + W_screened)
 * where w(token) = ln(1 + N / df) over the N indexed names (ln(1 + N) for a token not on the list);
 * W_listed counts required and aligned tokens fully and unaligned optional ones at 25 %; a screened token
 * aligned to a listed token takes that token's weight (a typo does not make a token "rare"); an unaligned
 * screened token counts at EXTRA_TOKEN_FACTOR (50 %) of its weight, or LEGAL_FORM_NOISE_WEIGHT when it looks
 * like a misspelt legal-form word. Rounded to 4 decimals (so comparisons are stable across platforms).
 */
function scoreName(
  n: IndexedName,
  query: readonly string[],
  queryWeights: readonly number[],
  fullQueryWeights: readonly number[],
  sim: (listed: string, screened: string) => number,
): number {
  const pairs = alignTokens(n.tokens, query, MIN_TOKEN_SIMILARITY, sim);
  // A short alias ("Kim Song") inside a longer screened name ("Kim Song Min") must cover the screened
  // name too: its unaligned words count fully, not at EXTRA_TOKEN_FACTOR, and a screened word may not
  // hide in a fuzzy join with its neighbour ("song min" ≈ "song").
  const strict = !n.isPrimary && n.tokens.length <= 2;
  if (strict && pairs.some((p) => p.bEnd > p.bStart && p.similarity < 1)) return -1;
  const listedMatched = new Array<boolean>(n.tokens.length).fill(false);
  const queryAligned = new Array<boolean>(query.length).fill(false);
  const queryWeight = [...queryWeights];
  let matched = 0;
  for (const p of pairs) {
    let wl = 0;
    for (let i = p.aStart; i <= p.aEnd; i++) {
      listedMatched[i] = true;
      wl += n.weights[i];
    }
    matched += p.similarity * wl;
    const span = p.bEnd - p.bStart + 1;
    for (let j = p.bStart; j <= p.bEnd; j++) {
      queryWeight[j] = wl / span;
      queryAligned[j] = true;
      matched += p.similarity * queryWeight[j];
    }
  }
  let total = 0;
  let forgiven = 0;
  for (let i = 0; i < n.tokens.length; i++) {
    let optional = !n.required[i];
    if (!listedMatched[i] && n.required[i]) {
      if (i === n.firstGiven && n.patronymics.some((p) => listedMatched[p])) {
        optional = true; // surname + patronymic: "Putin Vladimirovich"
      } else if (
        forgiven === 0 &&
        n.surnameParts.length >= 2 &&
        n.surnameParts.includes(i) &&
        n.surnameParts.some((p) => p !== i && listedMatched[p]) &&
        n.firstGiven >= 0 &&
        listedMatched[n.firstGiven]
      ) {
        forgiven++; // one part of a two-part surname left out: "Luis Amezcua" for "AMEZCUA CONTRERAS, Luis"
        optional = true;
      } else {
        return -1;
      }
    }
    total += listedMatched[i] || !optional ? n.weights[i] : OPTIONAL_UNMATCHED_FACTOR * n.weights[i];
  }
  for (let j = 0; j < query.length; j++) total += strict && !queryAligned[j] ? fullQueryWeights[j] : queryWeight[j];
  if (total <= 0) return -1;
  return Math.round((matched / total) * 1e4) / 1e4;
}

/** Digits people write for letters ("Ig0r Sech1n"), read back in tokens that also have letters. */
const DIGIT_LETTERS: Readonly<Record<string, string>> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t" };

/**
 * The screened name's tokens as people write names: camel-case words split ("VladimirPutin"), digits
 * for letters read back, and a token not on the list that is two listed tokens written together
 * ("vladimirputin") split.
 */
function screenedTokens(index: SanctionsIndex, raw: string): string[] {
  const spaced = /[a-z]/.test(raw) ? raw.replace(/([a-z])([A-Z])(?=[a-z])/g, "$1 $2") : raw;
  const out: string[] = [];
  for (const t0 of normalizeName(spaced).tokens) {
    // Only inside a word ("ig0r", "musav1"), never a leading number or ordinal ("3g", "72nd").
    const leet = /^[a-z]+([013457][a-z]*)+$/.test(t0) && t0.replace(/\d/g, "").length >= 2 && !index.vocab.has(t0);
    const t = leet ? t0.replace(/[013457]/g, (d) => DIGIT_LETTERS[d]) : t0;
    if (t.length >= 7 && !index.vocab.has(t) && /^[a-z]+$/.test(t)) {
      let best: [string, string] | null = null;
      for (let i = 3; i <= t.length - 3; i++) {
        const a = t.slice(0, i);
        const b = t.slice(i);
        if (index.vocab.has(a) && index.vocab.has(b) && (!best || Math.min(a.length, b.length) > Math.min(best[0].length, best[1].length)))
          best = [a, b];
      }
      if (best) {
        out.push(best[0], best[1]);
        continue;
      }
    }
    out.push(t);
  }
  return out;
}

function rank(index: SanctionsIndex, rawName: string, kinds: readonly EntryKind[]): Scored[] {
  const raw = typeof rawName === "string" ? rawName.slice(0, MAX_QUERY_CHARS) : "";
  const query = screenedTokens(index, raw).slice(0, MAX_QUERY_TOKENS);
  if (query.length === 0 || index.names.length === 0) return [];
  // Full rarity weights: what an unaligned screened word costs a short alias (no legal-form discount:
  // "Min" of "Kim Song Min" is a name, whatever legal-form word it resembles).
  const fullQueryWeights = query.map((t) => index.weight.get(t) ?? index.unknownWeight);
  const queryWeights = query.map((t, j) =>
    looksLikeLegalFormWord(t) ? LEGAL_FORM_NOISE_WEIGHT : EXTRA_TOKEN_FACTOR * fullQueryWeights[j],
  );
  const initials = query.some((t) => t.length === 1);

  // 1. Candidate generation: mark, per listed name, which of its token positions were reached.
  const masks = index.scratchMasks;
  const touched: number[] = [];
  const mark = (encoded: number) => {
    const nameIndex = encoded >>> 5;
    if (masks[nameIndex] === 0) touched.push(nameIndex);
    masks[nameIndex] |= 1 << (encoded & 31);
  };
  const probes: string[] = [...query];
  for (let j = 0; j + 1 < query.length; j++) probes.push(query[j] + query[j + 1]);
  const ids = new Set<number>();
  const accepted = new Set<number>();
  for (const q of probes) {
    ids.clear();
    const qKey = phoneticKey(q);
    candidateTokenIds(index, q, qKey, ids);
    for (const id of ids) {
      if (accepted.has(id)) continue;
      if (tokenSimilarity(q, index.vocabTokens[id], qKey, index.vocabPhonetic[id]) < MIN_TOKEN_SIMILARITY) continue;
      accepted.add(id);
      for (const e of index.postings[id]) mark(e);
    }
  }
  for (const q of query) {
    const jp = index.joinedPairs.get(q);
    if (jp) for (const e of jp) mark(e);
  }

  // Collect the names whose every required token was reached, resetting the scratch masks as we go.
  const candidates: number[] = [];
  for (const nameIndex of touched) {
    const mask = masks[nameIndex];
    masks[nameIndex] = 0;
    const n = index.names[nameIndex];
    const missing = n.requiredMask & ~mask;
    // One missing required token may still match when it is the first given name written as an initial
    // (a patronymic standing in already set its bit) or one part of a two-part surname: scoreName decides.
    // Without an initial in the query the first given name is not forgiven (keeps the candidates few).
    const forgivable = initials || n.firstGiven < 0 ? n.forgivableMask : n.forgivableMask & ~bitOf(n.firstGiven);
    if (missing === 0 || ((missing & ~forgivable) === 0 && (missing & (missing - 1)) === 0)) candidates.push(nameIndex);
  }

  // 2. Exact scoring of the candidates. Token similarities are memoised for this query: common tokens
  // ("mohammed", "trading") occur in many candidates.
  const memo = new Map<string, Map<string, number>>();
  const sim = (x: string, y: string): number => {
    let inner = memo.get(x);
    if (inner === undefined) memo.set(x, (inner = new Map()));
    let v = inner.get(y);
    if (v === undefined) inner.set(y, (v = tokenSimilarity(x, y)));
    return v;
  };
  const kindSet = new Set(kinds);
  const bestPerEntry = new Map<number, Scored>();
  for (const nameIndex of candidates) {
    const n = index.names[nameIndex];
    if (!kindSet.has(index.entries[n.entry].kind)) continue;
    // An initial ("V. Putin") stands for the first given name of an individual, nothing else.
    const first = n.firstGiven >= 0 ? n.tokens[n.firstGiven] : "";
    const nameSim =
      initials && first.length > 1
        ? (listed: string, screened: string) =>
            screened.length === 1 ? (listed === first && listed[0] === screened ? INITIAL_SIMILARITY : 0) : sim(listed, screened)
        : sim;
    const score = scoreName(n, query, queryWeights, fullQueryWeights, nameSim);
    if (score < 0) continue;
    const prev = bestPerEntry.get(n.entry);
    if (
      !prev ||
      score > prev.score ||
      (score === prev.score &&
        ((n.isPrimary && !prev.name.isPrimary) || (n.isPrimary === prev.name.isPrimary && compareStrings(n.name, prev.name.name) < 0)))
    ) {
      bestPerEntry.set(n.entry, { entry: n.entry, name: n, score });
    }
  }
  // Entries are stored sorted by (uid, list, name), so the entry index is the tie-break.
  return [...bestPerEntry.values()].sort((a, b) => b.score - a.score || a.entry - b.entry);
}

function toMatch(index: SanctionsIndex, s: Scored): SanctionsMatch {
  const e = index.entries[s.entry];
  return { uid: e.uid, name: e.name, matched_name: s.name.name, program: e.program, score: s.score, list: e.list };
}

/**
 * All entries scoring at least `threshold` (default 0: every entry that passes the token gate), best first,
 * at most `limit`. For review screens and for the measurement scripts.
 */
export function screenNameRanked(index: SanctionsIndex, name: string, options: ScreenOptions & { limit?: number } = {}): SanctionsMatch[] {
  const threshold = options.threshold ?? 0;
  const limit = options.limit ?? 10;
  return rank(index, name, options.kinds ?? PARTY_SCREENING_KINDS)
    .filter((s) => s.score >= threshold)
    .slice(0, limit)
    .map((s) => toMatch(index, s));
}

/** The best match at or above the threshold, or null. Never throws. */
export function screenName(index: SanctionsIndex, name: string, options: ScreenOptions = {}): SanctionsMatch | null {
  const threshold = options.threshold ?? SANCTIONS_MATCH_THRESHOLD;
  const best = rank(index, name, options.kinds ?? PARTY_SCREENING_KINDS)[0];
  return best && best.score >= threshold ? toMatch(index, best) : null;
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
