import type { Queryable } from "../../db/types.ts";
import type { ReferenceRefreshSettings } from "../../runtime/config/reference-refresh-settings.ts";
import { readReferenceOverview, sanctionsAlert } from "./reference-overview.ts";
import { SCREENING_TABLES, type ScreeningTable } from "../../screening/lists/screening-tables.ts";

/**
 * The reference-data part of GET /health: per table whether it is loaded (or loading), its vintage, the
 * publisher's date, the last confirmation and whether it is stale; the tables that are missing; and the
 * screening lists' state (the worst of the lists the deployment is bound by, `lists`), each list's, and the
 * alert the dashboard shows. Missing or stale data does not make the service unhealthy (validations still
 * answer: an empty bound screening list fails them closed, other tables warn); the lists are there for
 * monitoring.
 */
export async function referenceDataHealth(
  db: Queryable,
  settings: ReferenceRefreshSettings,
  lists: readonly ScreeningTable[] = SCREENING_TABLES,
) {
  const overview = (await readReferenceOverview(db, settings)).filter((t) => t.table !== "duty_rates");
  const stateOf = (table: string) => {
    const t = overview.find((o) => o.table === table);
    return !t?.loaded ? (t?.loading ? "loading" : "missing") : t.stale ? "stale" : "current";
  };
  const bound = lists.map(stateOf);
  const worst = (["missing", "loading", "stale"] as const).find((s) => bound.includes(s)) ?? "current";
  return {
    refresh: settings.enabled ? "on" : "off",
    stale: overview.filter((t) => t.loaded && t.stale).map((t) => t.table),
    missing: overview.filter((t) => !t.loaded).map((t) => t.table),
    loading: overview.filter((t) => t.loading).map((t) => t.table),
    sanctions: {
      state: worst,
      alert: sanctionsAlert(overview, lists),
      // Every screening list (docs/sanctions-screening.md, "Lists"): those of TDS_SCREENING_LISTS are required.
      lists: SCREENING_TABLES.map((table) => ({ table, required: lists.includes(table), state: stateOf(table) })),
    },
    tables: overview.map((t) => ({
      table: t.table,
      loaded: t.loaded,
      loading: t.loading,
      vintage: t.vintage,
      published_at: t.published_at,
      checked_at: t.checked_at,
      stale: t.stale,
    })),
  };
}
