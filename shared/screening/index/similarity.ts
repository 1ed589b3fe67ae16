/**
 * Fuzzy similarity for normalised names. Pure and deterministic; every function returns a value in 0..1 and
 * is symmetric in its two arguments (jaro, jaroWinkler, osaDistance, editSimilarity, tokenSimilarity,
 * weightedTokenSetSimilarity with equal weights, nameSimilarity). Inputs are expected to be normalised already (see normalize-name.ts), except for
 * nameSimilarity which normalises itself.
 */
import { normalizeName } from "./normalize-name.ts";
import { osaDistance } from "../../text/edit-distance.ts";

/** Tokens shorter than this only ever match exactly ("al" never matches "el", "ltd" never "ltda"). */
export const MIN_FUZZY_TOKEN_LENGTH = 4;

/** Winkler prefix scale and maximum rewarded prefix length (the values of Winkler 1990). */
const WINKLER_PREFIX_SCALE = 0.1;
const WINKLER_MAX_PREFIX = 4;

/** Jaro similarity (0..1). Symmetric. Two empty strings are identical (1). */
export function jaro(a: string, b: string): number {
  if (a === b) return 1;
  // Canonical argument order makes the result exactly symmetric (the character matching is greedy).
  if (a > b) {
    const t = a;
    a = b;
    b = t;
  }
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const aMatched = new Uint8Array(la);
  const bMatched = new Uint8Array(lb);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(lb - 1, i + window);
    const c = a.charCodeAt(i);
    for (let j = lo; j <= hi; j++) {
      if (bMatched[j] === 0 && b.charCodeAt(j) === c) {
        aMatched[i] = 1;
        bMatched[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (aMatched[i] === 0) continue;
    while (bMatched[k] === 0) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const m = matches;
  return (m / la + m / lb + (m - transpositions / 2) / m) / 3;
}

/** Jaro-Winkler similarity (0..1), prefix scale 0.1, prefix up to 4 characters. Symmetric. */
export function jaroWinkler(a: string, b: string): number {
  const j = jaro(a, b);
  if (j === 1 || j === 0) return j;
  let prefix = 0;
  const max = Math.min(WINKLER_MAX_PREFIX, a.length, b.length);
  while (prefix < max && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return j + prefix * WINKLER_PREFIX_SCALE * (1 - j);
}

/**
 * A coarse phonetic skeleton of a (normalised, ASCII) token, tolerant of common transliteration variants:
 * digraphs kh→h, ph→f, sh→s, ch→k, th→t, gh→g, dh→d, ck→k, ou→u; then vowels (a e i o u y) are dropped,
 * q/c/k → k, z/s → s, v/w/f → f, x → ks; repeated letters collapse.
 * "mohammed", "muhammad" and "mohamad" share "mhmd"; "yousef" and "yusuf" share "sf".
 */
export function phoneticKey(token: string): string {
  const s = token
    .replace(/kh/g, "h")
    .replace(/ph/g, "f")
    .replace(/sh/g, "s")
    .replace(/ch/g, "k")
    .replace(/th/g, "t")
    .replace(/gh/g, "g")
    .replace(/dh/g, "d")
    .replace(/ck/g, "k");
  let out = "";
  let last = "";
  for (const ch of s) {
    let m: string;
    switch (ch) {
      case "a":
      case "e":
      case "i":
      case "o":
      case "u":
      case "y":
        last = ""; // a vowel separates: "hassan" keeps one s, "sasa" keeps two
        continue;
      case "q":
      case "c":
      case "k":
        m = "k";
        break;
      case "z":
      case "s":
        m = "s";
        break;
      case "v":
      case "w":
      case "f":
        m = "f";
        break;
      case "x":
        m = "ks";
        break;
      default:
        m = ch;
    }
    if (m !== last) out += m;
    last = m;
  }
  return out;
}

/** When two tokens share a phonetic key of at least this length, their similarity is at least PHONETIC_FLOOR. */
export const PHONETIC_MIN_KEY_LENGTH = 3;
export const PHONETIC_FLOOR = 0.85;

/** 1 − OSA distance / length of the longer token (0..1). Symmetric. */
export function editSimilarity(a: string, b: string): number {
  const max = Math.max(a.length, b.length);
  return max === 0 ? 1 : 1 - osaDistance(a, b) / max;
}

/**
 * Similarity of two normalised tokens (0..1, symmetric):
 *  - 1 when equal;
 *  - 0 when they differ and either is shorter than MIN_FUZZY_TOKEN_LENGTH or contains a digit ("55" ≠ "56");
 *  - otherwise the edit similarity 1 − OSA distance / longer length (one typo in an 8-letter word: 0.875),
 *    raised to PHONETIC_FLOOR (0.85) when both tokens share a phonetic key of 3+ consonants and the edit
 *    similarity is at least 0.6 — transliteration variants such as mohammed / muhammad (0.75 → 0.85).
 * Edit similarity was preferred to Jaro-Winkler after measurement: Jaro-Winkler rewards a shared prefix so
 * much that distinct short names score high ("aviva"/"aviv" 0.96, "cemex"/"cimex" 0.88, "safran"/"sairan"
 * 0.91), which produced most of the false positives (docs/sanctions-screening.md).
 */
export function tokenSimilarity(a: string, b: string, keyA?: string, keyB?: string): number {
  if (a === b) return 1;
  if (a.length < MIN_FUZZY_TOKEN_LENGTH || b.length < MIN_FUZZY_TOKEN_LENGTH) return 0;
  if (/\d/.test(a) || /\d/.test(b)) return 0;
  const s = editSimilarity(a, b);
  if (s < PHONETIC_FLOOR && s >= 0.6) {
    // keyA / keyB: phoneticKey(a) / phoneticKey(b) when the caller has them already (an optimisation only).
    const ka = keyA ?? phoneticKey(a);
    if (ka.length >= PHONETIC_MIN_KEY_LENGTH && ka === (keyB ?? phoneticKey(b))) return PHONETIC_FLOOR;
  }
  return s;
}

/** One aligned pair: tokens a[aStart..aEnd] (joined without space) against b[bStart..bEnd]. */
export interface TokenPair {
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
  similarity: number;
}

/**
 * Greedy one-to-one alignment of two token lists. Candidate pairs are every (a_i, b_j) and, to absorb
 * spacing differences ("al libi" / "allibi", "rosoboron export" / "rosoboronexport"), every adjacent pair on
 * one side joined against a single token on the other. Pairs below minTokenSimilarity are discarded; the
 * rest are taken best first (ties: more tokens covered first, then lower a index, then lower b index), each
 * token used at most once. The result is deterministic and order-symmetric up to swapping a and b.
 */
export function alignTokens(
  a: readonly string[],
  b: readonly string[],
  minTokenSimilarity: number,
  sim: (x: string, y: string) => number = tokenSimilarity,
): TokenPair[] {
  const candidates: TokenPair[] = [];
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      const s = sim(a[i], b[j]);
      if (s >= minTokenSimilarity) candidates.push({ aStart: i, aEnd: i, bStart: j, bEnd: j, similarity: s });
    }
  }
  for (let i = 0; i + 1 < a.length; i++) {
    const joined = a[i] + a[i + 1];
    for (let j = 0; j < b.length; j++) {
      if (b[j].length < joined.length - 2) continue;
      const s = sim(joined, b[j]);
      if (s >= minTokenSimilarity) candidates.push({ aStart: i, aEnd: i + 1, bStart: j, bEnd: j, similarity: s });
    }
  }
  for (let j = 0; j + 1 < b.length; j++) {
    const joined = b[j] + b[j + 1];
    for (let i = 0; i < a.length; i++) {
      if (a[i].length < joined.length - 2) continue;
      const s = sim(a[i], joined);
      if (s >= minTokenSimilarity) candidates.push({ aStart: i, aEnd: i, bStart: j, bEnd: j + 1, similarity: s });
    }
  }
  candidates.sort(
    (x, y) =>
      y.similarity - x.similarity ||
      y.aEnd - y.aStart + y.bEnd - y.bStart - (x.aEnd - x.aStart + x.bEnd - x.bStart) ||
      x.aStart - y.aStart ||
      x.bStart - y.bStart ||
      x.aEnd - y.aEnd ||
      x.bEnd - y.bEnd,
  );
  const usedA = new Uint8Array(a.length);
  const usedB = new Uint8Array(b.length);
  const pairs: TokenPair[] = [];
  for (const c of candidates) {
    let free = true;
    for (let i = c.aStart; i <= c.aEnd; i++) if (usedA[i]) free = false;
    for (let j = c.bStart; j <= c.bEnd; j++) if (usedB[j]) free = false;
    if (!free) continue;
    for (let i = c.aStart; i <= c.aEnd; i++) usedA[i] = 1;
    for (let j = c.bStart; j <= c.bEnd; j++) usedB[j] = 1;
    pairs.push(c);
  }
  return pairs;
}

/** Default minimum token similarity for two tokens to be aligned at all (one edit in a 4-letter token). */
export const DEFAULT_MIN_TOKEN_SIMILARITY = 0.75;

/**
 * Weighted token-set similarity (a weighted Dice coefficient over the aligned tokens):
 * (Σ sim·w_a + Σ sim·w_b) / (Σ w_a + Σ w_b) over the pairs of alignTokens. With no weights every token weighs
 * 1. Symmetric when the weights are (the same function of the token on both sides). Two empty lists give 1,
 * one empty list gives 0.
 */
export function weightedTokenSetSimilarity(
  a: readonly string[],
  b: readonly string[],
  weightA: (i: number) => number = () => 1,
  weightB: (j: number) => number = () => 1,
  minTokenSimilarity: number = DEFAULT_MIN_TOKEN_SIMILARITY,
): number {
  if (a.length === 0 && b.length === 0) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  let total = 0;
  for (let i = 0; i < a.length; i++) total += weightA(i);
  for (let j = 0; j < b.length; j++) total += weightB(j);
  if (total <= 0) return 0;
  let matched = 0;
  for (const p of alignTokens(a, b, minTokenSimilarity)) {
    for (let i = p.aStart; i <= p.aEnd; i++) matched += p.similarity * weightA(i);
    for (let j = p.bStart; j <= p.bEnd; j++) matched += p.similarity * weightB(j);
  }
  return Math.min(1, Math.max(0, matched / total));
}

/**
 * Similarity of two raw names: both are normalised (normalize-name.ts), then compared token-order-independently
 * with weightedTokenSetSimilarity and equal weights. Symmetric, 0..1, identity gives 1.
 */
export function nameSimilarity(a: string, b: string): number {
  const na = normalizeName(a).tokens;
  const nb = normalizeName(b).tokens;
  // The greedy alignment breaks ties by position; taking both directions makes the result exactly symmetric.
  return Math.max(weightedTokenSetSimilarity(na, nb), weightedTokenSetSimilarity(nb, na));
}
