/**
 * What a description search keeps in memory per database and schedule, keyed by the schedule's index
 * build: the build stamp (re-read at most once a second), the stems of words looked up, the stem counts
 * and field averages, the word vocabulary of corrections, the line index, the rows of lines shown and
 * the corrections worked out. A warm search whose words and lines were seen before needs no query.
 */
import type { Queryable } from "../db/types.ts";
import { forgetLineEmbeddings } from "./embedding-cache.ts";
import {
  lexizeWords,
  linesByKey,
  loadDescriptions,
  loadFieldAverages,
  loadStemCounts,
  type HsSearchRow,
  type SearchBuild,
  type StemCount,
} from "./hs-code-repository.ts";
import type { LineIndex } from "./line-index.ts";
import type { FieldAverages } from "./query-plan.ts";
import type { HsSchedule } from "./schedules.ts";
import { loadSearchReferences } from "./search-references.ts";
import { loadLineIndex } from "./stored-line-index.ts";
import { everydayWords } from "./synonyms.ts";
import { buildWordVocabulary, type WordVocabulary } from "./typo.ts";
import type { Replacement } from "./word-corrections.ts";

/** How long a schedule's index build stamp is trusted before it is read again. */
export const BUILD_STATE_TTL_MS = 1000;

const builds = new WeakMap<object, Map<HsSchedule, { at: number; build: SearchBuild }>>();

/** Stems of words already looked up (the stemmer is fixed: the answer never changes). */
const stemCache = new Map<string, string[]>();
const STEM_CACHE_MAX = 50_000;

/**
 * Stems of the words and the schedule's build, with one query at most: none when every word was seen
 * before and the build was read less than BUILD_STATE_TTL_MS ago. An empty schedule is never trusted
 * from memory, so a search right after the first import sees it.
 */
export async function stemsAndBuild(
  db: Queryable,
  schedule: HsSchedule,
  words: readonly string[],
): Promise<{ build: SearchBuild | null; stems: Map<string, string[]> }> {
  let bySchedule = builds.get(db);
  if (!bySchedule) {
    bySchedule = new Map();
    builds.set(db, bySchedule);
  }
  const memo = bySchedule.get(schedule);
  const missing = words.filter((w) => !stemCache.has(w));
  let build: SearchBuild | null = memo && Date.now() - memo.at < BUILD_STATE_TTL_MS && memo.build.lineCount > 0 ? memo.build : null;
  if (build === null || missing.length > 0) {
    const r = await lexizeWords(db, schedule, missing);
    if (stemCache.size + missing.length > STEM_CACHE_MAX) stemCache.clear();
    for (const [w, st] of r.stems) stemCache.set(w, st);
    build = r.build;
    if (build) bySchedule.set(schedule, { at: Date.now(), build });
  }
  const stems = new Map<string, string[]>();
  for (const w of words) {
    const st = stemCache.get(w);
    if (st) stems.set(w, st);
  }
  return { build, stems };
}

/** Forget the remembered build stamps of a database (tests that re-import and search at once). */
export function forgetHsSearchState(db: Queryable): void {
  builds.delete(db);
  vocabularies.delete(db);
  forgetLineEmbeddings(db);
}

export interface ScheduleVocabulary {
  builtAt: string;
  referencesAt: string | null;
  stems: Promise<Map<string, StemCount>>;
  fields: Promise<{ averages: FieldAverages; sharedDocs: number }>;
  words?: Promise<WordVocabulary>;
  /** The schedule's lines and subheadings in memory (line-index.ts), built on the first description search. */
  index?: Promise<LineIndex>;
  /** Result rows of lines already shown, by line key (a warm search then needs no query for them). */
  rows: Map<string, HsSearchRow>;
  /** Replacements of unknown words already worked out (null: none). */
  corrections: Map<string, Replacement | null>;
}

const vocabularies = new WeakMap<object, Map<HsSchedule, ScheduleVocabulary>>();

export function vocabularyFor(db: Queryable, schedule: HsSchedule, build: SearchBuild): ScheduleVocabulary {
  let bySchedule = vocabularies.get(db);
  if (!bySchedule) {
    bySchedule = new Map();
    vocabularies.set(db, bySchedule);
  }
  let v = bySchedule.get(schedule);
  if (!v || v.builtAt !== build.builtAt || v.referencesAt !== build.referencesAt) {
    const stems = loadStemCounts(db, schedule);
    const fields = loadFieldAverages(db, schedule);
    // A failed load must not stay cached.
    const cache = bySchedule;
    stems.catch(() => cache.delete(schedule));
    fields.catch(() => cache.delete(schedule));
    v = { builtAt: build.builtAt, referencesAt: build.referencesAt, stems, fields, corrections: new Map(), rows: new Map() };
    bySchedule.set(schedule, v);
  }
  return v;
}

export function wordsFor(db: Queryable, schedule: HsSchedule, v: ScheduleVocabulary): Promise<WordVocabulary> {
  if (!v.words) {
    // The search references' words too: "conditioner" or "bronzer" are read from "cndtnr" or "brnzr"
    // even where the tariff's own texts do not use them.
    v.words = Promise.all([loadDescriptions(db, schedule), loadSearchReferences(db, v.referencesAt)]).then(([d, refs]) =>
      buildWordVocabulary(d, [...everydayWords(), ...refs.words()]),
    );
    v.words.catch(() => {
      v.words = undefined;
    });
  }
  return v.words;
}

export function lineIndexFor(db: Queryable, schedule: HsSchedule, v: ScheduleVocabulary): Promise<LineIndex> {
  if (!v.index) {
    // The value stored at import when it is of this build, else built from the rows (stored-line-index.ts).
    v.index = loadLineIndex(db, schedule, v.builtAt);
    v.index.catch(() => {
      v.index = undefined;
    });
  }
  return v.index;
}

/** Lines remembered per schedule build: about 10 MB at most (descriptions with their headings). */
const SHOWN_LINES_MAX = 20_000;

/** The result rows of these lines: those shown before from memory, the others in one query. */
export async function shownLines(
  db: Queryable,
  schedule: HsSchedule,
  v: ScheduleVocabulary,
  keys: readonly string[],
): Promise<Map<string, HsSearchRow>> {
  const missing = keys.filter((k) => !v.rows.has(k));
  if (missing.length > 0) {
    const read = await linesByKey(db, schedule, missing);
    if (v.rows.size + read.size > SHOWN_LINES_MAX) v.rows.clear();
    for (const [k, r] of read) v.rows.set(k, r);
  }
  const out = new Map<string, HsSearchRow>();
  for (const k of keys) {
    const r = v.rows.get(k);
    if (r) out.set(k, r);
  }
  return out;
}
