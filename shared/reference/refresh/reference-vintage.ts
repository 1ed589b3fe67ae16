/**
 * The vintage of each reference table (publisher's version and date, import time, last check that found
 * the source unchanged) and whether it is stale. Where the age counts from follows what each publisher
 * says (AGE_FROM; the rule per table is in docs/reference-data.md):
 * - "publication" (the sanctions list; the US, UK and Indian schedules; UN/LOCODE): from the data's own
 *   publication date (the download's Last-Modified, or what a folder's file names state, recorded at
 *   import as published_at) or the last refresh that found the source unchanged, whichever is later.
 *   An import from a folder confirms nothing, and an unknown date counts as old.
 * - "edition" (the WCO HS, the EU CN): an edition stays current until the next one enters into force
 *   (HS 2022 until HS 2028 on 2028-01-01; CN YYYY for the calendar year YYYY); after that plus the
 *   margin it is stale. An edition that cannot be told counts as old.
 * - "confirmation" (ISO 3166 and 4217 lists): from the later of the import and the last check that found
 *   the source unchanged: the lists change by rare amendments and neither the publisher's files nor the
 *   redistribution carry a date.
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

export type AgeFrom = "publication" | "edition" | "confirmation";

/** Where a table's age counts from (see the comment at the top). */
export const AGE_FROM: Record<RefreshableTable, AgeFrom> = {
  sanctions_ofac: "publication",
  // The other screening lists state their own date inside the file (UN, EU, UK) or in the folder's name (CSL).
  sanctions_un: "publication",
  sanctions_eu: "publication",
  sanctions_uk: "publication",
  sanctions_us_csl: "publication",
  hs_codes_us: "publication",
  hs_codes_uk: "publication",
  hs_codes_in: "publication",
  port_codes: "publication",
  hs_codes_wco: "edition",
  hs_codes_eu: "edition",
  countries: "confirmation",
  currencies: "confirmation",
  // HMRC's search references carry no date: their age runs from the import or an unchanged refresh.
  hs_search_references: "confirmation",
};

/**
 * The HS editions and the day each entered (or enters) into force, per the WCO: the one place this fact
 * is kept. HS 2028 was adopted by the WCO Council in 2025 and applies from 1 January 2028.
 */
export const HS_EDITIONS_IN_FORCE: ReadonlyArray<{ edition: number; from: string }> = [
  { edition: 2017, from: "2017-01-01T00:00:00Z" },
  { edition: 2022, from: "2022-01-01T00:00:00Z" },
  { edition: 2028, from: "2028-01-01T00:00:00Z" },
];

/** The year of an edition vintage ("HS 2022", "CN 2026 + TARIC …"), or null when it states none. */
function editionYear(table: RefreshableTable, vintage: string | null): number | null {
  const m = vintage?.match(table === "hs_codes_eu" ? /\bCN (\d{4})\b/ : /\bHS ?(\d{4})\b/);
  return m ? Number(m[1]) : null;
}

/**
 * Pure: the publisher's date as the vintage states it (from file names or the download), at the precision
 * it is stated, rounded down so that an imprecise date never makes data look newer than it is:
 * "HS 2022" and "CN 2026" → 1 January of the year (in force); "HTS 2026 Revision 10" → 1 January 2026
 * (the revision's own date is not in the files); "UN/LOCODE 2025-1" → 2025-01-01 and "…-2" → 1 July
 * (UNECE issues two releases a year); a date ("2025-05", "2025-05-03") → that day (the 1st for a month).
 * Null when the vintage states no date (UK tariff versions, an unnamed India master): such data counts as old.
 */
export function statedPublicationDate(table: RefreshableTable, vintage: string | null): string | null {
  if (!vintage) return null;
  const day = (y: string | number, m = "01", d = "01") => `${y}-${m}-${d}T00:00:00.000Z`;
  let m: RegExpMatchArray | null;
  switch (table) {
    case "hs_codes_wco":
    case "hs_codes_eu":
      return editionYear(table, vintage) === null ? null : day(editionYear(table, vintage)!);
    case "hs_codes_us":
      return (m = vintage.match(/\bHTS (\d{4})\b/)) ? day(m[1]) : null;
    case "port_codes":
      return (m = vintage.match(/\b(\d{4})-([12])\b/)) ? day(m[1], m[2] === "1" ? "01" : "07") : null;
    default:
      return (m = vintage.match(/^(\d{4})-(\d{2})(?:-(\d{2}))?$/)) ? day(m[1], m[2], m[3] ?? "01") : null;
  }
}

/** Pure: when the edition after this table's entered (or enters) into force; null when the edition is unknown. */
export function nextEditionInForce(table: RefreshableTable, vintage: string | null): number | null {
  const year = editionYear(table, vintage);
  if (year === null) return null;
  // The CN is re-enacted every year and applies from 1 January (Regulation (EEC) No 2658/87, Art. 12).
  if (table === "hs_codes_eu") return Date.UTC(year + 1, 0, 1);
  const next = HS_EDITIONS_IN_FORCE.find((e) => e.edition > year);
  return next ? Date.parse(next.from) : Number.POSITIVE_INFINITY;
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
