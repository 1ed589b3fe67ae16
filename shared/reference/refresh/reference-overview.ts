/**
 * One view of every reference table's state for the people who run the service: loaded or not, being
 * loaded, the publisher's date, the last confirmation, stale or not. GET /api/v1/reference-data, /health,
 * the start banner and the dashboard (its banner and its reference-data page) all show this.
 */
import type { Queryable } from "../../db/types.ts";
import type { ReferenceRefreshSettings } from "../../runtime/config/reference-refresh-settings.ts";
import { readImportRecords } from "../import-records.ts";
import { readRefreshReport } from "./refresh-report.ts";
import { readRefreshStates } from "./refresh-state.ts";
import { AGE_FROM } from "./reference-vintage.ts";
import { labelledTable } from "../../runtime/config/reference-sources.ts";
import { SCREENING_TABLES, type ScreeningTable } from "../../screening/lists/screening-tables.ts";

export interface TableOverview {
  table: string;
  loaded: boolean;
  /** Empty, and a refresh holds its lease right now: the first load is running. */
  loading: boolean;
  row_count: number;
  vintage: string | null;
  published_at: string | null;
  imported_at: string | null;
  checked_at: string | null;
  stale: boolean;
  age_from: "publication" | "edition" | "confirmation" | null;
  last_refresh_outcome: string | null;
  last_refresh_error: string | null;
}

export async function readReferenceOverview(db: Queryable, settings: ReferenceRefreshSettings, now = Date.now()): Promise<TableOverview[]> {
  const [tables, refresh, states] = await Promise.all([readImportRecords(db), readRefreshReport(db, settings, now), readRefreshStates(db)]);
  return tables.map((t) => {
    const r = refresh.get(t.table);
    const lease = states.get(t.table)?.leaseUntil;
    const loaded = t.row_count > 0;
    return {
      table: t.table,
      loaded,
      loading: !loaded && lease !== null && lease !== undefined && Date.parse(lease) > now,
      row_count: t.row_count,
      vintage: t.vintage,
      published_at: r?.published_at ?? null,
      imported_at: t.imported_at,
      checked_at: r?.checked_at ?? null,
      stale: r?.stale ?? false,
      age_from: t.table in AGE_FROM ? AGE_FROM[t.table as keyof typeof AGE_FROM] : null,
      last_refresh_outcome: r?.last_refresh_outcome ?? null,
      last_refresh_error: r?.last_refresh_error ?? null,
    };
  });
}

/** What refreshes one screening list (OFAC's download group is named "sanctions"). */
function refreshCommand(table: string): string {
  return `npm run reference:refresh -- --only ${table === "sanctions_ofac" ? "sanctions" : table}`;
}

const day = (iso: string) => iso.slice(0, 10);

/**
 * The alert every dashboard page and the start banner show while a screening list the deployment is bound
 * by (`lists`, TDS_SCREENING_LISTS; every list by default) is missing, loading or stale, naming each such
 * list; null when all of them are loaded and current. Plain text: the pages escape it.
 */
export function sanctionsAlert(overview: readonly TableOverview[], lists: readonly ScreeningTable[] = SCREENING_TABLES): string | null {
  const rows = lists.flatMap((table) => overview.filter((t) => t.table === table));
  const name = (t: TableOverview) => labelledTable(t.table);
  const names = (ts: TableOverview[]) => ts.map(name).join(", ");
  const list = (ts: TableOverview[]) => (ts.length === 1 ? "sanctions list" : "sanctions lists");
  const be = (ts: TableOverview[]) => (ts.length === 1 ? "is" : "are");
  const parts: string[] = [];
  const loading = rows.filter((t) => t.loading);
  const missing = rows.filter((t) => !t.loaded && !t.loading);
  const stale = rows.filter((t) => t.loaded && t.stale);
  if (missing.length > 0) {
    parts.push(
      `The ${list(missing)} ${names(missing)} ${be(missing)} not loaded: no party can be screened, so every validation that names a party fails. ` +
        `Load ${missing.length === 1 ? "it" : "them"}: ${missing.map((t) => `${refreshCommand(t.table)} (from its publisher), or npm run reference:import -- --dir <folder> --only ${t.table}`).join("; ")}.`,
    );
  }
  if (loading.length > 0) {
    parts.push(
      `The ${list(loading)} ${names(loading)} ${be(loading)} still loading (the download from the publisher is running). Until loaded, every validation that names a party fails: the parties cannot be screened.`,
    );
  }
  for (const t of stale) {
    const dated = t.published_at ? `is dated ${day(t.published_at)}` : "states no publication date";
    const confirmed = t.checked_at && t.checked_at !== t.published_at ? `, last confirmed current ${day(t.checked_at)}` : "";
    parts.push(
      `The sanctions list ${name(t)} is out of date: it ${dated}${confirmed}. Screening misses every designation since; every validation warns. Refresh it: ${refreshCommand(t.table)}.`,
    );
  }
  return parts.length > 0 ? parts.join(" ") : null;
}
