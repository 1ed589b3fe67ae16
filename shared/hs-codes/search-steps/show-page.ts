/**
 * Last step of a description search: the page's lines read (from memory when shown before), each with
 * why it matched (explain-line.ts), and the answer.
 */
import { toResult } from "../explain-line.ts";
import type { HsSearchResponse } from "../search-answer.ts";
import { shownLines } from "../search-caches.ts";
import type { Candidates, QueryReading, Ranking, TermPlan, TextSearchRequest, WordCorrections } from "./search-context.ts";

/** What every answer of a description search says besides its results. */
export function answerBase({ schedule, corrections, fallback }: TextSearchRequest & WordCorrections) {
  return {
    schedule,
    match: "text" as const,
    ...(corrections.length > 0 ? { corrections } : {}),
    ...(fallback ? { fallback: true } : {}),
  };
}

export async function showPage(
  search: TextSearchRequest & QueryReading & TermPlan & WordCorrections & Candidates & Ranking,
): Promise<HsSearchResponse> {
  const { db, schedule, vocab, planned, fired, candidates, machinePart, partLines, page, referenced, residualOf, offered } = search;
  const base = answerBase(search);
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
              residualOf: residualOf.get(x.key),
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
