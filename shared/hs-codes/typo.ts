/**
 * Typo tolerance without pg_trgm (PGlite ships it only as a separately loaded extension, so it is not
 * there): a word of the query that occurs nowhere in the schedule is replaced by the closest words of a
 * vocabulary, by optimal string alignment distance (insertions, deletions, substitutions, adjacent
 * transpositions). The vocabulary is every word of the schedule's descriptions plus the everyday words
 * of the synonym table, so "labtop" becomes "laptop" and then the tariff's "portable automatic data
 * processing machines". Pure functions.
 */
import { descriptionWords } from "./normalize.ts";
import { singularWord } from "./synonyms.ts";
import { osaDistance } from "../text/edit-distance.ts";

export interface WordVocabulary {
  /** Word → number of descriptions containing it. */
  counts: ReadonlyMap<string, number>;
  /** Words by length, for the length filter. */
  byLength: ReadonlyMap<number, readonly string[]>;
  /** The letter masks of `byLength`'s words, index for index (letterMask), for the letter filter. */
  masksByLength: ReadonlyMap<number, Uint32Array>;
  /** Words by first letter, for abbreviations (which keep it). */
  byInitial: ReadonlyMap<string, readonly string[]>;
}

export function buildWordVocabulary(descriptions: Iterable<string>, extraWords: Iterable<string> = []): WordVocabulary {
  const counts = new Map<string, number>();
  for (const d of descriptions) {
    // Tariff texts name goods in the plural ("Bicycles"), people type the singular ("bycicle"): both count.
    const words = new Set(descriptionWords(d).flatMap((w) => [w, singularWord(w)]));
    for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  for (const w of extraWords) if (/^[a-z][a-z-]*$/.test(w) && !counts.has(w)) counts.set(w, 1);
  const byLength = new Map<number, string[]>();
  const byInitial = new Map<string, string[]>();
  for (const w of counts.keys()) {
    const list = byLength.get(w.length) ?? [];
    list.push(w);
    byLength.set(w.length, list);
    const initial = byInitial.get(w[0]) ?? [];
    initial.push(w);
    byInitial.set(w[0], initial);
  }
  const masksByLength = new Map([...byLength].map(([len, words]) => [len, Uint32Array.from(words, letterMask)]));
  return { counts, byLength, masksByLength, byInitial };
}

/**
 * The letters a word contains, as bits (a character's code modulo 32). One edit changes at most two bits
 * (a substitution: one letter gone, one come), an insertion or a deletion one, a transposition none, so
 * half the bits two masks differ in is a lower bound of the words' distance: the typo search skips, at
 * the cost of an XOR, the words that cannot be close, and measures only the rest.
 */
export function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) mask |= 1 << (word.charCodeAt(i) & 31);
  return mask >>> 0;
}

function bitCount(x: number): number {
  let n = 0;
  for (let v = x; v !== 0; v &= v - 1) n++;
  return n;
}

