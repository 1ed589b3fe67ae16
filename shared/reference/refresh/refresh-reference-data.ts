/**
 * The refresh: for each table, download every file from its source, and import only when the bytes
 * changed (checksum), after checking them: the format (parse-downloads.ts), a plausible row count,
 * and no shrink beyond settings.maxShrink against the loaded table unless `force`. The import is
 * loadReferenceTable's one transaction, so a failure anywhere leaves the previous data in place; the
 * reason is returned and recorded in reference_refresh_state. A lease per table makes two instances
 * that refresh at once download and import once.
 */
import type { Db } from "../../db/types.ts";
import { toIso } from "../../db/values.ts";
import { finishScreeningImport, loadReferenceTable } from "../load-reference-table.ts";
import { isScreeningTable } from "../../screening/lists/screening-tables.ts";
import { checksumOf, downloadSourceFile, type DownloadedFile } from "./download-source.ts";
import { parseDownloadedTable } from "./parse-downloads.ts";
import type { ReferenceRefreshSettings } from "../../runtime/config/reference-refresh-settings.ts";
import { claimRefreshLease, finishRefresh, readRefreshStates } from "./refresh-state.ts";
import { nextRefreshAt } from "./refresh-schedule.ts";

export { nextRefreshAt };
import { REFERENCE_SOURCES, REFRESHABLE_TABLES, referenceSource, type RefreshableTable } from "../sources/registry.ts";
import { forgetReferenceVintage, statedPublicationDate } from "./reference-vintage.ts";

export type RefreshOutcome =
  /** Downloaded, changed, checked and imported. */
  | "imported"
  /** Downloaded; the same bytes as the loaded table (checksum): nothing imported. */
  | "unchanged"
  /** Another instance holds the table's lease: it is refreshing the table now. */
  | "busy"
  /** Its interval has not passed yet (scheduled runs only). */
  | "not_due"
  /** Nothing imported; `error` says why and the previous data stays. */
  | "failed";

export interface TableRefreshResult {
  table: RefreshableTable;
  outcome: RefreshOutcome;
  sourceUrls: string[];
  rows?: number;
  previousRows?: number;
  vintage?: string | null;
  publishedAt?: string | null;
  checksum?: string;
  notes?: string[];
  error?: string;
  seconds: number;
}

export type RefreshEvent =
  | { type: "start"; table: RefreshableTable }
  | { type: "download"; table: RefreshableTable; key: string; received: number; total: number | null }
  | { type: "parse"; table: RefreshableTable }
  | { type: "load"; table: RefreshableTable; done: number; total: number }
  | { type: "done"; result: TableRefreshResult };

export interface RefreshOptions {
  /** Only these tables (default: every table). */
  only?: readonly string[];
  /** Accept a shrink beyond settings.maxShrink. */
  force?: boolean;
  /** Scheduled run: skip tables whose interval has not passed (and back off after failures). */
  dueOnly?: boolean;
  /** Lease owner name (default: a random id per call). */
  owner?: string;
  onEvent?: (e: RefreshEvent) => void;
  now?: () => number;
  fetch?: typeof fetch;
}

export class UnknownTableError extends Error {}

/**
 * The names --only accepts besides the tables: the groups (sanctions: every screening list; hs: every HS
 * schedule; tariffs: the countries' schedules), then each source's own aliases (ofac, ports, unlocode, wco).
 */
const ALIASES = new Map<string, RefreshableTable[]>([
  ["sanctions", REFERENCE_SOURCES.filter((s) => s.group.kind === "screening").map((s) => s.table)],
  ["hs", REFERENCE_SOURCES.filter((s) => s.group.kind === "hs").map((s) => s.table)],
  ["tariffs", REFERENCE_SOURCES.filter((s) => s.group.kind === "hs" && s.group.tariff).map((s) => s.table)],
  ...REFERENCE_SOURCES.flatMap((s) => (s.aliases ?? []).map((a): [string, RefreshableTable[]] => [a, [s.table]])),
]);

