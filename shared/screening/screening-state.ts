/**
 * Which screening lists hold data and their import signature, read at most once per
 * SCREENING_STATE_TTL_MS. Screening keeps its own reading of reference_imports (rather than the
 * reference feature's, which sits above it) so that the reference import and refresh can call into
 * screening without a circle; shared/reference/gather-reference-facts.ts forgets this state with its own.
 */
import { memoPerDatabase } from "../db/memo-per-database.ts";
import type { Queryable } from "../db/types.ts";
import { SCREENING_TABLES, type ScreeningTable } from "./lists/screening-tables.ts";

/** How long one reading is reused: a re-import becomes visible to other processes within this time. */
export const SCREENING_STATE_TTL_MS = 2000;

export interface ScreeningState {
  /** Changes whenever a screening list is re-imported or emptied. */
  signature: string;
  /**
   * Whether any list holds entries: screening can answer. Whether the lists a deployment is bound by are
   * all there is the rules' question (screeningCoverage gives them each list's state).
   */
  loaded: boolean;
  /** Which screening tables hold entries. */
  tables: Record<ScreeningTable, boolean>;
}

const memo = memoPerDatabase(SCREENING_STATE_TTL_MS, readState);

export function forgetScreeningState(db: Queryable): void {
  memo.forget(db);
}

export function screeningState(db: Queryable): Promise<ScreeningState> {
  return memo.get(db);
}

async function readState(db: Queryable): Promise<ScreeningState> {
  const list = SCREENING_TABLES.map((t) => `'${t}'`).join(", ");
  const probes = SCREENING_TABLES.map((t) => `exists (select 1 from ${t}) as "${t}"`).join(", ");
  const [row] = await db.query<Record<string, unknown>>(
    `select (select coalesce(string_agg(table_name || '@' || imported_at::text || '#' || row_count, ',' order by table_name), '')
               from reference_imports where table_name in (${list})) as signature, ${probes}`,
  );
  const tables = Object.fromEntries(SCREENING_TABLES.map((t) => [t, row[t] === true])) as Record<ScreeningTable, boolean>;
  // Direct writes that bypass the importer still change the emptiness, so it joins the key.
  const signature = `${String(row.signature)}|${SCREENING_TABLES.map((t) => (tables[t] ? 1 : 0)).join("")}`;
  return { signature, loaded: SCREENING_TABLES.some((t) => tables[t]), tables };
}
