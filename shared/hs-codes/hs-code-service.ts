/**
 * HS code search and detail. Search: a query of digits is a code prefix; anything else a description,
 * ranked by the full-text plan of query-plan.ts with synonyms and typo tolerance. Detail: the line with
 * its hierarchy from the chapter down, and the US general duty rate.
 */
import type { Queryable } from "../db/types.ts";
import { AppError } from "../errors/app-error.ts";
import { COUNTRY_HELP, SCHEDULES, scheduleForCountry, type HsSchedule } from "./schedules.ts";
import { parseCodeQuery, queryWordCounts, titleWords, tokenizeHsQuery } from "./normalize.ts";
import { normaliseHsCode } from "../trade/hs-code.ts";
import {
  candidateAlternatives,
  candidateStems,
  expandQuery,
  isStopTerm,
  planStems,
  planTerm,
  queryRoles,
  tariffBridge,
  termFactor,
  type BridgeLookup,
  type TermRole,
  typoAlternatives,
  WEIGHTS,
  type AlternativeSource,
  type FieldAverages,
  type PlannedTerm,
  type Term,
} from "./query-plan.ts";
import {
  alternativeOrder,
  MATCH_LEVELS,
  ownStemsFound,
  rankLines,
  referencedLines,
  type CandidateLine,
  type MatchLevel,
  type ScoredLine,
} from "./score-lines.ts";
import {
  abbreviationsOf,
  buildWordVocabulary,
  closestWords,
  completions,
  longestPrefixWords,
  looksAbbreviated,
  splitJoinedWord,
  type WordVocabulary,
} from "./typo.ts";
import { loadWordNetVocabulary, type WordNetVocabulary } from "./wordnet-vocabulary.ts";
import { loadSearchReferences, type ReferenceMatch } from "./search-references.ts";
import { FUSION, vectorSide, type VectorReason } from "./embedding-search.ts";
import { forgetLineEmbeddings } from "./embedding-cache.ts";
import { fuseScores, spreadOverSubheadings } from "./rank-fusion.ts";
import { liftResidualSubheadings, RESIDUAL_RULE } from "./residual-subheadings.ts";
import { PARTIAL_LINE_RULE, partialLineFactor } from "./partial-lines.ts";
import { contextPrefixOfKey, subheadingOfKey } from "./line-groups.ts";
import { headingModelFor, priorTerms, withHeadingPrior } from "./heading-prior.ts";
import {
  favouredLines,
  MACHINE_PART_FACTOR,
  MACHINE_PARTS_RULE,
  machineTerms,
  partCue,
  readMachinePart,
  type MachinePartReading,
} from "./machine-parts.ts";
import { MATERIAL_RULE, MATERIAL_SHARE, namedMaterials, offerMaterialResiduals, type NamedMaterial } from "./material-residuals.ts";
import { broughtSubheadings, firedRules, ruleFactor, withinHeadingMove, type FiredRule } from "./reading-rules.ts";
import { everydayWords } from "./synonyms.ts";
import {
  findLineWithAncestors,
  hasLinesUnder,
  hasValidityPeriods,
  lexizeWords,
  linesByKey,
  loadDescriptions,
  loadFieldAverages,
  loadStemCounts,
  scheduleLineCount,
  searchByCodePrefix,
  wcoDescriptions,
  type HsSearchRow,
  type SearchBuild,
  type StemCount,
  type TreeLine,
} from "./hs-code-repository.ts";
import { buildHierarchy, fullDescription, hsLevelCodes, type HierarchyEntry } from "./hierarchy.ts";
import { osaDistance } from "../text/edit-distance.ts";
import { PLATFORM_ERRORS } from "../errors/platform-errors.ts";
import { HS_CODES_ERRORS } from "./hs-codes-errors.ts";
import { candidateLines, firstListedLine, type LineIndex, type ListedOn } from "./line-index.ts";
import { loadLineIndex } from "./stored-line-index.ts";

export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 100;

export interface HsSearchResult {
  code: string;
  description: string;
  /** The descriptions from the heading (or chapter) down to the line, joined with " > ". */
  full_description: string;
  /** Alpha-2 of the schedule (EU for the Combined Nomenclature); null for the WCO reference. */
  country: string | null;
  chapter: string;
  /** Significant digits of the code: 2 chapter, 4 heading, 6 subheading, 8/10 national lines. */
  level: number;
  /** US: the general (column 1) rate of duty; null elsewhere and on US lines without a rate. */
  duty_rate: string | null;
  /** Text searches: the rank score (higher is better; comparable within one answer only). */
  score?: number;
  /** Text searches: the query terms the line matched. */
  matched?: HsMatchedTerm[];
}

