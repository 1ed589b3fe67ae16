/**
 * Replaces the contents of one reference table atomically: in one transaction, delete every row,
 * insert the new rows in batches (one JSON parameter per batch, expanded by json_to_recordset), and
 * record the import in reference_imports. Readers see the old rows until the commit, and a failure
 * leaves the old rows in place. Re-running replaces, never appends.
 */
import type { Db, Queryable } from "../db/types.ts";
import { REFRESHABLE_TABLES } from "./sources/registry.ts";
import { forgetReferenceState } from "./gather-reference-facts.ts";
import { storeIndexInImport } from "../screening/index/stored-index.ts";
import { refreshStoredSanctionsIndex } from "../screening/sanctions-screener.ts";
import { isScreeningTable } from "../screening/lists/screening-tables.ts";
import { recordEntryChanges, snapshotEntries } from "../screening/lists/record-entry-changes.ts";
import { afterScreeningListsChanged } from "../screening/monitoring/index.ts";

/**
 * Every reference table, in the order the status endpoint lists them: the importable ones (written once,
 * in the configuration, whose refresh settings name them) and the duty rates, which no file provides.
 */
export const REFERENCE_TABLES = [...REFRESHABLE_TABLES, "duty_rates"] as const;
export type ReferenceTable = (typeof REFERENCE_TABLES)[number];

export function isReferenceTable(name: string): name is ReferenceTable {
  return (REFERENCE_TABLES as readonly string[]).includes(name);
}

export type ProgressFn = (table: ReferenceTable, done: number, total: number) => void;

export interface ReferenceTableLoad {
  table: ReferenceTable;
  /** Objects keyed by column name; every key must be a column of the table. */
  rows: ReadonlyArray<Record<string, unknown>>;
  /** Publisher and dataset, e.g. "USITC Harmonized Tariff Schedule (JSON export)". */
  source: string;
  vintage: string | null;
  /** Names of the files the rows came from. */
  files: string[];
  /** Set by the refresh (shared/reference/refresh): where the files were downloaded, the publisher's date, a checksum of the bytes. */
  provenance?: { sourceUrls: string[]; publishedAt: string | null; checksum: string | null };
}

export interface LoadOptions {
  /** Rows per INSERT; also capped by MAX_BATCH_CHARS of JSON. Default 5000. */
  batchSize?: number;
  onProgress?: ProgressFn;
  /**
   * A run that imports several screening lists (a folder import) rebuilds their stored index and runs the
   * monitor once at its end (finishScreeningImport) instead of after every list: the index covers every
   * list, so each rebuild reads them all.
   */
  deferScreeningIndex?: boolean;
}

/** Keeps one statement's JSON parameter to a few MB (OFAC rows with long remarks are large). */
const MAX_BATCH_CHARS = 8_000_000;

interface Column {
  name: string;
  type: string;
}

