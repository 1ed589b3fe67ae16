/**
 * The UK Trade Tariff's search references: everyday, retail and brand names of goods that HMRC's tariff
 * team linked to the commodity code a trader means ("air fryer" → 8516792000, "baileys" → 2208700000,
 * "android phones" → 8517130000). A public vocabulary bridge from the words traders use to the tariff;
 * source, version and licence in docs/hs-codes.md. The reference table hs_search_references holds them
 * (imported like the schedules); the index is pure functions over its rows, built once per database and
 * import.
 *
 * A reference is matched when the last word of its name occurs in the query: "bath mats, plastic" has the
 * name "bath mats" (it names mats) and the qualifier "plastic". Its score is the rarity (idf over the
 * references) of the name's words found, times the square of the share of the name found, so that "hand
 * wash" in "boots everyday hand wash lime" counts fully and "wash" alone only a little; qualifiers found add
 * half their rarity. A subheading takes the score of its best reference.
 */
import type { Queryable } from "../db/types.ts";
import { singularWord } from "./synonyms.ts";
import { tokenizeHsQuery } from "./normalize.ts";

export interface ReferenceMatch {
  /** The 6-digit HS subheading of the referenced code. */
  subheading: string;
  /** The referenced commodity code, as the reference gives it (10 UK digits). */
  code: string;
  /** The reference as written ("bath mats, plastic"). */
  term: string;
  /** The query's words it matched. */
  words: string[];
  score: number;
}

export interface SearchReferenceIndex {
  /** The best-scoring subheadings for the query's words, best first, at most `limit`. */
  match(tokens: readonly string[], limit?: number): ReferenceMatch[];
  /** Every word of the references' names and qualifiers (for reading abbreviations and typos). */
  words(): string[];
  /** Every reference as written, with the code it names (the labelled examples of the embedding side). */
  entries: ReadonlyArray<{ term: string; code: string }>;
  size: number;
}

/** Subheadings a query passes on to the ranking; beyond these a reference is too weak to matter. */
export const MAX_REFERENCE_MATCHES = 8;

/** Words that join a name's parts without naming anything. */
const JOINERS = new Set(["and", "or", "of", "for", "the", "with", "without", "in", "on", "to", "by", "a", "an", "not", "other", "than"]);

function referenceWords(text: string): string[] {
  return tokenizeHsQuery(text)
    .filter((w) => !JOINERS.has(w))
    .map(singularWord);
}

interface Reference {
  term: string;
  code: string;
  name: string[];
  qualifiers: string[];
  /** Σ idf of the name's words. */
  nameWeight: number;
}

/**
 * The name of a reference is its text before the first comma or " - " with parenthesised words left out
 * ("alfalfa (lucerne) seeds" → alfalfa seeds); the rest are qualifiers (material, use, state).
 */
function splitReference(term: string): { name: string; qualifiers: string } {
  const cut = term.search(/,| - /);
  const head = cut >= 0 ? term.slice(0, cut) : term;
  const tail = cut >= 0 ? term.slice(cut + 1) : "";
  const inParens = [...head.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]).join(" ");
  return { name: head.replace(/\([^)]*\)/g, " "), qualifiers: `${inParens} ${tail}` };
}

