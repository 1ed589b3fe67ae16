/** The fields the EUR.1 and the statement on origin report their shared blocking condition on. */
import type { RequirementRow } from "../descriptor.ts";

export const preferentialZoneConditions: readonly RequirementRow[] = [
  ["route.destination_country", "Country of destination (EU, CH, NO, IS, LI or TR)", "route", "condition"],
  ["route.origin_country", "Country of origin (not US)", "route", "condition"],
];
