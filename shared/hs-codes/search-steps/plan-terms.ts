/**
 * Second step of a description search: each term's alternatives whose stems the schedule has, weighted
 * (query-plan.ts planTerm); the terms found nowhere are left for correct-words.ts.
 */
import { isStopTerm, type PlannedTerm, planTerm, type Term } from "../query-plan.ts";
import type { QueryReading, TermPlan } from "./search-context.ts";

export function planTerms({ terms, ruleTerms, stemsOf, stats }: QueryReading): TermPlan {
  const planned: PlannedTerm[] = [];
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
  return { planned, place, placeOf, unmatched };
}
