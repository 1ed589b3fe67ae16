/**
 * The one object a description search hands from step to step (search-text.ts): the request, then the
 * part each step adds. A step reads the parts of the steps before it and returns its own, which
 * search-text.ts adds to the object.
 */
import type { Queryable } from "../../db/types.ts";
import type { VectorReason } from "../embedding-search.ts";
import type { HeadingModel } from "../heading-prior.ts";
import type { SearchBuild, StemCount } from "../hs-code-repository.ts";
import type { CandidateLine, ScoredLine } from "../score-lines.ts";
import type { LineIndex, ListedOn } from "../line-index.ts";
import type { MachinePartReading } from "../machine-parts.ts";
import type { NamedMaterial } from "../material-residuals.ts";
import type { BridgeLookup, FieldAverages, PlannedTerm, QueryRoles, StemStats, Term, TermRole } from "../query-plan.ts";
import type { FiredRule } from "../reading-rules.ts";
import type { HsSchedule } from "../schedules.ts";
import type { HsCorrection } from "../search-answer.ts";
import type { ScheduleVocabulary } from "../search-caches.ts";
import type { ReferenceMatch } from "../search-references.ts";
import type { WordNetVocabulary } from "../wordnet-vocabulary.ts";

/** What was asked. */
export interface TextSearchRequest {
  db: Queryable;
  schedule: HsSchedule;
  q: string;
  limit: number;
  /** Fuse the word vectors with BM25F. */
  wordVectors: boolean;
}

/** read-query.ts: the query's words and terms, and the schedule's build, statistics and index. */
export interface QueryReading {
  wordnet: WordNetVocabulary;
  tokens: string[];
  /** The reading rules the title fires (reading-rules.ts). */
  fired: FiredRule[];
  /** The materials the title names (material-residuals.ts). */
  materials: NamedMaterial[];
  /** The tariff words of fired rules ("stones" for "zircon"), as terms of their own. */
  ruleTerms: Term[];
  build: SearchBuild;
  /** Stems of the words looked up so far; a word the database gave no stems for has none (a stop word). */
  stems: Map<string, string[]>;
  vocab: ScheduleVocabulary;
  stemCounts: Map<string, StemCount>;
  fields: { averages: FieldAverages; sharedDocs: number };
  index: LineIndex;
  /** The WordNet bridge, keeping the targets the schedule's texts have. */
  bridge: BridgeLookup;
  /** Terms of `expand` with the bridge, once every word a target of it has is stemmed. */
  withBridge: (expand: () => Term[]) => Promise<Term[]>;
  /** The query's terms, each with its role factor. */
  terms: Term[];
  stats: StemStats;
  stemsOf: (word: string) => string[] | undefined;
  roles: QueryRoles;
  /** The role and factor a word would have as a term of its own. */
  roleOfWord: (word: string) => { factor: number; role: TermRole };
}

/** plan-terms.ts: the terms found in the schedule, and those to correct. */
export interface TermPlan {
  planned: PlannedTerm[];
  /**
   * Each planned term's place in the query: replacements take the place of the word they replace, so that
   * the last term (the head of the phrase, weighted most) is the last one the trader wrote.
   */
  place: Map<PlannedTerm, number>;
  /** A query term's index in the query, by its text. */
  placeOf: Map<string, number>;
  /** Terms found nowhere in the schedule (not stop words, not context). */
  unmatched: Term[];
}

/** correct-words.ts: the replaced words (their terms are added to `planned`). */
export interface WordCorrections {
  corrections: HsCorrection[];
  /** How the search references read a replaced word (its first reading; every part of a split). */
  readAs: Map<string, string[]>;
  /** No word matched; the planned terms are loose corrections. */
  fallback: boolean;
}

/** gather-candidates.ts: the lines to score. */
export interface Candidates {
  /** The subheadings the UK search references name for the query. */
  references: ReferenceMatch[];
  headingModel: HeadingModel;
  /** A part word heading the title and the machine its other words name (machine-parts.ts). */
  machinePart: MachinePartReading | null;
  /** The parts lines of that machine. */
  partLines: { keys: Set<string>; subheadings: string[] } | null;
  listedOn: ListedOn;
  candidates: CandidateLine[];
}

/** A line of the page, with what ranked it. */
export interface PageLine {
  key: string;
  scored?: ScoredLine;
  fused?: { score: number; reason?: VectorReason };
}

/** rank-candidates.ts: the page, and the readings that moved or brought its lines. */
export interface Ranking {
  /** The search reference naming a line, by line key. */
  referenced: Map<string, ReferenceMatch>;
  /** A residual subheading lifted, by line key: the code of the line whose score it took a share of. */
  residualOf: Map<string, string>;
  /** A material's residual subheading offered, by line key. */
  offered: Map<string, NamedMaterial>;
  page: PageLine[];
}
