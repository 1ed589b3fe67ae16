import type { Queryable } from "../../db/types.ts";
import type { ReferenceRefreshSettings } from "../../runtime/config/reference-refresh-settings.ts";
import { readReferenceFreshness } from "./reference-vintage.ts";

/**
 * The reference-data part of GET /health: per imported table its vintage, age and whether it is stale.
 * Stale data does not make the service unhealthy (validations still answer, with a warning); the list
 * of stale tables is there for monitoring.
 */
export async function referenceDataHealth(db: Queryable, settings: ReferenceRefreshSettings) {
  const tables = (await readReferenceFreshness(db, settings)).filter((t) => t.imported_at !== null);
  return {
    refresh: settings.enabled ? "on" : "off",
    stale: tables.filter((t) => t.stale).map((t) => t.table),
    tables: tables.map((t) => ({
      table: t.table,
      vintage: t.vintage,
      published_at: t.published_at,
      checked_at: t.checked_at,
      age_seconds: t.age_seconds,
      stale: t.stale,
    })),
  };
}