export interface HsCorrection {
  word: string;
  replaced_by: string[];
  /** typo: misspelt word; completion: a cut-off word completed; split: words written together; abbreviation: vowels left out ("shdw"). */
  kind: "typo" | "completion" | "split" | "abbreviation";
}

/** Why a result matched: per query term, the words that matched and where. */
export interface HsMatchedTerm {
  /** The query's words. */
  term: string;
  /** The words found in the line's text (the query's own, or their tariff wording). */
  words: string[];
  /**
   * How the words were read; "reference": a search reference of the UK Trade Tariff names the subheading
   * (term is the reference). Found by word vectors (issue 27): "embedding", the line's words (`words`) are
   * near the query's (`term`, the query words nearest the line); "example", a search reference near the
   * query in meaning names the subheading (`term` the reference, `words` the query words nearest it).
   */
  via: AlternativeSource | "reference" | "embedding" | "example";
  /**
   * "line": in the line's own description; "parent": only in a heading or subheading above it;
   * "subheading": only in the national schedules' lines under the same 6-digit subheading.
   */
  level: MatchLevel;
  /**
   * How the query's term was read (issue 27): "product" the head product noun, "goods" another goods
   * word, "attribute" a material, quality or unknown word, "context" after "for/with/in" (what it is
   * for). Absent on a reference.
   */
  role?: TermRole;
  /** embedding and example: the cosine of the query's vector and the line's or the reference's (0–1). */
  similarity?: number;
  /**
   * via "rule" (issue 27): the reading rule (reading-rules.ts) whose cue (`term`) moved the line, and how:
   * "favour" (its code is what the rule reads the title as) or "disfavour" (what the rule rules out);
   * `words` then holds the code prefix that decided. A rule's added tariff words ("stones" for "zircon")
   * are listed as a term of their own with via "rule" and the rule's id. Rule "residual-subheading"
   * (residual-subheadings.ts): a residual 6-digit subheading ("Other:") lifted towards its heading's best
   * line, whose code is `term`; `words` the heading. Rule "partial-line" (partial-lines.ts), effect
   * "disfavour": the title has only some of the words of the line's own text; `term` says how many of
   * its distinct stems ("1 of 2"), `words` the stems it has. Rule "parts-of-machine" (machine-parts.ts), effect
   * "favour": the title's head noun is a part word ("roller", "spacer", "ring"), its other words name a
   * machine of chapters 84, 85, 90 or 91, and this is a "Parts" line of that machine's heading or of the
   * parts heading the notes give it; `term` the part word, `words` the machine's heading. Rule
   * "article-of-material" (material-residuals.ts), effect "favour": the title names a material (`term`) and
   * this is its residual subheading of articles no heading names (`words`: "392690").
   */
  rule?: string;
  effect?: "favour" | "disfavour";
}

export interface HsSearchResponse {
  results: HsSearchResult[];
  total: number;
  schedule: HsSchedule;
  match: "code_prefix" | "text";
  /** Query words that occur nowhere in the schedule and were read as their closest known words. */
  corrections?: HsCorrection[];
  /** No query word matched; the results are the best partial matches of loosely corrected words. */
  fallback?: boolean;
}

export interface HsCodeRecord {
  code: string;
  description: string;
  full_description: string;
  country: string | null;
  schedule: HsSchedule;
  chapter: string;
  heading: string | null;
  subheading: string | null;
  level: number;
  duty_rate: string | null;
  hierarchy: HierarchyEntry[];
}

export function resolveSchedule(country: string | undefined): HsSchedule {
  const choice = scheduleForCountry(country);
  if (choice.ok) return choice.schedule;
  throw new AppError(HS_CODES_ERRORS.SVC_HS_002, `There is no tariff schedule for country "${choice.country}". Use ${COUNTRY_HELP}.`, {
    details: { field: "country", country: choice.country },
  });
}

function notLoaded(schedule: HsSchedule): AppError {
  return new AppError(
    HS_CODES_ERRORS.SVC_HS_003,
    `The ${SCHEDULES[schedule].name} has not been imported yet; run npm run reference:import -- --dir <reference files>.`,
    {
      details: { schedule },
    },
  );
}

/** Why a text search answered a line: what scored it and each reading that moved or brought it. */
interface LineWhy {
  scored?: ScoredLine;
  terms?: readonly PlannedTerm[];
  reference?: ReferenceMatch;
  fused?: { score: number; reason?: VectorReason };
  fired?: readonly FiredRule[];
  /** residual-subheadings.ts: the code of the line whose score it took a share of. */
  residualOf?: string;
  machinePart?: MachinePartReading;
  /** material-residuals.ts: the material the title names whose residual subheading this is. */
  material?: NamedMaterial;
}

