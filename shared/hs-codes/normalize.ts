/**
 * Normalisation of HS lookups: code queries ("8471.30" → "847130") and description queries (folded,
 * tokenised). Pure functions. The folding matches hs_search_fold() in the migration, which folds the
 * indexed descriptions the same way.
 */
import { foldCharacters } from "../text/fold.ts";
import { hsCodeDigitsBetween } from "../trade/hs-code.ts";

/**
 * Most words a description query may have. The 200-character limit of q keeps a query to about 35 words;
 * a product title is read whole (its product noun is often its last word, after ten others).
 */
export const MAX_QUERY_TERMS = 40;

/** Accents and special letters folded (NFKD), lower case, typographic quotes and dashes made ASCII. */
export function foldHsText(text: string): string {
  return foldCharacters(text)
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/[\u2032\u02b9]/g, "'")
    .replace(/[\u200b\u00ad]/g, "");
}

/**
 * A query written as an HS code ("8471", "8471.30", "8471 30 01", "0101.21-00"; the forms of
 * shared/trade/hs-code.ts) is a code prefix: its digits, 1 to 10 of them. Anything else returns null
 * and is read as a description.
 */
export function parseCodeQuery(q: string): string | null {
  return hsCodeDigitsBetween(q, 1, 10);
}

/**
 * The words of a description query, folded and lower case: "Men’s Cotton T-Shirts, 100%" →
 * ["men", "cotton", "t-shirts"]. Hyphenated words stay whole (the index keeps "t-shirt" as a word as well
 * as its parts). Possessive 's is dropped, words with digits (numbers, sizes, model numbers) and single letters are dropped (they select
 * nothing useful), and at most MAX_QUERY_TERMS words are kept.
 */
export function tokenizeHsQuery(q: string): string[] {
  return [...new Set(titleWords(q))];
}

/**
 * tokenizeHsQuery's words in the order written, repeats kept ("Phone Case … Case for iPhone"): where a
 * word stands in the title (the word before "for"), which the deduplicated words do not say. It ends
 * where tokenizeHsQuery ends, so every word of it is one of the query's words.
 */
export function titleWords(q: string): string[] {
  const folded = foldHsText(q).replace(/'s\b/g, "").replace(/'/g, "");
  const out: string[] = [];
  const distinct = new Set<string>();
  for (const raw of folded.split(/[^a-z0-9-]+/)) {
    const word = raw.replace(/^-+|-+$/g, "").replace(/-{2,}/g, "-");
    // Numbers, sizes and model numbers ("300ml", "4x250ml", "se210", "7ft") name no kind of goods; a word
    // with a number stuck to it keeps its letters ("fir-7ft" → "fir", "eldoublewear05" → "eldoublewear").
    const words = /[0-9]/.test(word)
      ? word
          .split("-")
          .map((p) => p.replace(/^[0-9.]+|[0-9.]+$/g, ""))
          .filter((p) => p.length >= 4 && !/[0-9]/.test(p))
      : [word];
    for (const w of words) {
      if (w.length < 2) continue;
      out.push(w);
      distinct.add(w);
    }
    if (distinct.size >= MAX_QUERY_TERMS) break;
  }
  return out;
}

/** How often each word of tokenizeHsQuery's reading occurs in the query (singular and plural alike). */
export function queryWordCounts(q: string): Map<string, number> {
  const counts = new Map<string, number>();
  const folded = foldHsText(q).replace(/'s\b/g, "").replace(/'/g, "");
  for (const w of folded.split(/[^a-z-]+/)) {
    if (w.length < 2) continue;
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  // "bead" and "beads" are the same word to a shopper.
  for (const [w, n] of [...counts]) {
    if (w.endsWith("s") && counts.has(w.slice(0, -1))) {
      const total = n + (counts.get(w.slice(0, -1)) ?? 0);
      counts.set(w, total);
      counts.set(w.slice(0, -1), total);
    }
  }
  return counts;
}

/** The words of an indexed description, for the typo vocabulary (same folding as queries). */
export function descriptionWords(description: string): string[] {
  return foldHsText(description)
    .replace(/'s\b/g, "")
    .replace(/'/g, "")
    .split(/[^a-z-]+/)
    .map((w) => w.replace(/^-+|-+$/g, ""))
    .filter((w) => w.length >= 2);
}
