/**
 * Imports every reference dataset found in a directory laid out like the workspace's shared/data
 * (sub-folders are searched; each source's descriptor in shared/reference/sources/ recognises its files by
 * the names documented in docs/reference-data.md, the newest vintage winning when several are present).
 * Each table is parsed, then replaced in its own transaction by loadReferenceTable.
 */
import type { Db } from "../db/types.ts";
import { isScreeningTable } from "../screening/lists/screening-tables.ts";
import { finishScreeningImport, loadReferenceTable, type ProgressFn } from "./load-reference-table.ts";
import { emptyReferenceTables } from "./import-records.ts";
import { statedPublicationDate } from "./refresh/reference-vintage.ts";
import { listFiles } from "./sources/folder-files.ts";
import { isRefreshableTable, REFRESHABLE_TABLES, referenceSource, type RefreshableTable } from "./sources/registry.ts";

export interface TableImportSummary {
  table: RefreshableTable;
  /** Source files, relative to the directory. */
  files: string[];
  vintage: string | null;
  rows: number;
  seconds: number;
  /** What the parser left out or detected (skipped rows, encodings, orphans). */
  notes: string[];
  /** Set when this table failed (continueOnError); its old rows are unchanged. */
  error?: string;
}

export interface ReferenceImportResult {
  tables: TableImportSummary[];
  /** Tables asked for (or all) with no files in the directory. */
  missing: RefreshableTable[];
}

export interface ImportOptions {
  /** Only these tables (default: every table that has files). */
  only?: string[];
  onProgress?: ProgressFn;
  /** Called when a table starts (after its files were found). */
  onTableStart?: (table: RefreshableTable, files: string[]) => void;
  batchSize?: number;
  /** Go on with the other tables when one fails (its error is in the summary). Default false: throw. */
  continueOnError?: boolean;
}

// ---------- import ----------

/** Which files would be imported for each table (no parsing, no database). */
export async function findReferenceFiles(
  dir: string,
): Promise<Partial<Record<RefreshableTable, { files: string[]; vintage: string | null }>>> {
  const files = await listFiles(dir);
  const out: Partial<Record<RefreshableTable, { files: string[]; vintage: string | null }>> = {};
  for (const table of REFRESHABLE_TABLES) {
    const plan = referenceSource(table).find(files);
    if (plan) out[table] = { files: plan.files.map((f) => f.rel), vintage: plan.vintage };
  }
  return out;
}

export async function importReferenceDir(db: Db, dir: string, options: ImportOptions = {}): Promise<ReferenceImportResult> {
  const only = options.only?.map((t) => t.trim()).filter(Boolean);
  const unknown = only?.filter((t) => !isRefreshableTable(t)) ?? [];
  if (unknown.length > 0)
    throw new Error(`unknown reference table(s): ${unknown.join(", ")}; importable: ${REFRESHABLE_TABLES.join(", ")}`);
  const wanted = only && only.length > 0 ? REFRESHABLE_TABLES.filter((t) => only.includes(t)) : [...REFRESHABLE_TABLES];
  const files = await listFiles(dir);
  const result: ReferenceImportResult = { tables: [], missing: [] };
  let screeningImported = false;
  try {
    for (const table of wanted) {
      const plan = referenceSource(table).find(files);
      if (!plan) {
        result.missing.push(table);
        continue;
      }
      const rel = plan.files.map((f) => f.rel);
      options.onTableStart?.(table, rel);
      const started = performance.now();
      const summary: TableImportSummary = { table, files: rel, vintage: plan.vintage, rows: 0, seconds: 0, notes: [] };
      // The date the folder states (OFAC: the file names; the others: their vintage), for the tables whose age
      // runs from the data (reference-vintage.ts); the ISO lists' age runs from the import.
      const publishedAt =
        plan.publishedAt !== undefined
          ? plan.publishedAt
          : referenceSource(table).age.from === "confirmation"
            ? undefined
            : statedPublicationDate(table, plan.vintage);
      try {
        const { rows, notes } = await plan.parse();
        summary.notes = notes;
        const loaded = await loadReferenceTable(
          db,
          {
            table,
            rows,
            source: plan.source,
            vintage: plan.vintage,
            files: rel,
            // A folder has no download provenance (no checksum: the next refresh imports afresh), only the date it states.
            provenance: publishedAt !== undefined ? { sourceUrls: [], publishedAt, checksum: null } : undefined,
          },
          { batchSize: options.batchSize, onProgress: options.onProgress, deferScreeningIndex: true },
        );
        summary.rows = loaded.rows;
        if (isScreeningTable(table)) screeningImported = true;
      } catch (e) {
        summary.error = e instanceof Error ? e.message : String(e);
        if (!options.continueOnError) {
          throw new Error(`importing ${table} from ${rel.join(", ")} failed: ${summary.error}`, { cause: e });
        }
      } finally {
        summary.seconds = Math.round((performance.now() - started) / 10) / 100;
      }
      result.tables.push(summary);
    }
  } finally {
    // Every screening list of the run is in: the stored index is rebuilt once, then the monitor runs.
    if (screeningImported) await finishScreeningImport(db);
  }
  if (only && only.length > 0 && result.missing.length > 0) {
    throw new Error(`no files for ${result.missing.join(", ")} in ${dir}`);
  }
  return result;
}

/**
 * Imports only the tables that are empty (first start with TDS_REFERENCE_DIR set); tables that hold
 * rows are left alone, so a restart never repeats the import. Failures of one table do not stop the
 * others; they are reported in the summary.
 */
export async function importReferenceDirIfEmpty(
  db: Db,
  dir: string,
  options: Omit<ImportOptions, "only"> = {},
): Promise<ReferenceImportResult> {
  const empty = (await emptyReferenceTables(db)).filter(isRefreshableTable);
  if (empty.length === 0) return { tables: [], missing: [] };
  const available = await findReferenceFiles(dir);
  const todo = empty.filter((t) => available[t]);
  const missing = empty.filter((t) => !available[t]);
  if (todo.length === 0) return { tables: [], missing };
  const result = await importReferenceDir(db, dir, { continueOnError: true, ...options, only: todo });
  return { tables: result.tables, missing };
}
