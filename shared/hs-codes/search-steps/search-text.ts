/**
 * A description search, step by step (docs/hs-codes.md, "How description search works"). One context
 * object goes through the steps; each adds its part to it (search-context.ts).
 */
import type { Queryable } from "../../db/types.ts";
import type { HsSchedule } from "../schedules.ts";
import type { HsSearchResponse } from "../search-answer.ts";
import { correctWords } from "./correct-words.ts";
import { gatherCandidates } from "./gather-candidates.ts";
import { planTerms } from "./plan-terms.ts";
import { rankCandidates } from "./rank-candidates.ts";
import { readQuery } from "./read-query.ts";
import type { TextSearchRequest } from "./search-context.ts";
import { answerBase, showPage } from "./show-page.ts";

export async function searchText(
  db: Queryable,
  schedule: HsSchedule,
  q: string,
  limit: number,
  wordVectors: boolean,
): Promise<HsSearchResponse> {
  const request: TextSearchRequest = { db, schedule, q, limit, wordVectors };
  const read = Object.assign(request, await readQuery(request));
  const planned = Object.assign(read, planTerms(read));
  const corrected = Object.assign(planned, await correctWords(planned));
  const candidates = await gatherCandidates(corrected);
  if (candidates === null) return { results: [], total: 0, ...answerBase(corrected) };
  const gathered = Object.assign(corrected, candidates);
  const ranked = Object.assign(gathered, await rankCandidates(gathered));
  return showPage(ranked);
}
