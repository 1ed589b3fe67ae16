// npm run reference:refresh [-- --only sanctions,ports,…] [--force]
// Downloads each reference table from its source (TDS_REFERENCE_URL_* / TDS_REFERENCE_MIRROR override
// the official addresses), checks it, and imports only what changed. Progress goes to stderr, the
// summary to stdout. Exit code 0 when every table was imported or found unchanged, 1 when one failed,
// 2 on a usage error.
import { resolve } from "node:path";
import { fail, onlyList, readOptions } from "./cli.ts";
import { loadConfig } from "../shared/runtime/config.ts";
import { openDatabase } from "../shared/db/open-database.ts";
import { migrate } from "../shared/db/migrate.ts";
import {
  refreshReferenceData,
  resolveTables,
  UnknownTableError,
  type RefreshEvent,
  type TableRefreshResult,
} from "../shared/reference/refresh/refresh-reference-data.ts";
import { REFRESHABLE_TABLES } from "../shared/reference/sources/registry.ts";
import { isHsTable, storeLineIndexesAfterImport } from "../shared/hs-codes/stored-line-index.ts";

const USAGE = `Usage: npm run reference:refresh [-- --only table1,table2] [--force]
Tables: ${REFRESHABLE_TABLES.join(", ")} (also: sanctions, ports, hs, tariffs, wco)
--force  accept a download with far fewer rows than the loaded table (TDS_REFERENCE_MAX_SHRINK)
Sources: TDS_REFERENCE_MIRROR=<base address> or TDS_REFERENCE_URL_<TABLE>[_<FILE>]=<address> (docs/reference-data.md).
Database: DATABASE_URL if set, else PGlite under TDS_DATA_DIR (default ./.data).`;

const args = readOptions({ only: { type: "string" }, force: { type: "boolean" } }, USAGE);
const only = onlyList(args.only);
try {
  resolveTables(only);
} catch (e) {
  if (e instanceof UnknownTableError) fail(`${e.message}\n${USAGE}`);
  throw e;
}

let config;
try {
  config = loadConfig();
} catch (e) {
  fail(`configuration: ${e instanceof Error ? e.message : String(e)}`);
}
const tty = Boolean(process.stderr.isTTY);
const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${resolve(config.dataDir, "pg")}`;
console.error(`Refreshing reference data into ${where}`);

// A terminal gets one line per table rewritten in place; a log gets a line per step.
let lastLine = "";
const show = (line: string, final = false) => {
  if (tty) {
    process.stderr.write(`\r${line}\x1b[K${final ? "\n" : ""}`);
    lastLine = final ? "" : line;
  } else if (final || !line.includes("%") || line.endsWith("100%")) {
    console.error(line);
  }
};
const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
const onEvent = (e: RefreshEvent) => {
  const name = (t: string) => t.padEnd(15);
  switch (e.type) {
    case "start":
      show(`${name(e.table)} downloading…`);
      break;
    case "download":
      show(
        `${name(e.table)} downloading ${e.key} ${mb(e.received)}${e.total ? ` of ${mb(e.total)}  ${Math.floor((e.received / e.total) * 100)}%` : ""}`,
      );
      break;
    case "parse":
      show(`${name(e.table)} checking and parsing…`);
      break;
    case "load":
      show(`${name(e.table)} importing ${e.done} / ${e.total} rows  ${e.total === 0 ? 100 : Math.floor((e.done / e.total) * 100)}%`);
      break;
    case "done": {
      const r = e.result;
      const what =
        r.outcome === "imported"
          ? `imported ${r.rows} rows (was ${r.previousRows})`
          : r.outcome === "unchanged"
            ? "unchanged (same checksum), nothing imported"
            : r.outcome === "busy"
              ? "another instance is refreshing it now; skipped"
              : r.outcome === "not_due"
                ? "not due"
                : `FAILED, previous data kept: ${r.error}`;
      show(`${name(r.table)} ${what}`, true);
      break;
    }
  }
};

const started = performance.now();
const db = await openDatabase(config);
let exitCode = 0;
try {
  await migrate(db);
  const results = await refreshReferenceData(db, config.referenceRefresh, { only, force: args.force === true, onEvent });
  if (tty && lastLine) process.stderr.write("\n");
  printSummary(results);
  if (results.some((r) => r.outcome === "failed")) exitCode = 1;
  // The HS search of a fresh process decodes these instead of building its index from every line's text.
  if (results.some((r) => r.outcome === "imported" && isHsTable(r.table))) {
    const li = await storeLineIndexesAfterImport(db);
    if (li.error) console.error(`HS search line indexes not stored (searches build them from the rows): ${li.error}`);
    else
      console.log(
        `\nHS search line indexes stored: ${li.stored.map((s) => s.schedule).join(", ") || "none stale"} in ${li.seconds.toFixed(1)} s`,
      );
  }
  console.log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (e) {
  console.error(`reference refresh failed: ${e instanceof Error ? e.message : String(e)}`);
  exitCode = 1;
} finally {
  // PGlite writes its data directory on close.
  await db.close();
}
process.exit(exitCode);

function printSummary(results: TableRefreshResult[]) {
  const head = ["table", "outcome", "rows", "seconds", "vintage"];
  const body = results.map((r) => [
    r.table,
    r.outcome,
    r.rows === undefined ? "-" : String(r.rows),
    r.seconds.toFixed(2),
    r.vintage ?? "-",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const fmt = (r: string[]) =>
    r
      .map((c, i) => (i === 2 || i === 3 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  console.log(fmt(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of body) console.log(fmt(r));
  for (const r of results) {
    if (r.outcome === "imported")
      console.log(`  ${r.table}: from ${r.sourceUrls.join(", ")}; ${r.checksum}${r.publishedAt ? `; published ${r.publishedAt}` : ""}`);
    for (const n of r.notes ?? []) console.log(`  ${r.table}: ${n}`);
    if (r.error) console.log(`  ${r.table}: ${r.error}`);
  }
}
