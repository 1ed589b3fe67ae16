/**
 * rule_reference_data_current: a reference table the validation used is older than its refresh
 * interval plus the margin. Never a silent pass: the answer still carries every other finding, and
 * this warning says which table, how old, and what to do.
 */
import type { FindingCheck } from "../rule-types.ts";
import { isScreeningTable, labelledTable } from "../../runtime/config/reference-sources.ts";

/** 93784 s → "1 day 2 hours"; whole days from 3 days on. */
export function describeAge(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (days >= 3) return plural(days, "day");
  if (days >= 1) return hours > 0 ? `${plural(days, "day")} ${plural(hours, "hour")}` : plural(days, "day");
  if (hours >= 1) return plural(hours, "hour");
  return plural(Math.max(1, Math.floor(seconds / 60)), "minute");
}

/** What to run to bring one table up to date. */
function refreshCommand(table: string): string {
  return `npm run reference:refresh -- --only ${table === "sanctions_ofac" ? "sanctions" : table}`;
}

export const referenceDataCurrent: FindingCheck = (_shipment, ctx) =>
  (ctx.facts.vintages ?? [])
    .filter((v) => v.stale)
    .map((v) => {
      const label = labelledTable(v.table);
      const context = {
        table: v.table,
        vintage: v.vintage,
        published_at: v.published_at,
        imported_at: v.imported_at,
        checked_at: v.checked_at,
        age_seconds: v.age_seconds,
        refresh_interval_seconds: v.refresh_interval_seconds,
        stale_after_seconds: v.stale_after_seconds,
        age_from: v.age_from ?? "confirmation",
      };
      if (v.age_from === "edition") {
        // An edition stays current until the next one enters into force; this one has been replaced (or is unknown).
        return {
          path: [],
          message:
            `Reference table ${label}${v.vintage ? ` (${v.vintage})` : " (edition not stated)"} used for this validation ` +
            `${v.vintage ? "has been replaced by a newer edition in force" : "cannot be told current, so it counts as out of date"}. ` +
            `Checks against it may accept codes that no longer exist: refresh it (${refreshCommand(v.table)}) ` +
            `or import the current edition (npm run reference:import -- --dir <folder> --only ${v.table}).`,
          context,
        };
      }
      if (v.age_from === "publication") {
        // The list's own date decides, not when it was imported: a two-year-old file imported today is two years old.
        const dated = v.published_at
          ? `is dated ${v.published_at.slice(0, 10)}${v.age_seconds !== null && v.checked_at !== v.published_at ? `, last confirmed current ${describeAge(v.age_seconds)} ago` : v.age_seconds !== null ? ` (${describeAge(v.age_seconds)} old)` : ""}`
          : "states no publication date (a folder import whose file names give none), so it counts as out of date";
        const consequence = isScreeningTable(v.table)
          ? "Screening against it misses every designation since"
          : "Checks against it may miss every change published since";
        return {
          path: [],
          message:
            `Reference table ${label}${v.vintage ? ` (${v.vintage})` : ""} used for this validation ${dated}. ` +
            `Expected a list at most ${describeAge(v.stale_after_seconds)} old (published every ${describeAge(v.refresh_interval_seconds)}). ` +
            `${consequence}: refresh it from the publisher (${refreshCommand(v.table)}), ` +
            `or import a current copy (npm run reference:import -- --dir <folder> --only ${v.table}); GET /api/v1/reference-data shows why a scheduled refresh failed.`,
          context,
        };
      }
      const published = v.published_at ? `, publisher's date ${v.published_at.slice(0, 10)}` : "";
      const edition = v.vintage ? ` (${v.vintage}${published})` : published ? ` (${published.slice(2)})` : "";
      return {
        path: [],
        message:
          `Reference table ${label}${edition} used for this validation was last confirmed current ${describeAge(v.age_seconds ?? 0)} ago. ` +
          `Expected a refresh every ${describeAge(v.refresh_interval_seconds)} (stale after ${describeAge(v.stale_after_seconds)}). Checks against it may miss recent changes: ` +
          `refresh the reference data (${refreshCommand(v.table)}) or check why the scheduled refresh fails (GET /api/v1/reference-data).`,
        context,
      };
    });
