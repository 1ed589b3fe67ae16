/**
 * Per table, what the refresh knows of it: where the last download came from (publisher's date, checksum,
 * URLs), its age and staleness, and the refresh's last attempt and next run. GET /api/v1/reference-data
 * returns all of it; the operators' overview (reference-overview.ts, which /health and the dashboard read)
 * takes only the freshness and the last outcome from it.
 */
import type { Queryable } from "../../db/types.ts";
import type { ReferenceRefreshSettings } from "../../runtime/config/reference-refresh-settings.ts";
import { type RefreshableTable } from "../sources/registry.ts";
import { freshnessOf, readStoredVintages } from "./reference-vintage.ts";
import { readRefreshStates } from "./refresh-state.ts";
import { nextRefreshAt } from "./refresh-schedule.ts";

export interface TableRefreshReport {
  table: RefreshableTable;
  published_at: string | null;
  checksum: string | null;
  source_urls: string[];
  checked_at: string | null;
  age_seconds: number | null;
  refresh_interval_seconds: number;
  stale_after_seconds: number;
  stale: boolean;
  last_refresh_attempt_at: string | null;
  last_refresh_outcome: string | null;
  last_refresh_error: string | null;
  next_refresh_at: string | null;
}

export async function readRefreshReport(
  db: Queryable,
  settings: ReferenceRefreshSettings,
  now = Date.now(),
): Promise<Map<string, TableRefreshReport>> {
  const [stored, states, imports] = await Promise.all([
    readStoredVintages(db),
    readRefreshStates(db),
    db.query<{ table_name: string; checksum: string | null; source_urls: unknown }>(
      "select table_name, checksum, source_urls from reference_imports",
    ),
  ]);
  const byTable = new Map(imports.map((r) => [r.table_name, r]));
  const out = new Map<string, TableRefreshReport>();
  for (const v of stored) {
    const f = freshnessOf(v, settings, now);
    const s = states.get(v.table);
    const i = byTable.get(v.table);
    const urls = i?.source_urls;
    const next = nextRefreshAt(s, v.imported_at, settings, v.table);
    out.set(v.table, {
      table: v.table,
      published_at: v.published_at,
      checksum: i?.checksum ?? null,
      source_urls: Array.isArray(urls) ? (urls as string[]) : typeof urls === "string" ? (JSON.parse(urls) as string[]) : [],
      checked_at: f.checked_at,
      age_seconds: f.age_seconds,
      refresh_interval_seconds: f.refresh_interval_seconds,
      stale_after_seconds: f.stale_after_seconds,
      stale: f.stale,
      last_refresh_attempt_at: s?.lastAttemptAt ?? null,
      last_refresh_outcome: s?.lastOutcome ?? null,
      last_refresh_error: s?.lastError ?? null,
      // Only meaningful when a schedule runs (local TDS_REFERENCE_REFRESH=on, or Supabase's pg_cron).
      next_refresh_at: new Date(Math.max(next, 0)).toISOString(),
    });
  }
  return out;
}