async function tableColumns(q: Queryable, table: ReferenceTable): Promise<Column[]> {
  const cols = await q.query<Column>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
       from pg_attribute a
      where a.attrelid = to_regclass($1::text) and a.attnum > 0 and not a.attisdropped
      order by a.attnum`,
    [table],
  );
  if (cols.length === 0) throw new Error(`table ${table} does not exist; run the migrations first`);
  return cols;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Splits rows into JSON batches by count and by size. */
function* jsonBatches(rows: ReadonlyArray<Record<string, unknown>>, batchSize: number): Generator<{ json: string; count: number }> {
  let parts: string[] = [];
  let chars = 0;
  for (const row of rows) {
    const json = JSON.stringify(row);
    if (parts.length > 0 && (parts.length >= batchSize || chars + json.length > MAX_BATCH_CHARS)) {
      yield { json: `[${parts.join(",")}]`, count: parts.length };
      parts = [];
      chars = 0;
    }
    parts.push(json);
    chars += json.length + 1;
  }
  if (parts.length > 0) yield { json: `[${parts.join(",")}]`, count: parts.length };
}

export async function loadReferenceTable(db: Db, load: ReferenceTableLoad, options: LoadOptions = {}): Promise<{ rows: number }> {
  const { table, rows } = load;
  // Table names end up in SQL text: only the known ones are allowed.
  if (!isReferenceTable(table)) throw new Error(`not a reference table: ${String(table)}`);
  const batchSize = Math.max(1, options.batchSize ?? 5000);
  const total = rows.length;
  const result = await db.transaction(async (tx) => {
    const all = await tableColumns(tx, table);
    const known = new Map(all.map((c) => [c.name, c]));
    const used = new Set<string>();
    for (const row of rows) for (const key of Object.keys(row)) used.add(key);
    const unknown = [...used].filter((k) => !known.has(k));
    if (unknown.length > 0) throw new Error(`${table}: no column(s) ${unknown.join(", ")} in the table (migration and parser disagree)`);
    const cols = all.filter((c) => used.has(c.name));
    const list = cols.map((c) => ident(c.name)).join(", ");
    const recordDef = cols.map((c) => `${ident(c.name)} ${c.type}`).join(", ");
    // json, not jsonb: the rows are read once, and skipping the jsonb conversion made PGlite imports ~20% faster.
    const insert = `insert into ${table} (${list}) select ${list} from json_to_recordset($1::text::json) as x(${recordDef})`;

    const screening = isScreeningTable(table);
    const before = screening ? await snapshotEntries(tx, table) : null;
    await tx.query(`delete from ${table}`);
    options.onProgress?.(table, 0, total);
    let done = 0;
    if (cols.length > 0) {
      for (const batch of jsonBatches(rows, batchSize)) {
        await tx.query(insert, [batch.json]);
        done += batch.count;
        options.onProgress?.(table, done, total);
      }
    }
    const [{ n }] = await tx.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    // Fresh statistics, or the planner keeps the empty table's estimates and scans 100k rows per lookup.
    await tx.query(`analyze ${table}`);
    if (n !== total) throw new Error(`${table}: ${n} rows after the import, expected ${total} (duplicate keys?)`);
    // A file import has no download provenance: its checksum is null, so the next refresh imports afresh.
    const p = load.provenance;
    await tx.query(
      `insert into reference_imports (table_name, source, vintage, row_count, imported_at, files, source_urls, published_at, checksum)
       values ($1, $2, $3, $4, clock_timestamp(), $5::text::jsonb, $6::text::jsonb, $7::timestamptz, $8)
       on conflict (table_name) do update
         set source = excluded.source, vintage = excluded.vintage, row_count = excluded.row_count,
             imported_at = excluded.imported_at, files = excluded.files, source_urls = excluded.source_urls,
             published_at = excluded.published_at, checksum = excluded.checksum`,
      [
        table,
        load.source,
        load.vintage,
        total,
        JSON.stringify(load.files),
        JSON.stringify(p?.sourceUrls ?? []),
        p?.publishedAt ?? null,
        p?.checksum ?? null,
      ],
    );
    if (screening) {
      // Entry hashes and the change log for reviews and monitoring, in this transaction.
      await recordEntryChanges(tx, table, before!);
      // The edge reads the screening lists through their stored index: keep it current in this transaction.
      if (!options.deferScreeningIndex) await storeIndexInImport(tx);
    }
    return { rows: total };
  });
  // This process sees the new state at once; other processes within REFERENCE_STATE_TTL_MS.
  forgetReferenceState(db);
  if (isScreeningTable(table) && !options.deferScreeningIndex) await afterScreeningListsChanged(db);
  return result;
}

/** The end of a run that deferred the screening index: one rebuild over every list, then the monitor. */
export async function finishScreeningImport(db: Db): Promise<void> {
  await refreshStoredSanctionsIndex(db);
  await afterScreeningListsChanged(db);
}
