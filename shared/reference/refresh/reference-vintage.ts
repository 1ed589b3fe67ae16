/**
 * The vintage of each reference table (publisher's version and date, import time, last check that found
 * the source unchanged) and whether it is stale. Where the age counts from, and what date a vintage
 * states, is each source's age rule (its descriptor in shared/reference/sources/; the rule per table is in
 * docs/reference-data.md): "publication" from the publisher's date or an unchanged refresh, whichever is
 * later (an unknown date counts as old); "edition" current until the next edition enters into force;
 * "confirmation" from the import or an unchanged refresh.
 */
import { memoPerDatabase } from "../../db/memo-per-database.ts";
import type { Queryable } from "../../db/types.ts";
import { toIso } from "../../db/values.ts";
import type { ReferenceRefreshSettings } from "../../runtime/config/reference-refresh-settings.ts";
import { REFERENCE_SOURCES, REFRESHABLE_TABLES, referenceSource, type RefreshableTable } from "../sources/registry.ts";
import { type AgeFrom, datedVintage } from "../sources/reference-source.ts";

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

export { HS_EDITIONS_IN_FORCE } from "../sources/hs-codes-wco.ts";

/** Where each table's age counts from, as its descriptor states it. */
export const AGE_FROM = Object.fromEntries(REFERENCE_SOURCES.map((s) => [s.table, s.age.from])) as Record<RefreshableTable, AgeFrom>;

/**
 * Pure: the publisher's date as the vintage states it (from file names or the download), at the precision
 * it is stated, rounded down so that an imprecise date never makes data look newer than it is (the
 * source's age rule; a date vintage "2025-05" or "2025-05-03" by default). Null when the vintage states no
 * date (UK tariff versions, an unnamed India master): such data counts as old.
 */
export function statedPublicationDate(table: RefreshableTable, vintage: string | null): string | null {
  if (!vintage) return null;
  return (referenceSource(table).age.statedDate ?? datedVintage)(vintage);
}

/** Pure: when the edition after this table's entered (or enters) into force; null when the edition is unknown. */
export function nextEditionInForce(table: RefreshableTable, vintage: string | null): number | null {
  return referenceSource(table).age.nextEditionInForce?.(vintage) ?? null;
}

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
  /**
   * "publication": the age counts from the publisher's date (unknown = old); "edition": current until the
   * next edition enters into force; "confirmation": from the last import or unchanged check.
   */
  age_from: AgeFrom;
  age_seconds: number | null;
  refresh_interval_seconds: number;
  stale_after_seconds: number;
}

/** Read at most once per this time per database: validation is on the hot path and vintages change rarely. */
const TTL_MS = 2000;
const memo = memoPerDatabase(TTL_MS, async (db): Promise<StoredVintage[]> => {
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
});

export function forgetReferenceVintage(db: Queryable): void {
  memo.forget(db);
}

export function readStoredVintages(db: Queryable): Promise<StoredVintage[]> {
  return memo.get(db);
}

/** Pure: age and staleness at `now`. A table never imported is not stale (the rules report it as not loaded). */
export function freshnessOf(
  v: StoredVintage,
  settings: Pick<ReferenceRefreshSettings, "intervalMs" | "staleMarginMs">,
  now: number,
): TableFreshness {
  const ageFrom = AGE_FROM[v.table] ?? "confirmation";
  // A refresh's check confirms the rows only when they came from that download, not from a later folder import.
  const confirmed = v.from_download ? v.last_checked_at : null;
  const times = ageFrom === "confirmation" ? [v.imported_at, v.last_checked_at] : [v.published_at, confirmed];
  const checked = Math.max(...times.map((t) => (t ? Date.parse(t) || 0 : 0)));
  const interval = settings.intervalMs[v.table];
  const margin = settings.staleMarginMs[v.table];
  const staleAfter = interval + margin;
  const age = checked > 0 ? Math.max(0, now - checked) : null;
  let stale: boolean;
  if (ageFrom === "edition") {
    // Current until the next edition is in force (plus the margin); an edition nobody stated counts as old.
    const next = nextEditionInForce(v.table, v.vintage);
    stale = v.imported_at !== null && (next === null || now > next + margin);
  } else {
    // An imported table whose age cannot be told (a publication date nobody stated) counts as old.
    const unknownAge = age === null && v.imported_at !== null;
    stale = unknownAge || (age !== null && age > staleAfter);
  }
  return {
    table: v.table,
    age_from: ageFrom,
    vintage: v.vintage,
    published_at: v.published_at,
    imported_at: v.imported_at,
    checked_at: checked > 0 ? new Date(checked).toISOString() : null,
    stale,
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
