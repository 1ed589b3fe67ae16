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

export interface WordVocabulary {
  /** Word → number of descriptions containing it. */
  counts: ReadonlyMap<string, number>;
  /** Words by length, for the length filter. */
  byLength: ReadonlyMap<number, readonly string[]>;
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
  for (const w of counts.keys()) {
    const list = byLength.get(w.length) ?? [];
    list.push(w);
    byLength.set(w.length, list);
  }
  return { counts, byLength };
}

/** Edits allowed for a word of this length: none up to 3 letters, 1 for 4 and 5, 2 from 6 ("bycicle" → "bicycle"). */
export function maxEdits(length: number): number {
  if (length <= 3) return 0;
  if (length <= 5) return 1;
  return 2;
}

/**
 * Optimal string alignment distance when it is at most max, else max + 1. The work stops early: a cell
 * is at least the smallest cell of the row above, or of the row before that plus one (a transposition),
 * so two rows past the bound mean the distance is too.
 */
export function boundedOsaDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const lb = b.length;
  let prev2 = new Array<number>(lb + 1).fill(0);
  let prev = Array.from({ length: lb + 1 }, (_, j) => j);
  let cur = new Array<number>(lb + 1).fill(0);
  let prevRowMin = 0;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= lb; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        v = Math.min(v, prev2[j - 2] + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max && prevRowMin >= max) return max + 1;
    prevRowMin = rowMin;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return Math.min(prev[lb], max + 1);
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
  for (let len = word.length - max; len <= word.length + max; len++) {
    for (const w of vocab.byLength.get(len) ?? []) {
      const d = boundedOsaDistance(word, w, max);
      if (d <= max) found.push({ w, d, prefix: commonPrefix(word, w), count: vocab.counts.get(w) ?? 0 });
    }
  }
  found.sort((a, b) => a.d - b.d || b.prefix - a.prefix || b.count - a.count || (a.w < b.w ? -1 : a.w > b.w ? 1 : 0));
  const best = found.length > 0 ? found[0].d : 0;
  return found.filter((f) => f.d === best).slice(0, limit).map((f) => f.w);
}
