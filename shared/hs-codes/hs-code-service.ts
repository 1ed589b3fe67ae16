/**
 * HS code search and detail, the face the routes, classify, the dashboard and the benchmarks use. Search:
 * a query of digits is a code prefix; anything else a description, searched step by step
 * (search-steps/search-text.ts). Detail: the line with its hierarchy from the chapter down, and the US
 * general duty rate (hs-code-detail.ts).
 */
import type { Queryable } from "../db/types.ts";
import { notLoaded, resolveSchedule } from "./choose-schedule.ts";
import { toResult } from "./explain-line.ts";
import { scheduleLineCount, searchByCodePrefix } from "./hs-code-repository.ts";
import { parseCodeQuery } from "./normalize.ts";
import type { HsSearchResponse } from "./search-answer.ts";
import { searchText } from "./search-steps/search-text.ts";

export { resolveSchedule } from "./choose-schedule.ts";
export { getHsCode, type HsCodeRecord } from "./hs-code-detail.ts";
export type { HsCorrection, HsMatchedTerm, HsSearchResponse, HsSearchResult } from "./search-answer.ts";
export { BUILD_STATE_TTL_MS, forgetHsSearchState } from "./search-caches.ts";
export { PAGE_SPREAD, REFERENCE_WEIGHT, RESIDUAL_LIFT } from "./search-steps/rank-candidates.ts";

export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 100;

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
