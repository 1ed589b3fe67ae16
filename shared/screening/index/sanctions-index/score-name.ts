/** The exact score of one listed name against the screened tokens. */
import { alignTokens } from "../similarity.ts";
import { MIN_TOKEN_SIMILARITY, type IndexedName } from "./sanctions-index-model.ts";
import { NAME_PARTICLES } from "./analyse-listed-name.ts";
import { bitOf } from "./encode-postings.ts";

/** Unmatched optional tokens (middle names, particles) still count this fraction of their weight. */
const OPTIONAL_UNMATCHED_FACTOR = 0.25;

/**
 * Particles a screened name may add to a short alias without leaving a word of it uncovered ("Abbud
 * al-Zumar" for "ZUMAR, Abbud"): articles and "son of" words, not "abu"/"abou" ("father of", a name).
 */
const ADDABLE_PARTICLES: ReadonlySet<string> = new Set([...NAME_PARTICLES].filter((p) => p !== "abu" && p !== "abou"));

/** Every listed word but `left` aligned, every screened word aligned, and the aligned words in the same order. */
function dropsOnlyInnerWord(
  pairs: readonly { aStart: number; bStart: number }[],
  listedMatched: readonly boolean[],
  queryAligned: readonly boolean[],
  n: IndexedName,
  left: number,
): boolean {
  if (!listedMatched.every((m, i) => m || i === left || !n.required[i])) return false;
  if (!queryAligned.every(Boolean)) return false;
  const ordered = [...pairs].sort((x, y) => x.aStart - y.aStart);
  return ordered.every((p, k) => k === 0 || p.bStart > ordered[k - 1].bStart);
}

/**
 * Exact score of one listed name against the screened tokens, or -1 when a required listed token is not
 * aligned. The score is a rarity-weighted Dice coefficient:
 *   (Σ_aligned sim·w(listed) + Σ_aligned sim·w(screened)) / (W_listed + W_screened)
 * where w(token) = ln(1 + N / df) over the N indexed names (ln(1 + N) for a token not on the list);
 * W_listed counts required and aligned tokens fully and unaligned optional ones at 25 %; a screened token
 * aligned to a listed token takes that token's weight (a typo does not make a token "rare"); an unaligned
 * screened token counts at EXTRA_TOKEN_FACTOR (50 %) of its weight, or LEGAL_FORM_NOISE_WEIGHT when it looks
 * like a misspelt legal-form word. An alias of at most two tokens matches only when every screened token
 * is aligned with it: being contained in a longer name is not enough. Rounded to 4 decimals (so
 * comparisons are stable across platforms).
 */
export function scoreName(
  n: IndexedName,
  query: readonly string[],
  queryWeights: readonly number[],
  sim: (listed: string, screened: string) => number,
): number {
  const pairs = alignTokens(n.tokens, query, MIN_TOKEN_SIMILARITY, sim);
  // A short alias ("Kim Song") inside a longer screened name ("Kim Song Min") must cover the screened
  // name too (below), and a screened word may not hide in a fuzzy join with its neighbour ("song min" ≈ "song").
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
      } else if (forgiven === 0 && (n.innerWordsMask & bitOf(i)) !== 0 && dropsOnlyInnerWord(pairs, listedMatched, queryAligned, n, i)) {
        // One inner word of an organisation name left out, the rest in order ("Korea Mining Trading
        // Corporation" for "KOREA MINING DEVELOPMENT TRADING CORPORATION"), as OFAC's own search finds it.
        forgiven++;
        optional = true;
      } else {
        return -1;
      }
    }
    total += listedMatched[i] || !optional ? n.weights[i] : OPTIONAL_UNMATCHED_FACTOR * n.weights[i];
  }
  // Coverage of both names: a short alias must account for every word of the screened name, not merely
  // be contained in it ("Hernandez Adan Ali" is not the alias "HERNANDEZ, Adan"); an added particle
  // ("al", "bin", "de") is no word of another name.
  if (strict && query.some((t, j) => !queryAligned[j] && !ADDABLE_PARTICLES.has(t))) return -1;
  for (let j = 0; j < query.length; j++) total += queryWeight[j];
  if (total <= 0) return -1;
  return Math.round((matched / total) * 1e4) / 1e4;
}
