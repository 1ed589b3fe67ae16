import type { Db, Queryable } from "../db/types.ts";
import type { SanctionsMatch } from "../rules/reference-facts.ts";
import { buildSanctionsIndex, screenNames, type SanctionsIndex } from "./index/sanctions-index.ts";
import { screeningState } from "./screening-state.ts";
import { boundListingsOf, toScreeningMatch } from "./lists/screening-match.ts";
import { SCREENING_TABLES, type ScreeningTable } from "./lists/screening-tables.ts";
import { SOURCE_DEFAULTS } from "../runtime/config/reference-sources.ts";
import {
  currentStoredLayout,
  readSanctionsEntries,
  sanctionsSourceSignature,
  screenNamesStored,
  storeIndexOf,
  type IndexLayout,
} from "./index/stored-index.ts";

interface CachedIndex {
  signature: string;
  index: Promise<SanctionsIndex>;
}

// One index per database, rebuilt only when the sanctions table is re-imported (its imported_at changes).
const indexes = new WeakMap<Queryable, CachedIndex>();

// The rows as the stored index reads them (one definition, shared/screening/index/stored-index.ts).
const loadEntries = readSanctionsEntries;

/** The in-memory screening index of the imported lists, or null when none holds data. */
export async function getSanctionsIndex(db: Db): Promise<SanctionsIndex | null> {
  const state = await screeningState(db);
  if (!state.loaded) return null;
  const signature = state.signature;
  const cached = indexes.get(db);
  if (cached?.signature === signature) return cached.index;
  const index = loadEntries(db).then(buildSanctionsIndex);
  indexes.set(db, { signature, index });
  index.catch(() => indexes.delete(db)); // a failed load is retried on the next call
  return index;
}

// Whether the database holds a current stored index, checked once per reference signature.
const storedLayouts = new WeakMap<Queryable, { signature: string; layout: Promise<IndexLayout | null> }>();

function storedLayout(db: Queryable, signature: string): Promise<IndexLayout | null> {
  const hit = storedLayouts.get(db);
  if (hit?.signature === signature) return hit.layout;
  const layout = currentStoredLayout(db).catch(() => null);
  storedLayouts.set(db, { signature, layout });
  return layout;
}

/**
 * Screens party names against the lists of `tables` (the deployment's TDS_SCREENING_LISTS; every list by
 * default); an empty map when no list is loaded (the rules then report "not screened").
 * A process that already built the index in memory (the local server, the worker) uses it; one that has
 * not (an edge function's cold start) screens through the stored index when it is current
 * (shared/screening/index/stored-index.ts) and builds nothing. Both give the same answers.
 */
export async function screenPartyNames(
  db: Db,
  names: readonly string[],
  tables: readonly ScreeningTable[] = SCREENING_TABLES,
): Promise<Map<string, SanctionsMatch | null>> {
  if (names.length === 0) return new Map();
  const state = await screeningState(db);
  if (!state.loaded) return new Map();
  let raw: Map<string, SanctionsMatch | null> | null = null;
  if (indexes.get(db)?.signature !== state.signature) {
    const layout = await storedLayout(db, state.signature);
    if (layout) raw = await screenNamesStored(db, layout, names);
  }
  if (!raw) {
    const index = await getSanctionsIndex(db);
    raw = index ? screenNames(index, names) : new Map();
  }
  // One finding per party: every listing of a bound list, the most severe first (lists/screening-match.ts).
  return new Map(
    [...raw].map(([n, m]) => {
      const bound = m && boundListingsOf(m, tables);
      return [n, bound && toScreeningMatch(bound)];
    }),
  );
}

/**
 * Builds the index from the imported list and stores it (after an OFAC import; at worker start when it
 * is missing or stale). Several processes may call it at once: one builds, the others find it current.
 * Returns the rows written, or 0 when the stored index was already current.
 */
export async function refreshStoredSanctionsIndex(db: Db): Promise<number> {
  if (await currentStoredLayout(db)) return 0;
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('sanctions_screening_index'))");
    if (await currentStoredLayout(tx)) return 0;
    return storeIndexOf(tx, await loadEntries(tx), await sanctionsSourceSignature(tx));
  });
}

export interface ListCoverage {
  table: ScreeningTable;
  label: string;
  loaded: boolean;
  /** Empty while a refresh holds its lease: the first download is running. */
  loading: boolean;
}

/**
 * The state of each list the deployment is bound by (`tables`): for the rules (a bound list that is empty
 * or loading fails them closed), the finding's message and the answer's reference_data.
 */
export async function screeningCoverage(db: Db, tables: readonly ScreeningTable[] = SCREENING_TABLES): Promise<ListCoverage[]> {
  const { tables: loaded } = await screeningState(db);
  const empty = tables.filter((t) => !loaded[t]);
  const leased =
    empty.length === 0
      ? []
      : (
          await db.query<{ table_name: string }>("select table_name from reference_refresh_state where lease_until > clock_timestamp()")
        ).map((r) => r.table_name);
  return tables.map((table) => ({
    table,
    label: SOURCE_DEFAULTS[table].label,
    loaded: loaded[table],
    loading: !loaded[table] && leased.includes(table),
  }));
}