/** Edits allowed for a word of this length: none up to 3 letters, 1 for 4 and 5, 2 from 6 ("bycicle" → "bicycle"). */
export function maxEdits(length: number): number {
  if (length <= 3) return 0;
  if (length <= 5) return 1;
  return 2;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * The closest vocabulary words to `word` (at most `limit`): smallest distance first, then the longest
 * common beginning (people mistype the end of a word more than its start, and often stop short:
 * "shampo"), then the more frequent word, then alphabetical.
 * Empty when the word is in the vocabulary or nothing is close enough.
 */
export function closestWords(vocab: WordVocabulary, word: string, limit = 2): string[] {
  if (vocab.counts.has(word)) return [];
  const max = maxEdits(word.length);
  if (max === 0) return [];
  const found: Array<{ w: string; d: number; prefix: number; count: number }> = [];
  const mask = letterMask(word);
  for (let len = word.length - max; len <= word.length + max; len++) {
    const words = vocab.byLength.get(len) ?? [];
    const masks = vocab.masksByLength.get(len);
    for (let i = 0; i < words.length; i++) {
      if (masks && bitCount(mask ^ masks[i]) > 2 * max) continue;
      const w = words[i];
      const d = osaDistance(word, w, max);
      if (d <= max) found.push({ w, d, prefix: commonPrefix(word, w), count: vocab.counts.get(w) ?? 0 });
    }
  }
  found.sort((a, b) => a.d - b.d || b.prefix - a.prefix || b.count - a.count || (a.w < b.w ? -1 : a.w > b.w ? 1 : 0));
  const best = found.length > 0 ? found[0].d : 0;
  return found
    .filter((f) => f.d === best)
    .slice(0, limit)
    .map((f) => f.w);
}

/**
 * Completions of a cut-off word (invoice lines are cut at a fixed width: "chamomil", "deodoran"): the most
 * frequent vocabulary words that start with it, at most `limit`. Only for words of 4+ letters that the
 * vocabulary does not hold; a longer completion must add at most as many letters as the word has.
 */
export function completions(vocab: WordVocabulary, word: string, limit = 2): string[] {
  if (word.length < 4 || vocab.counts.has(word)) return [];
  const found: Array<{ w: string; count: number }> = [];
  for (let len = word.length + 1; len <= word.length * 2; len++) {
    for (const w of vocab.byLength.get(len) ?? []) if (w.startsWith(word)) found.push({ w, count: vocab.counts.get(w) ?? 0 });
  }
  found.sort((a, b) => b.count - a.count || a.w.length - b.w.length || (a.w < b.w ? -1 : a.w > b.w ? 1 : 0));
  return found.slice(0, limit).map((f) => f.w);
}

/**
 * A word written together split into known words ("ladiessyntheticfibrewovenskirt" → ladies synthetic
 * fibre woven skirt): the split into the fewest parts of 3+ letters that `isWord` accepts, ties to the
 * split whose parts are most frequent in the vocabulary. Null when there is none, or for words under
 * 7 letters.
 */
export function splitJoinedWord(word: string, isWord: (w: string) => boolean, vocab: WordVocabulary, maxParts = 6): string[] | null {
  if (word.length < 7 || !/^[a-z]+$/.test(word)) return null;
  const n = word.length;
  // best[i]: fewest parts for word.slice(i), then the largest summed log-frequency.
  const best: Array<{ parts: number; freq: number; next: number } | null> = new Array(n + 1).fill(null);
  best[n] = { parts: 0, freq: 0, next: n };
  for (let i = n - 3; i >= 0; i--) {
    for (let j = i + 3; j <= n; j++) {
      const rest = best[j];
      if (!rest || rest.parts + 1 > maxParts) continue;
      const part = word.slice(i, j);
      if (!isWord(part)) continue;
      const cand = { parts: rest.parts + 1, freq: rest.freq + Math.log(1 + (vocab.counts.get(part) ?? 0)), next: j };
      const cur = best[i];
      if (!cur || cand.parts < cur.parts || (cand.parts === cur.parts && cand.freq > cur.freq)) best[i] = cand;
    }
  }
  if (!best[0] || best[0].parts < 2) return null;
  const parts: string[] = [];
  for (let i = 0; i < n; i = best[i]!.next) parts.push(word.slice(i, best[i]!.next));
  return parts;
}

/**
 * The last resort for a word nothing else could read: the vocabulary words sharing the longest beginning
 * with it (at least 3 letters), most frequent first. Used only when no word of the query matched at all,
 * and the answer is flagged as a low-scored fallback.
 */
export function longestPrefixWords(vocab: WordVocabulary, word: string, limit = 2): string[] {
  for (let len = word.length - 1; len >= 3; len--) {
    const prefix = word.slice(0, len);
    const found: Array<{ w: string; count: number }> = [];
    for (const [w, count] of vocab.counts) if (w.startsWith(prefix) && w !== word) found.push({ w, count });
    if (found.length > 0) {
      found.sort((a, b) => b.count - a.count || (a.w < b.w ? -1 : a.w > b.w ? 1 : 0));
      return found.slice(0, limit).map((f) => f.w);
    }
  }
  return [];
}

const VOWELS = /[aeiou]/g;

/** The word without its vowels after the first letter ("shadow" → "shdw"): how retail lines abbreviate. */
export function consonantSkeleton(word: string): string {
  return word[0] + word.slice(1).replace(VOWELS, "");
}

/** A word written the way shop systems shorten words: 3+ consonants and at most one vowel after the first letter ("crm", "shdw", "cndtnr", "btter"). */
export function looksAbbreviated(word: string): boolean {
  if (!/^[a-z]{3,}$/.test(word)) return false;
  const vowels = (word.slice(1).match(VOWELS) ?? []).length;
  return vowels <= 1 && consonantSkeleton(word).length >= 3;
}

function isSubsequence(short: string, long: string): boolean {
  let i = 0;
  for (let j = 0; j < long.length && i < short.length; j++) if (long[j] === short[i]) i++;
  return i === short.length;
}

/**
 * Vocabulary words a vowel-dropped abbreviation stands for ("shdw" → shadow, "cndtnr" → conditioner,
 * "fdn" → foundation, "tbrush" → toothbrush): words with the same first letter that contain the
 * abbreviation's letters in order and at most two more consonants. Ranked by the fewest consonants left
 * out, then the more frequent word, then the shorter; at most `limit`.
 */
export function abbreviationsOf(vocab: WordVocabulary, word: string, limit = 2): string[] {
  if (!looksAbbreviated(word) || vocab.counts.has(word)) return [];
  const skeleton = consonantSkeleton(word);
  const found: Array<{ w: string; extra: number; count: number }> = [];
  for (const w of vocab.byInitial.get(word[0]) ?? []) {
    if (w.length <= word.length || w.includes("-") || !isSubsequence(word, w)) continue;
    const extra = consonantSkeleton(w).length - skeleton.length;
    if (extra <= 2) found.push({ w, extra, count: vocab.counts.get(w) ?? 0 });
  }
  found.sort((a, b) => a.extra - b.extra || b.count - a.count || a.w.length - b.w.length || (a.w < b.w ? -1 : a.w > b.w ? 1 : 0));
  return found.slice(0, limit).map((f) => f.w);
}