function toResult(schedule: HsSchedule, r: HsSearchRow, why: LineWhy = {}): HsSearchResult {
  const { scored, terms, reference, fused, fired = [], residualOf, machinePart, material } = why;
  const matched: HsMatchedTerm[] = [];
  if (reference) matched.push({ term: reference.term, words: reference.words, via: "reference", level: "subheading" });
  if (terms && scored) {
    // Per term, the alternative that scored best explains the match.
    const order = alternativeOrder(terms);
    const { alternativeScores: scores, alternativeLevels: levels } = scored;
    const best = new Map<number, number>();
    order.forEach(([ti], k) => {
      if (!(scores[k] > 0) || levels[k] < 0) return;
      const prev = best.get(ti);
      if (prev === undefined || scores[k] > scores[prev]) best.set(ti, k);
    });
    for (const [ti, k] of [...best.entries()].sort((a, b) => a[0] - b[0])) {
      const a = terms[ti]?.alternatives[order[k][1]];
      if (a) {
        const role = terms[ti].role;
        const rule = a.via === "rule" ? fired.find((f) => f.cue === terms[ti].text && f.rule.reads)?.rule.id : undefined;
        matched.push({
          term: terms[ti].text,
          words: a.words,
          via: a.via,
          level: MATCH_LEVELS[levels[k]],
          ...(role ? { role } : {}),
          ...(rule ? { rule } : {}),
        });
      }
    }
  }
  for (const f of ruleFactor(fired, r.code).moved) {
    const favour = f.rule.favour.find((p) => r.code.startsWith(p));
    const prefix = favour ?? f.rule.disfavour.find((p) => r.code.startsWith(p)) ?? "";
    matched.push({ term: f.cue, words: [prefix], via: "rule", level: "line", rule: f.rule.id, effect: favour ? "favour" : "disfavour" });
  }
  const partial = scored ? partialOf(scored.line) : undefined;
  if (partial && partial.factor < 1) {
    // The title has only part of what this line's own text names ("shoes" of "Golf shoes").
    matched.push({
      term: `${partial.found.length} of ${partial.ownStems}`,
      words: partial.found,
      via: "rule",
      level: "line",
      rule: PARTIAL_LINE_RULE,
      effect: "disfavour",
    });
  }
  if (machinePart) {
    // Section XVI Note 2(b): a part of the machine the title names goes with it, in its heading's parts lines.
    matched.push({
      term: machinePart.cue,
      words: [machinePart.machine],
      via: "rule",
      level: "line",
      rule: MACHINE_PARTS_RULE,
      effect: "favour",
    });
  }
  if (residualOf) {
    // GRI 6: the title names no specific subheading of this heading that outranked this residual one.
    matched.push({ term: residualOf, words: [r.code.slice(0, 4)], via: "rule", level: "line", rule: RESIDUAL_RULE, effect: "favour" });
  }
  if (material) {
    // Articles of a material the tariff names no heading for go to that material's residual subheading.
    matched.push({
      term: material.cue,
      words: [material.material.residual],
      via: "rule",
      level: "line",
      rule: MATERIAL_RULE,
      effect: "favour",
    });
  }
  if (fused?.reason) {
    const v = fused.reason;
    matched.push({
      term: v.term,
      words: v.words,
      via: v.via,
      level: v.via === "example" ? "subheading" : "line",
      similarity: v.similarity,
    });
  }
  return {
    code: r.code,
    description: r.description,
    full_description: r.full_description,
    country: SCHEDULES[schedule].country,
    chapter: r.chapter,
    level: r.level,
    duty_rate: r.duty_rate,
    ...(fused !== undefined
      ? { score: Math.round(fused.score * 1000) / 1000, matched }
      : scored === undefined
        ? {}
        : { score: Math.round(scored.score * 1000) / 1000, matched }),
  };
}

