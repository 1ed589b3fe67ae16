import type { Db, Queryable } from "../db/types.ts";
import type { SanctionsMatch } from "../rules/reference-facts.ts";
import { buildSanctionsIndex, screenNames, type SanctionsIndex } from "./index/sanctions-index.ts";
import { screeningState } from "./screening-state.ts";
import { toScreeningMatch } from "./lists/screening-match.ts";
import { REQUIRED_SCREENING_TABLES, SCREENING_TABLE_LABELS, SCREENING_TABLES, type ScreeningTable } from "./lists/screening-tables.ts";
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

/** The in-memory screening index of the imported OFAC lists, or null when none was imported. */
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
 * Screens party names; an empty map when the list is not loaded (the rules then report "not screened").
 * A process that already built the index in memory (the local server, the worker) uses it; one that has
 * not (an edge function's cold start) screens through the stored index when it is current
 * (shared/screening/index/stored-index.ts) and builds nothing. Both give the same answers.
 */
export async function screenPartyNames(db: Db, names: readonly string[]): Promise<Map<string, SanctionsMatch | null>> {
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
  // One finding per party: every listing, the most severe first (lists/screening-match.ts).
  return new Map([...raw].map(([n, m]) => [n, m && toScreeningMatch(m)]));
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

/** Which screening lists hold data now: for the finding's message and the answer's reference_data. */
export async function screeningCoverage(db: Db): Promise<{ table: ScreeningTable; label: string; loaded: boolean; required: boolean }[]> {
  const { tables } = await screeningState(db);
  return SCREENING_TABLES.map((table) => ({
    table,
    label: SCREENING_TABLE_LABELS[table],
    loaded: tables[table],
    required: REQUIRED_SCREENING_TABLES.includes(table),
  }));
}
