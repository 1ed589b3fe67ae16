// npm run reference:import -- --dir ../shared/data [--only hs_codes_us,port_codes]
// Imports the reference tables into the configured database (PGlite under TDS_DATA_DIR, or
// DATABASE_URL), replacing each table's rows. Progress goes to stderr, the summary to stdout.
import { resolve } from "node:path";
import { fail, onlyList, readOptions } from "./cli.ts";
import { loadConfig } from "../shared/runtime/config.ts";
import { openDatabase } from "../shared/db/open-database.ts";
import { migrate } from "../shared/db/migrate.ts";
import { refreshStoredSanctionsIndex } from "../shared/screening/sanctions-screener.ts";
import { isHsTable, storeLineIndexesAfterImport } from "../shared/hs-codes/stored-line-index.ts";
import { importReferenceDir, type TableImportSummary } from "../shared/reference/import-reference-dir.ts";
import { REFRESHABLE_TABLES } from "../shared/reference/sources/registry.ts";

const USAGE = `Usage: npm run reference:import -- --dir <folder> [--only table1,table2]
Tables: ${REFRESHABLE_TABLES.join(", ")}
Database: DATABASE_URL if set, else PGlite under TDS_DATA_DIR (default ./.data).`;

const args = readOptions({ dir: { type: "string" }, only: { type: "string" } }, USAGE);
if (!args.dir) fail(`--dir is required\n${USAGE}`);
const dir = resolve(args.dir);
const only = onlyList(args.only);

const config = loadConfig();
const tty = Boolean(process.stderr.isTTY);
const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${resolve(config.dataDir, "pg")}`;
console.error(`Importing reference data from ${dir} into ${where}`);

// A TTY gets one line per table rewritten in place; a log gets a line per batch.
let lastLine = "";
const progress = (table: string, done: number, total: number) => {
  const pct = total === 0 ? 100 : Math.floor((done / total) * 100);
  const line = `${table.padEnd(15)} ${String(done).padStart(7)} / ${String(total).padStart(7)} rows  ${String(pct).padStart(3)}%`;
  if (tty) {
    process.stderr.write(`\r${line}\x1b[K`);
    lastLine = line;
  } else {
    console.error(line);
  }
};
const endLine = () => {
  if (tty && lastLine) process.stderr.write("\n");
  lastLine = "";
};

const started = performance.now();
const db = await openDatabase(config);
let exitCode = 0;
try {
  await migrate(db);
  const result = await importReferenceDir(db, dir, {
    only,
    continueOnError: true,
    onTableStart: (table, files) => {
      endLine();
      const line = `${table.padEnd(15)} parsing ${files.join(", ")}`;
      if (tty) {
        // Overwritten by the progress of the same table: one line per table.
        process.stderr.write(`\r${line}\x1b[K`);
        lastLine = line;
      } else {
        console.error(line);
      }
    },
    onProgress: progress,
  });
  endLine();
  printSummary(result.tables);
  if (result.missing.length > 0) console.log(`\nNo files found for: ${result.missing.join(", ")}`);
  const failed = result.tables.filter((t) => t.error);
  for (const t of failed) console.error(`FAILED ${t.table}: ${t.error}`);
  if (failed.length > 0) exitCode = 1;
  // Edge functions screen through the stored index instead of building it on their first request.
  if (result.tables.some((t) => t.table === "sanctions_ofac" && !t.error)) {
    const t0 = performance.now();
    const rows = await refreshStoredSanctionsIndex(db);
    console.log(`\nsanctions screening index stored: ${rows} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  // The HS search of a fresh process decodes these instead of building its index from every line's text.
  const li = result.tables.some((t) => isHsTable(t.table) && !t.error) ? await storeLineIndexesAfterImport(db) : undefined;
  if (li?.error) console.error(`HS search line indexes not stored (searches build them from the rows): ${li.error}`);
  else if (li) {
    const mb = li.stored.reduce((n, s) => n + s.bytes, 0) / 2 ** 20;
    console.log(
      `\nHS search line indexes stored: ${li.stored.map((s) => s.schedule).join(", ") || "none stale"} (${mb.toFixed(1)} MB) in ${li.seconds.toFixed(1)} s`,
    );
  }
  console.log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (e) {
  endLine();
  console.error(`reference import failed: ${e instanceof Error ? e.message : String(e)}`);
  exitCode = 1;
} finally {
  // PGlite writes its data directory on close.
  await db.close();
}
process.exit(exitCode);

function printSummary(tables: TableImportSummary[]) {
  const head = ["table", "rows", "seconds", "vintage", "files"];
  const body = tables.map((t) => [
    t.table,
    t.error ? "FAILED" : String(t.rows),
    t.seconds.toFixed(2),
    t.vintage ?? "-",
    t.files.join(", "),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => (i < 4 ? r[i].length : 0))));
  const fmt = (r: string[]) => r.map((c, i) => (i === 1 || i === 2 ? c.padStart(widths[i]) : i < 4 ? c.padEnd(widths[i]) : c)).join("  ");
  console.log(fmt(head));
  console.log(widths.map((w, i) => "-".repeat(i < 4 ? w : 5)).join("  "));
  for (const r of body) console.log(fmt(r));
  for (const t of tables) for (const n of t.notes) console.log(`  ${t.table}: ${n}`);
}