export function buildSearchReferenceIndex(table: Readonly<Record<string, string>>): SearchReferenceIndex {
  const refs: Reference[] = [];
  for (const [term, rawCode] of Object.entries(table)) {
    const code = rawCode.replace(/[^0-9]/g, "");
    if (!/^[0-9]{6,10}$/.test(code)) continue;
    const { name, qualifiers } = splitReference(term);
    const nameWords = [...new Set(referenceWords(name))];
    if (nameWords.length === 0) continue;
    refs.push({
      term,
      code,
      name: nameWords,
      qualifiers: [...new Set(referenceWords(qualifiers))].filter((w) => !nameWords.includes(w)),
      nameWeight: 0,
    });
  }
  const df = new Map<string, number>();
  for (const r of refs) for (const w of new Set([...r.name, ...r.qualifiers])) df.set(w, (df.get(w) ?? 0) + 1);
  const idf = (w: string) => Math.log(1 + refs.length / (df.get(w) ?? 0.5));
  const byWord = new Map<string, number[]>();
  refs.forEach((r, i) => {
    r.nameWeight = r.name.reduce((s, w) => s + idf(w), 0);
    for (const w of r.name) {
      let list = byWord.get(w);
      if (!list) byWord.set(w, (list = []));
      list.push(i);
    }
  });

  return {
    size: refs.length,
    words: () => [...df.keys()],
    entries: refs.map((r) => ({ term: r.term, code: r.code })),
    match(tokens, limit = MAX_REFERENCE_MATCHES) {
      const query = new Set(tokens.map(singularWord));
      const seen = new Set<number>();
      const best = new Map<string, ReferenceMatch>();
      for (const w of query) {
        for (const i of byWord.get(w) ?? []) {
          if (seen.has(i)) continue;
          seen.add(i);
          const r = refs[i];
          // The name's last word is what it names ("bicycle chains" are chains): without it in the query the
          // reference is about something else ("bicycle" is not a search for chains).
          if (!query.has(r.name[r.name.length - 1])) continue;
          const found = r.name.filter((x) => query.has(x));
          const foundWeight = found.reduce((s, x) => s + idf(x), 0);
          const share = foundWeight / r.nameWeight;
          const qualifiers = r.qualifiers.filter((x) => query.has(x));
          const score = foundWeight * share * share + 0.5 * qualifiers.reduce((s, x) => s + idf(x), 0);
          const subheading = r.code.slice(0, 6);
          const prev = best.get(subheading);
          // Ties: the reference naming more of the query, then the one first in the table (stable).
          if (!prev || score > prev.score + 1e-9) {
            best.set(subheading, { subheading, code: r.code, term: r.term, words: [...found, ...qualifiers], score });
          }
        }
      }
      return [...best.values()].sort((a, b) => b.score - a.score || a.subheading.localeCompare(b.subheading)).slice(0, limit);
    },
  };
}

/** A row of hs_search_references. */
export interface SearchReferenceRow {
  kind: string;
  term: string;
  code: string;
  brand: string | null;
  context: string | null;
}

/**
 * The rows as index entries: a reference as written; a brand line as "<what it is>, <brand>" (HMRC's
 * context words name the goods, "Muller Frijj" only qualifies them), or its own words when it has no
 * context.
 */
export function referenceEntries(rows: readonly SearchReferenceRow[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rows) {
    const text =
      r.kind === "brand" && r.context ? `${r.context.toLowerCase()}, ${(r.brand ?? r.term).toLowerCase()}` : r.term.toLowerCase();
    if (!Object.hasOwn(out, text)) out[text] = r.code;
  }
  return out;
}

const EMPTY = buildSearchReferenceIndex({});
const indexes = new WeakMap<object, { stamp: string; index: Promise<SearchReferenceIndex> }>();

/**
 * The index of the database's hs_search_references, built once per import: `stamp` is the table's
 * reference_imports.imported_at (read with the schedule's build stamp, so no extra round trip), null when
 * it was never imported (an empty index).
 */
export function loadSearchReferences(db: Queryable, stamp: string | null): Promise<SearchReferenceIndex> {
  if (stamp === null) return Promise.resolve(EMPTY);
  const hit = indexes.get(db);
  if (hit && hit.stamp === stamp) return hit.index;
  const index = db
    .query<SearchReferenceRow>("select kind, term, code, brand, context from hs_search_references order by kind, term")
    .then((rows) => buildSearchReferenceIndex(referenceEntries(rows)));
  indexes.set(db, { stamp, index });
  index.catch(() => indexes.delete(db));
  return index;
}
