/**
 * One view of every reference table's state for the people who run the service: loaded or not, being
 * loaded, the publisher's date, the last confirmation, stale or not. GET /api/v1/reference-data, /health,
 * the start banner and the dashboard (its banner and its reference-data page) all show this.
 */
import type { Queryable } from "../../db/types.ts";
import type { ReferenceRefreshSettings } from "../../runtime/config/reference-refresh-settings.ts";
import { getReferenceStatus } from "../reference-status.ts";
import { getRefreshStatus } from "./refresh-status.ts";
import { readRefreshStates } from "./refresh-state.ts";
import { AGE_FROM } from "./reference-vintage.ts";

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
  const [tables, refresh, states] = await Promise.all([getReferenceStatus(db), getRefreshStatus(db, settings, now), readRefreshStates(db)]);
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

/**
 * The alert every dashboard page and the start banner show while the sanctions list is missing, loading or
 * stale (null when it is loaded and current). Plain text: the pages escape it.
 */
export function sanctionsAlert(overview: readonly TableOverview[]): string | null {
  const s = overview.find((t) => t.table === "sanctions_ofac");
  if (!s) return null;
  if (s.loading) {
    return "The sanctions list is still loading (its download from OFAC is running). Until it is loaded, every validation that names a party fails: the parties cannot be screened.";
  }
  if (!s.loaded) {
    return "The sanctions list is not loaded: no party can be screened, so every validation that names a party fails. Load it: npm run reference:refresh -- --only sanctions (from OFAC), or npm run reference:import -- --dir <folder> --only sanctions_ofac.";
  }
  if (s.stale) {
    const dated = s.published_at ? `is dated ${s.published_at.slice(0, 10)}` : "states no publication date";
    const confirmed = s.checked_at && s.checked_at !== s.published_at ? `, last confirmed current ${s.checked_at.slice(0, 10)}` : "";
    return `The sanctions list is out of date: it ${dated}${confirmed}. Screening misses every designation since; every validation warns. Refresh it: npm run reference:refresh -- --only sanctions.`;
  }
  return null;
}
