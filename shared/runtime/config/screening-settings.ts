/** Sanctions screening: the lists a deployment is bound by, reviews and monitoring (docs/sanctions-screening.md). */
import { integer, setting, type Vars } from "./env-values.ts";
// The screening lists and the short names TDS_SCREENING_LISTS accepts are stated by their sources' descriptors
// (shared/reference/sources/, the group "screening"), read here from the generated copy.
import { SCREENING_LISTS, SCREENING_TABLES, type ScreeningTable } from "./reference-sources.ts";

const ALL_LISTS = [...SCREENING_TABLES];

export interface ScreeningSettings {
  /**
   * TDS_SCREENING_LISTS: the lists this deployment is bound by (all five). Each is screened and required:
   * while one is empty or loading, a validation that names a party fails closed. The others are not screened.
   */
  lists: readonly ScreeningTable[];
  /** TDS_SCREENING_CLEARANCE_DAYS: a clearance stops clearing this many days after it was recorded (365). */
  clearanceDays: number;
  /** TDS_SCREENING_MONITOR_DAYS: monitoring rescreens the parties of shipments updated within this many days (90). */
  monitorDays: number;
}

export const DEFAULT_CLEARANCE_DAYS = 365;
export const DEFAULT_MONITOR_DAYS = 90;

/** "ofac,un" or "sanctions_ofac, sanctions_un" (any case) → the tables, in the fixed order of SCREENING_LISTS. */
export function parseScreeningLists(value: string): ScreeningTable[] {
  const byName = new Map<string, ScreeningTable>();
  for (const [short, table] of Object.entries(SCREENING_LISTS)) {
    byName.set(short, table);
    byName.set(table, table);
  }
  const asked = value
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== "");
  const unknown = asked.filter((s) => !byName.has(s));
  if (unknown.length > 0 || asked.length === 0) {
    throw new Error(
      `must be a comma-separated list of ${Object.keys(SCREENING_LISTS).join(", ")} (or their tables sanctions_…), got ${JSON.stringify(value)}`,
    );
  }
  const chosen = new Set(asked.map((s) => byName.get(s)));
  return ALL_LISTS.filter((t) => chosen.has(t));
}

export const screeningVariables = {
  TDS_SCREENING_LISTS: setting(parseScreeningLists, ALL_LISTS),
  TDS_SCREENING_CLEARANCE_DAYS: integer(1, DEFAULT_CLEARANCE_DAYS),
  TDS_SCREENING_MONITOR_DAYS: integer(1, DEFAULT_MONITOR_DAYS),
};

export function screeningSettings(v: Vars<typeof screeningVariables>): ScreeningSettings {
  return { lists: v.TDS_SCREENING_LISTS, clearanceDays: v.TDS_SCREENING_CLEARANCE_DAYS, monitorDays: v.TDS_SCREENING_MONITOR_DAYS };
}