export function resolveTables(only: readonly string[] | undefined): RefreshableTable[] {
  const asked = only?.map((t) => t.trim()).filter(Boolean) ?? [];
  if (asked.length === 0) return [...REFRESHABLE_TABLES];
  const out = new Set<RefreshableTable>();
  for (const a of asked) {
    const hit = (REFRESHABLE_TABLES as readonly string[]).includes(a) ? [a as RefreshableTable] : ALIASES.get(a);
    if (!hit)
      throw new UnknownTableError(
        `unknown reference table "${a}"; tables: ${REFRESHABLE_TABLES.join(", ")} (or ${[...ALIASES.keys()].join(", ")})`,
      );
    for (const t of hit) out.add(t);
  }
  return REFRESHABLE_TABLES.filter((t) => out.has(t));
}

/** Tables whose next refresh time has come, most overdue first. */
export async function dueTables(db: Db, settings: ReferenceRefreshSettings, now = Date.now()): Promise<RefreshableTable[]> {
  const [imports, states] = await Promise.all([
    db.query<{ table_name: string; imported_at: unknown }>("select table_name, imported_at from reference_imports"),
    readRefreshStates(db),
  ]);
  const importedAt = new Map(imports.map((r) => [r.table_name, toIso(r.imported_at)]));
  return REFRESHABLE_TABLES.map((t) => ({ t, at: nextRefreshAt(states.get(t), importedAt.get(t) ?? null, settings, t) }))
    .filter((x) => x.at <= now)
    .sort((a, b) => a.at - b.at)
    .map((x) => x.t);
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function refreshTable(
  db: Db,
  table: RefreshableTable,
  settings: ReferenceRefreshSettings,
  options: RefreshOptions,
  _owner: string,
  previous: { rows: number; checksum: string | null; vintage: string | null },
): Promise<TableRefreshResult> {
  const files = settings.sources[table];
  const sourceUrls = files.map((f) => f.url);
  const started = performance.now();
  const seconds = () => Math.round((performance.now() - started) / 10) / 100;
  options.onEvent?.({ type: "start", table });

  const downloaded: DownloadedFile[] = [];
  for (const f of files) {
    const d = await downloadSourceFile(f, {
      timeoutMs: settings.timeoutMs,
      fetch: options.fetch,
      onProgress: (received, total) => options.onEvent?.({ type: "download", table, key: f.key, received, total }),
    });
    if (d) downloaded.push(d);
  }
  const checksum = await checksumOf(downloaded);
  const lastModified = downloaded.map((d) => d.lastModified).find((d) => d !== null) ?? null;
  if (checksum === previous.checksum) {
    return {
      table,
      outcome: "unchanged",
      sourceUrls,
      rows: previous.rows,
      previousRows: previous.rows,
      vintage: previous.vintage,
      checksum,
      seconds: seconds(),
    };
  }

  options.onEvent?.({ type: "parse", table });
  const parsed = await parseDownloadedTable(table, downloaded);
  const rows = parsed.rows.length;
  const minRows = settings.minRows[table];
  if (rows < minRows) {
    throw new Error(
      `${rows} rows is not a plausible ${table} download (at least ${minRows} expected); the file may be truncated or the wrong one`,
    );
  }
  if (!options.force && previous.rows > 0 && rows < previous.rows * (1 - settings.maxShrink)) {
    const pct = Math.round((1 - rows / previous.rows) * 1000) / 10;
    throw new Error(
      `the download has ${rows} rows, ${pct} % fewer than the ${previous.rows} loaded (more than the ${Math.round(settings.maxShrink * 100)} % allowed); ` +
        "the previous data is kept. If the source really shrank, run the refresh with --force",
    );
  }
  const vintage = parsed.vintage ?? (lastModified ? `published ${lastModified.slice(0, 10)}` : null);
  // Without a Last-Modified, the date the data states (its edition or release) is the publisher's date.
  const publishedAt = lastModified ?? statedPublicationDate(table, vintage);
  await loadReferenceTable(
    db,
    {
      table,
      rows: parsed.rows,
      source: referenceSource(table).publisher,
      vintage,
      files: downloaded.map((d) => d.fileName || d.key),
      provenance: { sourceUrls: downloaded.map((d) => d.url), publishedAt, checksum },
    },
    // The screening lists' stored index and the monitor run once, after every table (refreshReferenceData).
    { onProgress: (_t, done, total) => options.onEvent?.({ type: "load", table, done, total }), deferScreeningIndex: true },
  );
  forgetReferenceVintage(db);
  return {
    table,
    outcome: "imported",
    sourceUrls,
    rows,
    previousRows: previous.rows,
    vintage,
    publishedAt,
    checksum,
    notes: parsed.notes,
    seconds: seconds(),
  };
}

/**
 * Refreshes the asked tables one after the other; never throws for one table's failure (see each result).
 * A refresh that imported screening lists rebuilds their stored index once and runs the monitor once at
 * its end (finishScreeningImport), as a folder import does: the index covers every list, so a rebuild per
 * list would read them all each time. Until then the stored index is not current and a process screens
 * with the index it builds in memory (same answers).
 */
export async function refreshReferenceData(
  db: Db,
  settings: ReferenceRefreshSettings,
  options: RefreshOptions = {},
): Promise<TableRefreshResult[]> {
  const tables = resolveTables(options.only);
  const owner = options.owner ?? `refresh-${crypto.randomUUID()}`;
  const now = options.now ?? Date.now;
  const results: TableRefreshResult[] = [];
  try {
    await refreshEach(db, tables, settings, options, owner, now, results);
  } finally {
    if (results.some((r) => r.outcome === "imported" && isScreeningTable(r.table))) await finishScreeningImport(db);
  }
  return results;
}

async function refreshEach(
  db: Db,
  tables: readonly RefreshableTable[],
  settings: ReferenceRefreshSettings,
  options: RefreshOptions,
  owner: string,
  now: () => number,
  results: TableRefreshResult[],
): Promise<void> {
  for (const table of tables) {
    const sourceUrls = settings.sources[table].map((f) => f.url);
    const [imports, states] = await Promise.all([
      db.query<{ row_count: number; checksum: string | null; imported_at: unknown }>(
        "select row_count, checksum, imported_at from reference_imports where table_name = $1",
        [table],
      ),
      readRefreshStates(db),
    ]);
    const importedAt = toIso(imports[0]?.imported_at);
    if (options.dueOnly && nextRefreshAt(states.get(table), importedAt, settings, table) > now()) {
      results.push({ table, outcome: "not_due", sourceUrls, seconds: 0 });
      continue;
    }
    if (!(await claimRefreshLease(db, table, owner, settings.leaseMs))) {
      const r: TableRefreshResult = { table, outcome: "busy", sourceUrls, seconds: 0 };
      options.onEvent?.({ type: "done", result: r });
      results.push(r);
      continue;
    }
    let result: TableRefreshResult;
    const started = performance.now();
    try {
      // Re-read under the lease: another instance may have imported this table a moment ago.
      const [prev] = await db.query<{ row_count: number; checksum: string | null; vintage: string | null }>(
        "select row_count, checksum, vintage from reference_imports where table_name = $1",
        [table],
      );
      result = await refreshTable(db, table, settings, options, owner, {
        rows: prev ? Number(prev.row_count) : 0,
        checksum: prev?.checksum ?? null,
        vintage: prev?.vintage ?? null,
      });
      await finishRefresh(db, table, owner, { ok: true, outcome: result.outcome });
    } catch (e) {
      result = { table, outcome: "failed", sourceUrls, error: errorText(e), seconds: Math.round((performance.now() - started) / 10) / 100 };
      await finishRefresh(db, table, owner, { ok: false, error: result.error! }).catch(() => {});
    }
    options.onEvent?.({ type: "done", result });
    results.push(result);
  }
}
