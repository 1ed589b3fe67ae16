import type { Queryable } from "../../db/types.ts";
import type { ReferenceRefreshSettings } from "../../runtime/config/reference-refresh-settings.ts";
import { readReferenceOverview, sanctionsAlert } from "./reference-overview.ts";
import { REQUIRED_SCREENING_TABLES, SCREENING_TABLES } from "../../screening/lists/screening-tables.ts";

/**
 * The reference-data part of GET /health: per table whether it is loaded (or loading), its vintage, the
 * publisher's date, the last confirmation and whether it is stale; the tables that are missing; and the
 * sanctions list's state with the alert the dashboard shows. Missing or stale data does not make the
 * service unhealthy (validations still answer: an empty sanctions list fails them closed, other tables
 * warn); the lists are there for monitoring.
 */
export async function referenceDataHealth(db: Queryable, settings: ReferenceRefreshSettings) {
  const overview = (await readReferenceOverview(db, settings)).filter((t) => t.table !== "duty_rates");
  const sanctions = overview.find((t) => t.table === "sanctions_ofac");
  return {
    refresh: settings.enabled ? "on" : "off",
    stale: overview.filter((t) => t.loaded && t.stale).map((t) => t.table),
    missing: overview.filter((t) => !t.loaded).map((t) => t.table),
    loading: overview.filter((t) => t.loading).map((t) => t.table),
    sanctions: {
      state: !sanctions?.loaded ? (sanctions?.loading ? "loading" : "missing") : sanctions.stale ? "stale" : "current",
      alert: sanctionsAlert(overview),
      // Every screening list (docs/sanctions-screening.md, "Lists"): OFAC is required, the others are screened when loaded.
      lists: SCREENING_TABLES.map((table) => {
        const t = overview.find((o) => o.table === table);
        return {
          table,
          required: REQUIRED_SCREENING_TABLES.includes(table),
          state: !t?.loaded ? (t?.loading ? "loading" : "missing") : t.stale ? "stale" : "current",
        };
      }),
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
