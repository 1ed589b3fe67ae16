/**
 * What a search answers (GET /api/v1/hs-codes/search): the result lines and, on a description search,
 * why each matched, the words corrected and whether the answer is a fallback.
 */
import type { AlternativeSource, TermRole } from "./query-plan.ts";
import type { MatchLevel } from "./score-lines.ts";
import type { HsSchedule } from "./schedules.ts";

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
