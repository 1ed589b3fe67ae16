/**
 * The vintage of each reference table (publisher's version and date, import time, last successful
 * check against the source) and whether it is stale: its age is more than its refresh interval plus
 * the configured margin. Where the age counts from depends on the table (AGE_FROM, docs/reference-data.md):
 * - "publication" (the sanctions list, published daily): from the list's own publication date (the
 *   download's Last-Modified, or the date a folder's file names state) or the last refresh that
 *   confirmed the download current, whichever is later. An import from a folder confirms nothing, and
 *   an unknown date counts as old.
 * - "confirmation" (tariffs, UN/LOCODE, ISO lists): from the later of the import and the last check that
 *   found the source unchanged, because their publishers release at their own pace and an edition stays
 *   current until the next one enters into force (HS 2022 is current in 2026).
 */
import type { Queryable } from "../../db/types.ts";
import { toIso } from "../../db/values.ts";
import type { ReferenceRefreshSettings } from "../../runtime/config/reference-refresh-settings.ts";
import { REFRESHABLE_TABLES, type RefreshableTable } from "../../runtime/config/reference-sources.ts";

export interface StoredVintage {
  table: RefreshableTable;
  vintage: string | null;
  published_at: string | null;
  imported_at: string | null;
  last_checked_at: string | null;
  row_count: number;
  /** The rows came from a download (the import recorded a checksum), not from a folder. */
  from_download?: boolean;
}

/** Where a table's age counts from (see the comment at the top). */
export const AGE_FROM: Record<RefreshableTable, "publication" | "confirmation"> = Object.fromEntries(
  REFRESHABLE_TABLES.map((t) => [t, t === "sanctions_ofac" ? "publication" : "confirmation"]),
) as Record<RefreshableTable, "publication" | "confirmation">;

/** What a validation answer and record carry per table used. */
export interface TableVintage {
  table: RefreshableTable;
  /** Publisher's edition or version (e.g. "HTS 2026 Revision 10"). */
  vintage: string | null;
  /** Publisher's date of the files (Last-Modified), when known. */
  published_at: string | null;
  imported_at: string | null;
  /** Last time the data was confirmed current: its import or a later refresh that found the source unchanged. */
  checked_at: string | null;
  stale: boolean;
  /** False when the table holds no data (the checks below did not run); absent in records made before it was kept. */
  loaded?: boolean;
  /** Rules whose lookups in this table did not run (table empty or still loading). */
  checks_not_run?: string[];
}

export interface TableFreshness extends TableVintage {
  /** "publication": the age counts from the publisher's date (unknown = old); "confirmation": from the last import or check. */
  age_from: "publication" | "confirmation";
  age_seconds: number | null;
  refresh_interval_seconds: number;
  stale_after_seconds: number;
}

/** Read at most once per this time per database: validation is on the hot path and vintages change rarely. */
const TTL_MS = 2000;
const memo = new WeakMap<object, { at: number; value: Promise<StoredVintage[]> }>();

export function forgetReferenceVintage(db: Queryable): void {
  memo.delete(db);
}

export function readStoredVintages(db: Queryable): Promise<StoredVintage[]> {
  const hit = memo.get(db);
  const now = Date.now();
  if (hit && now - hit.at < TTL_MS) return hit.value;
  const value = (async () => {
    const rows = await db.query<Record<string, unknown>>(
      `select i.table_name, i.vintage, i.published_at, i.imported_at, i.row_count, s.last_checked_at,
              i.checksum is not null as from_download
         from reference_imports i left join reference_refresh_state s on s.table_name = i.table_name`,
    );
    const byTable = new Map(rows.map((r) => [r.table_name as string, r]));
    return REFRESHABLE_TABLES.map((table) => {
      const r = byTable.get(table);
      return {
        table,
        vintage: (r?.vintage as string | null) ?? null,
        published_at: r ? toIso(r.published_at) : null,
        imported_at: r ? toIso(r.imported_at) : null,
        last_checked_at: r ? toIso(r.last_checked_at) : null,
        row_count: r ? Number(r.row_count) : 0,
        from_download: r?.from_download === true,
      };
    });
  })();
  memo.set(db, { at: now, value });
  value.catch(() => memo.delete(db));
  return value;
}

/** Pure: age and staleness at `now`. A table never imported is not stale (the rules report it as not loaded). */
export function freshnessOf(
  v: StoredVintage,
  settings: Pick<ReferenceRefreshSettings, "intervalMs" | "staleMarginMs">,
  now: number,
): TableFreshness {
  const ageFrom = AGE_FROM[v.table] ?? "confirmation";
  // A refresh's check confirms the rows only when they came from that download, not from a later folder import.
  const times =
    ageFrom === "publication" ? [v.published_at, v.from_download ? v.last_checked_at : null] : [v.imported_at, v.last_checked_at];
  const checked = Math.max(...times.map((t) => (t ? Date.parse(t) || 0 : 0)));
  const interval = settings.intervalMs[v.table];
  const staleAfter = interval + settings.staleMarginMs[v.table];
  const age = checked > 0 ? Math.max(0, now - checked) : null;
  // An imported table whose age cannot be told (a publication date nobody stated) counts as old.
  const unknownAge = age === null && v.imported_at !== null;
  return {
    table: v.table,
    age_from: ageFrom,
    vintage: v.vintage,
    published_at: v.published_at,
    imported_at: v.imported_at,
    checked_at: checked > 0 ? new Date(checked).toISOString() : null,
    stale: unknownAge || (age !== null && age > staleAfter),
    age_seconds: age === null ? null : Math.floor(age / 1000),
    refresh_interval_seconds: Math.round(interval / 1000),
    stale_after_seconds: Math.round(staleAfter / 1000),
  };
}

export async function readReferenceFreshness(
  db: Queryable,
  settings: ReferenceRefreshSettings,
  now = Date.now(),
): Promise<TableFreshness[]> {
  return (await readStoredVintages(db)).map((v) => freshnessOf(v, settings, now));
}
