/** Sanctions screening: the lists a deployment is bound by, reviews and monitoring (docs/sanctions-screening.md). */
import { integer, setting, type Vars } from "./env-values.ts";

/**
 * The screening lists, each a reference table, with the short name TDS_SCREENING_LISTS accepts. The one
 * list of them: shared/screening/lists/screening-tables.ts reads its tables from here (settings sit below
 * the features, so the names a setting may hold are defined at the settings' level).
 */
export const SCREENING_LIST_NAMES = {
  ofac: "sanctions_ofac",
  un: "sanctions_un",
  eu: "sanctions_eu",
  uk: "sanctions_uk",
  us_csl: "sanctions_us_csl",
} as const;
export type ScreeningTableName = (typeof SCREENING_LIST_NAMES)[keyof typeof SCREENING_LIST_NAMES];
const ALL_LISTS = Object.values(SCREENING_LIST_NAMES) as ScreeningTableName[];

export interface ScreeningSettings {
  /**
   * TDS_SCREENING_LISTS: the lists this deployment is bound by (all five). Each is screened and required:
   * while one is empty or loading, a validation that names a party fails closed. The others are not screened.
   */
  lists: readonly ScreeningTableName[];
  /** TDS_SCREENING_CLEARANCE_DAYS: a clearance stops clearing this many days after it was recorded (365). */
  clearanceDays: number;
  /** TDS_SCREENING_MONITOR_DAYS: monitoring rescreens the parties of shipments updated within this many days (90). */
  monitorDays: number;
}

export const DEFAULT_CLEARANCE_DAYS = 365;
export const DEFAULT_MONITOR_DAYS = 90;

/** "ofac,un" or "sanctions_ofac, sanctions_un" (any case) → the tables, in the fixed order of SCREENING_LIST_NAMES. */
export function parseScreeningLists(value: string): ScreeningTableName[] {
  const byName = new Map<string, ScreeningTableName>();
  for (const [short, table] of Object.entries(SCREENING_LIST_NAMES)) {
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
      `must be a comma-separated list of ${Object.keys(SCREENING_LIST_NAMES).join(", ")} (or their tables sanctions_…), got ${JSON.stringify(value)}`,
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