// ---------- per-database caches of the vocabulary, keyed by the index build ----------

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
async function stemsAndBuild(
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

interface ScheduleVocabulary {
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

function vocabularyFor(db: Queryable, schedule: HsSchedule, build: SearchBuild): ScheduleVocabulary {
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

function wordsFor(db: Queryable, schedule: HsSchedule, v: ScheduleVocabulary): Promise<WordVocabulary> {
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

function lineIndexFor(db: Queryable, schedule: HsSchedule, v: ScheduleVocabulary): Promise<LineIndex> {
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
async function shownLines(
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

// ---------- search ----------

export interface SearchOptions {
  q: string;
  country?: string;
  limit?: number;
  /** Fuse the word vectors with BM25F (the TDS_HS_WORD_VECTORS setting; off unless given). */
  wordVectors?: boolean;
}

export async function searchHsCodes(db: Queryable, options: SearchOptions): Promise<HsSearchResponse> {
  const schedule = resolveSchedule(options.country);
  const limit = Math.min(MAX_SEARCH_LIMIT, Math.max(1, Math.trunc(options.limit ?? DEFAULT_SEARCH_LIMIT)));
  const prefix = parseCodeQuery(options.q);
  if (prefix !== null) {
    const { rows, total } = await searchByCodePrefix(db, schedule, prefix, limit);
    if (total === 0 && (await scheduleLineCount(db, schedule)) === 0) throw notLoaded(schedule);
    return { results: rows.map((r) => toResult(schedule, r)), total, schedule, match: "code_prefix" };
  }
  return searchText(db, schedule, options.q, limit, options.wordVectors ?? false);
}

type Replacement = { kind: HsCorrection["kind"]; words: string[] };

/**
 * How to read a query word that occurs nowhere in the schedule. A word WordNet knows is a real word
 * (a brand name may be one too): it is never replaced, only read through the bridge. Any other word is
 * a name (a brand, a model: "YCS", "esc", "amd") and left alone (issue 27), unless, in this order: it is
 * hyphenated or written together from known words (split), its vowels are left out and it has 4+ letters
 * ("prtbl"), it is the query's last word cut off ("chamomil": completed from the schedule's words), it
 * is one edit from a common product word ("labtop" → laptop), or two from a goods noun ("bycicle").
 */
function replacementFor(word: string, vocab: WordVocabulary, wordnet: WordNetVocabulary, last: boolean): Replacement | null {
  if (word.includes("-")) {
    // A hyphenated word the schedule does not have as a whole ("oss-topper-king"): its parts.
    const parts = word.split("-").filter((p) => p.length >= 2);
    return parts.length >= 2 ? { kind: "split", words: parts } : null;
  }
  if (wordnet.isKnownWord(word)) return null;
  // Shop systems shorten words by leaving out vowels ("cndtnr"): read those before a near word that
  // merely shares a few letters. Three letters ("ycs", "amd") are more often a name than an abbreviation.
  if (word.length >= 4 && looksAbbreviated(word)) {
    const full = abbreviationsOf(vocab, word);
    if (full.length > 0) return { kind: "abbreviation", words: full };
  }
  if (last && word.length >= 4) {
    const completed = completions(vocab, word);
    if (completed.length > 0) return { kind: "completion", words: completed };
  }
  // One edit away from a common product word is a typo ("labtop"), before a split into two short words.
  const near = closestWords(vocab, word);
  const closest = near.filter((w) => osaDistance(word, w, 1) <= 1 && isCommonProductWord(w, vocab, wordnet));
  if (closest.length > 0) return { kind: "typo", words: closest };
  const parts = splitJoinedWord(word, (w) => vocab.counts.has(w) || wordnet.isKnownWord(w), vocab);
  if (parts) return { kind: "split", words: parts };
  // Two edits (words of 6+ letters, typo.ts) only towards goods nouns with the same first letter
  // ("bycicle" → bicycle): misspellings keep the first letter, and a brand or name that far from a tariff
  // word is not read as it ("Figaro" chain is no cigar, "cosplay" no display).
  const goods = near.filter((w) => wordnet.classOf(w) === "goods" && w[0] === word[0]);
  return goods.length > 0 ? { kind: "typo", words: goods } : null;
}

/**
 * A word a misspelling may be read as: goods in WordNet, an everyday word of the synonym table, or an
 * English word in at least two of the schedule's texts (not a rare term or a code fragment).
 */
function isCommonProductWord(word: string, vocab: WordVocabulary, wordnet: WordNetVocabulary): boolean {
  if (wordnet.classOf(word) === "goods" || everydayWordSet().has(word)) return true;
  return wordnet.isKnownWord(word) && (vocab.counts.get(word) ?? 0) >= COMMON_WORD_TEXTS;
}

/** Texts of the schedule an English word must be in to count as common. */
const COMMON_WORD_TEXTS = 2;
let everyday: Set<string> | null = null;
const everydayWordSet = () => (everyday ??= new Set(everydayWords()));

function replacementTerms(word: string, r: Replacement, bridge: BridgeLookup): Term[] {
  if (r.kind === "split") {
    return expandQuery(r.words, bridge).map((t) => ({
      ...t,
      alternatives: t.alternatives.map((a) => ({ ...a, weight: a.weight * WEIGHTS.split, via: a.via === "query" ? "split" : a.via })),
    }));
  }
  const weight = r.kind === "completion" ? WEIGHTS.completion : r.kind === "abbreviation" ? WEIGHTS.abbreviation : WEIGHTS.typo;
  return [
    { text: word, alternatives: typoAlternatives(r.words).map((a) => ({ ...a, weight: (a.weight / WEIGHTS.typo) * weight, via: r.kind })) },
  ];
}

async function searchText(db: Queryable, schedule: HsSchedule, q: string, limit: number, wordVectors: boolean): Promise<HsSearchResponse> {
  const wordnet = await loadWordNetVocabulary();
  const tokens = tokenizeHsQuery(q);
  // How a customs classifier reads the title (reading-rules.ts): moves lines by code, may add tariff words.
  const fired = firedRules(q);
  const materials = namedMaterials(q);
  const ruleTerms: Term[] = fired.flatMap((f) =>
    f.rule.reads
      ? [
          {
            text: f.cue,
            alternatives: [{ words: [...f.rule.reads], weight: WEIGHTS.rule, via: "rule" as const }],
            factor: 1,
            role: "attribute" as const,
          },
        ]
      : [],
  );
  const wordsOf = (list: readonly Term[]) => list.flatMap((t) => t.alternatives.flatMap((a) => a.words));
  // Every WordNet target's words are stemmed with the query's; the bridge then keeps the targets the
  // schedule's texts have (tariffBridge).
  const { build, stems } = await stemsAndBuild(db, schedule, [
    ...new Set([...wordsOf(expandQuery(tokens, wordnet.bridge)), ...wordsOf(ruleTerms)]),
  ]);
  if (build === null || build.lineCount === 0) throw notLoaded(schedule);
  const vocab = vocabularyFor(db, schedule, build);
  const [stemCounts, fields, index] = await Promise.all([vocab.stems, vocab.fields, lineIndexFor(db, schedule, vocab)]);
  const unstemmed = new Set<string>();
  const bridge = tariffBridge(wordnet.bridge, (w) => {
    const st = stems.get(w);
    if (!st) unstemmed.add(w);
    return !!st && st.every((s) => (stemCounts.get(s)?.lines ?? 0) > 0 || (stemCounts.get(s)?.shared ?? 0) > 0);
  });
  /** Terms of `expand` with the bridge, once every word a target of it has is stemmed. */
  const withBridge = async (expand: () => Term[]): Promise<Term[]> => {
    for (;;) {
      unstemmed.clear();
      const out = expand();
      const more = [...new Set([...unstemmed, ...wordsOf(out)])].filter((w) => !stems.has(w));
      if (more.length === 0) return out;
      const found = (await stemsAndBuild(db, schedule, more)).stems;
      for (const [w, st] of found) stems.set(w, st);
      // A word the database gave no stems for: a stop word (so no round is repeated for it).
      for (const w of more) if (!stems.has(w)) stems.set(w, []);
    }
  };
  const terms = await withBridge(() => expandQuery(tokens, bridge));
  const stats = {
    df: (s: string) => stemCounts.get(s)?.lines ?? 0,
    dfOwn: (s: string) => stemCounts.get(s)?.own ?? 0,
    dfShared: (s: string) => stemCounts.get(s)?.shared ?? 0,
    lines: build.lineCount,
    sharedDocs: fields.sharedDocs,
  };
  const stemsOf = (w: string) => stems.get(w);
  // The head product noun and the other words' roles (issue 27): by position and part of speech.
  const roles = queryRoles(tokens, wordnet.classOf, (w) => (stems.get(w) ?? [""]).length === 0, queryWordCounts(q), titleWords(q));
  for (const t of terms) Object.assign(t, termFactor(t, tokens, roles));
  const roleOfWord = (w: string) => termFactor({ text: w, alternatives: [] }, tokens, roles);

  const planned: PlannedTerm[] = [];
  // Each planned term's place in the query: replacements take the place of the word they replace, so that
  // the last term (the head of the phrase, weighted most) is the last one the trader wrote.
  const place = new Map<PlannedTerm, number>();
  const placeOf = new Map(terms.map((t, i) => [t.text, i]));
  const unmatched: Term[] = [];
  for (const term of terms) {
    const p = planTerm(term, stemsOf, stats);
    if (p) {
      planned.push(p);
      place.set(p, placeOf.get(term.text) ?? 0);
    } else if (!isStopTerm(term, stemsOf) && term.role !== "context") unmatched.push(term);
    // An unknown word after "for/with/in" is mostly a name ("for Xiaomi Redmi"): not worth correcting.
  }
  for (const term of ruleTerms) {
    const p = planTerm(term, stemsOf, stats);
    if (!p) continue;
    planned.push(p);
    place.set(p, -1);
  }

  const corrections: HsCorrection[] = [];
  /** How the search references read a replaced word (its first reading; every part of a split). */
  const readAs = new Map<string, string[]>();
  let fallback = false;
  const retryWith = async (retry: Array<{ word: string; r: Replacement; terms?: Term[] }>, factor: number) => {
    await withBridge(() => {
      for (const x of retry) x.terms = replacementTerms(x.word, x.r, bridge);
      return retry.flatMap((x) => x.terms ?? []);
    });
    for (const x of retry) {
      let used = false;
      for (const t of x.terms ?? []) {
        const p = planTerm(
          { ...t, ...roleOfWord(x.word), alternatives: t.alternatives.map((a) => ({ ...a, weight: a.weight * factor })) },
          stemsOf,
          stats,
        );
        if (!p) continue;
        planned.push(p);
        place.set(p, (placeOf.get(x.word) ?? 0) + (x.terms ?? []).indexOf(t) / 100);
        used = true;
      }
      if (used) corrections.push({ word: x.word, replaced_by: x.r.words, kind: x.r.kind });
    }
  };
  if (unmatched.length > 0) {
    // Words found nowhere in the schedule: completed, split or corrected (replacementFor).
    const wordVocab = await wordsFor(db, schedule, vocab);
    const retry: Array<{ word: string; r: Replacement; terms?: Term[] }> = [];
    for (const term of unmatched) {
      if (term.text.includes(" ")) continue;
      const last = term.text === tokens[tokens.length - 1];
      const key = last ? `${term.text}|last` : term.text;
      let r = vocab.corrections.get(key);
      if (r === undefined) {
        r = replacementFor(term.text, wordVocab, wordnet, last);
        if (vocab.corrections.size < 10_000) vocab.corrections.set(key, r);
      }
      if (r) retry.push({ word: term.text, r });
    }
    for (const x of retry) readAs.set(x.word, x.r.kind === "split" ? x.r.words : x.r.words.slice(0, 1));
    if (retry.length > 0) await retryWith(retry, 1);
    if (planned.length === 0) {
      // Nothing matched at all: rather than no answer, the closest words of real words too, else the
      // words sharing the longest beginning, at a low weight, flagged as a fallback.
      const loose: Array<{ word: string; r: Replacement; terms?: Term[] }> = [];
      for (const term of unmatched) {
        if (term.text.includes(" ")) continue;
        const closest = wordnet.isKnownWord(term.text) ? closestWords(wordVocab, term.text) : [];
        const words = closest.length > 0 ? closest : longestPrefixWords(wordVocab, term.text);
        const r: Replacement = { kind: "typo", words };
        if (words.length > 0) loose.push({ word: term.text, r });
      }
      if (loose.length > 0) {
        await retryWith(loose, WEIGHTS.fallback);
        fallback = planned.length > 0;
      }
    }
  }

  const base = {
    schedule,
    match: "text" as const,
    ...(corrections.length > 0 ? { corrections } : {}),
    ...(fallback ? { fallback: true } : {}),
  };
  const references = (await loadSearchReferences(db, build.referencesAt)).match(tokens.flatMap((t) => readAs.get(t) ?? [t]));
  if (planned.length === 0 && references.length === 0) return { results: [], total: 0, ...base };
  planned.sort((a, b) => (place.get(a) ?? 0) - (place.get(b) ?? 0));
  const stemList = planStems(planned);
  const headingModel = headingModelFor(index);
  // Section XVI Note 2(b): a part word heads the title and its other words name a machine (machine-parts.ts);
  // the machine is looked for only when the head is a part word.
  const machinePart =
    partCue(tokens, roles.head) === null
      ? null
      : readMachinePart(headingModel, tokens, roles.head, priorTerms(index, machineTerms(planned, wordnet.classOf)));
  const partLines = machinePart ? favouredLines(machinePart, index) : null;
  // A rule reading the goods as those of a heading whose texts lack the title's words brings its lines.
  const subheadings = [
    ...new Set([
      ...references.map((m) => m.subheading),
      ...broughtSubheadings(
        fired.filter((f) => !f.rule.withinHeading),
        index.groupIds.keys(),
      ),
      ...(partLines?.subheadings ?? []),
    ]),
  ];
  // UTC: the day PostgreSQL's current_date gives on a database in UTC (Supabase's default).
  const listedOn: ListedOn = { today: new Date().toISOString().slice(0, 10), validity: hasValidityPeriods(schedule) };
  const request = (allTerms: boolean) => ({
    select: candidateStems(planned, { allTerms }),
    stems: stemList,
    subheadings,
    limit,
    ...listedOn,
  });
  let allTerms = false;
  let candidates = candidateLines(index, request(allTerms));
  if (candidates.length === 0 && candidateAlternatives(planned).length < planned.reduce((n, t) => n + t.alternatives.length, 0)) {
    // The best alternatives are in no line of this schedule (only in another schedule's texts): all of them.
    allTerms = true;
    candidates = candidateLines(index, request(allTerms));
  }
  // A rule that reads a heading's subheading brings that subheading's lines under the headings reached.
  const bringsWithin = fired.filter((f) => f.rule.withinHeading && f.rule.bringsLines);
  const within =
    bringsWithin.length === 0
      ? []
      : broughtSubheadings(bringsWithin, index.groupIds.keys(), new Set(candidates.map((c) => c.code.slice(0, 4)))).filter(
          (k) => !subheadings.includes(k),
        );
  if (within.length > 0) {
    // Only those subheadings' lines: the title's words selected the others already.
    const have = new Set(candidates.map((c) => c.lineKey));
    const brought = candidateLines(index, { ...request(allTerms), select: [], subheadings: within });
    candidates = [...candidates, ...brought.filter((c) => !have.has(c.lineKey))];
  }
  const referenced = referencedLines(candidates, references);
  const bonus = new Map([...referenced].map(([key, m]) => [key, REFERENCE_WEIGHT * m.score]));
  // Fusion with the embedding side (issue 27): BM25F's best lines and the lines the word vectors propose,
  // by BM25F's score plus the cosines (rank-fusion.ts, docs/hs-codes.md).
  const lexical = rankLines(
    planned,
    fields.averages,
    candidates,
    Math.max(limit, FUSION.lexicalDepth),
    bonus,
    // Reading rules by code, lines whose own text the title names only in part (partial-lines.ts), and
    // the parts lines of the machine a part is for (machine-parts.ts).
    (line) =>
      (fired.length > 0 ? ruleFactor(fired, line.code).factor : 1) *
      partialOf(line).factor *
      (partLines?.keys.has(line.lineKey) ? MACHINE_PART_FACTOR : 1),
    fired.some((f) => f.rule.withinHeading) ? (line) => withinHeadingMove(fired, line.code) : undefined,
  );
  const vectors = wordVectors ? await vectorSide(db, schedule, build, tokens, (_, i) => roles.factors[i] ?? 0, roles.head) : null;
  const scoredByKey = new Map(lexical.map((x) => [x.line.lineKey, x]));
  // GRI 6: a residual subheading ("Other:") takes a share of its heading's best line (residual-subheadings.ts).
  const residuals = liftResidualSubheadings(
    withHeadingPrior(headingModel, index, planned, lexical),
    (key) => {
      const line = scoredByKey.get(key)?.line;
      return line && { code: line.code, residual: line.level === 6 && line.lengths.own === 0 };
    },
    RESIDUAL_LIFT,
  );
  // Articles of a named material: that material's residual subheading among the first (material-residuals.ts).
  const offered = new Map<string, NamedMaterial>();
  const withPrior = offerMaterialResiduals(
    residuals.lines,
    materials.flatMap((m) => {
      const key = firstListedLine(index, m.material.residual, listedOn);
      return key === null ? [] : [{ key, named: m }];
    }),
    MATERIAL_SHARE,
    (key, named) => offered.set(key, named),
  );
  const subheadingOf = subheadingOfKey(index);
  const ordered = vectors
    ? fuseScores(withPrior, vectors.proposed, vectors.similarity, vectors.exampleSimilarity, FUSION.weights)
    : withPrior;
  const page: Array<{ key: string; scored?: ScoredLine; fused?: { score: number; reason?: VectorReason } }> = spreadOverSubheadings(
    spreadOverSubheadings(ordered, (k) => subheadingOf(k)?.slice(0, 4), PAGE_SPREAD.heading),
    subheadingOf,
    PAGE_SPREAD.subheading,
    contextPrefixOfKey(index),
  )
    .slice(0, limit)
    .map((f) => {
      const scored = scoredByKey.get(f.key);
      // The vector side explains a line it brought (BM25F did not rank it) or one a labelled example named.
      return {
        key: f.key,
        scored,
        fused: vectors ? { score: f.score, reason: vectors.reason(f.key, scored !== undefined) } : { score: f.score },
      };
    });
  const rows = await shownLines(
    db,
    schedule,
    vocab,
    page.map((x) => x.key),
  );
  const ranked = new Set([...candidates.map((c) => c.lineKey), ...page.map((x) => x.key)]);
  return {
    // A line re-imported away between the two reads is left out.
    results: page.flatMap((x) => {
      const r = rows.get(x.key);
      const part = machinePart && partLines?.keys.has(x.key) ? machinePart : undefined;
      return r
        ? [
            toResult(schedule, r, {
              scored: x.scored,
              terms: planned,
              reference: referenced.get(x.key),
              fused: x.fused,
              fired,
              residualOf: residuals.lifted.get(x.key),
              machinePart: part,
              material: offered.get(x.key),
            }),
          ]
        : [];
    }),
    total: ranked.size,
    ...base,
  };
}

/**
 * The answer spread over headings and subheadings (rank-fusion.ts spreadOverSubheadings): a line's score
 * × these per line of its heading, and of its subheading, ranked above it. The subheading factor is
 * small: the first page shows each subheading's best line before a second line of any of them (the
 * other readings of a title before more national lines of one). Chosen on HSCodeComp's dev half
 * (docs/hs-codes.md, "One line per subheading first"); 1 leaves the order as scored.
 */
export const PAGE_SPREAD = { heading: 0.95, subheading: 0.05 };

/**
 * A residual 6-digit subheading's score: at least this share of its heading's best line's
 * (residual-subheadings.ts; 0 leaves the order as scored). Chosen on HSCodeComp's dev half
 * (docs/hs-codes.md: 0.9 and 1 gain 2 listings, 0.95 gains 3).
 */
export const RESIDUAL_LIFT = 0.95;

/** partial-lines.ts's factor of a candidate line, with the own stems it counted (matched[] says them). */
function partialOf(line: CandidateLine) {
  const found = ownStemsFound(line);
  const ownStems = line.ownWords ?? line.lengths.own;
  return { ...partialLineFactor({ level: line.level, ownStems, ownFound: found.length }), found, ownStems };
}

/** How much a matched search reference adds to the text score of the line it names (its score × this). */
export const REFERENCE_WEIGHT = 1;

// ---------- detail ----------

/**
 * The lines to try for a requested code, most specific first. UK codes are zero-padded to 10 digits;
 * an EU 10-digit code ending in 00 without a TARIC line is its CN 8-digit line.
 */
function candidateCodes(schedule: HsSchedule, digits: string): string[] {
  if (schedule === "uk") return [digits.padEnd(10, "0")];
  if (schedule === "eu" && digits.length === 10 && digits.endsWith("00")) return [digits, digits.slice(0, 8)];
  return [digits];
}

export async function getHsCode(db: Queryable, rawCode: string, country?: string): Promise<HsCodeRecord> {
  const schedule = resolveSchedule(country);
  const digits = normaliseHsCode(rawCode);
  if (digits === null) {
    throw new AppError(
      PLATFORM_ERRORS.SVC_REQ_002,
      `path parameter code: "${rawCode}" is not an HS code; expected 2 to 10 digits, dots and spaces allowed (e.g. 8471.30.01.00)`,
      {
        details: { field: "code" },
      },
    );
  }
  let chain: TreeLine[] = [];
  for (const c of candidateCodes(schedule, digits)) {
    chain = await findLineWithAncestors(db, schedule, c);
    if (chain.length > 0) break;
  }
  if (chain.length === 0) return hsLevelRecord(db, schedule, digits);
  const line = chain[chain.length - 1];
  const wco = await wcoDescriptions(db, hsLevelCodes(schedule, line));
  return {
    code: line.code!,
    description: line.description,
    full_description: fullDescription(chain),
    country: SCHEDULES[schedule].country,
    schedule,
    chapter: line.chapter ?? line.code!.slice(0, 2),
    heading: line.heading,
    subheading: line.subheading,
    level: line.level ?? line.code!.length,
    duty_rate: line.duty_rate,
    hierarchy: buildHierarchy(schedule, chain, wco),
  };
}

/**
 * A chapter, heading or subheading that the national schedule has no line of its own for (US 847130),
 * but has lines under: answered from the WCO reference, in the schedule's name. Otherwise 404.
 */
async function hsLevelRecord(db: Queryable, schedule: HsSchedule, digits: string): Promise<HsCodeRecord> {
  const unknown = () =>
    new AppError(HS_CODES_ERRORS.SVC_HS_001, `HS code ${digits} is not in the ${SCHEDULES[schedule].name}`, {
      details: { hs_code: digits, schedule },
    });
  if (schedule === "wco" || ![2, 4, 6].includes(digits.length)) {
    if ((await scheduleLineCount(db, schedule)) === 0) throw notLoaded(schedule);
    throw unknown();
  }
  const wco = await wcoDescriptions(
    db,
    [2, 4, 6].filter((l) => l <= digits.length).map((l) => digits.slice(0, l)),
  );
  if (!wco.has(digits) || !(await hasLinesUnder(db, schedule, digits))) {
    if ((await scheduleLineCount(db, schedule)) === 0) throw notLoaded(schedule);
    throw unknown();
  }
  const hierarchy = [...wco.entries()]
    .sort((a, b) => a[0].length - b[0].length)
    .map(([code, description]) => ({ level: code.length, code, description }));
  return {
    code: digits,
    description: wco.get(digits)!,
    full_description: hierarchy
      .filter((h) => h.level > 2 || h.code === digits)
      .map((h) => h.description.replace(/[: ]+$/, ""))
      .join(" > "),
    country: SCHEDULES[schedule].country,
    schedule,
    chapter: digits.slice(0, 2),
    heading: digits.length >= 4 ? digits.slice(0, 4) : null,
    subheading: digits.length >= 6 ? digits.slice(0, 6) : null,
    level: digits.length,
    duty_rate: null,
    hierarchy,
  };
}
