// npm run bench -- screening-monitor: monitoring after a list refresh (docs/sanctions-screening.md, "Monitoring").
// 10,000 saved parties in one account (invented company names; 20 of them are named like entries the
// refresh adds), an OFAC list of 3 entries imported, then a refresh that adds 100 entries. Measured: the
// monitor's run over those 100 change rows (read the entries, index them, read the parties, screen every
// name, store the matches and their webhook events, move the cursor), and a run after a re-import that
// changed nothing. PGlite in memory and, with DATABASE_URL, a PostgreSQL server.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import type { Db } from "../shared/db/types.ts";
import { openPglite } from "../shared/db/pglite.ts";
import { openPostgres } from "../shared/db/postgres.ts";
import { migrate } from "../shared/db/migrate.ts";
import { importReferenceDir } from "../shared/reference/import-reference-dir.ts";
import { runScreeningMonitor, type MonitorRun } from "../shared/screening/monitoring/run-monitor.ts";
import { defaultMonitorScreening } from "../shared/screening/monitoring/monitor-screening.ts";
import { machine, table } from "./support.ts";

const PARTIES = 10_000;
const ADDED = 100;
const WORDS = ["Nordic", "Baltic", "Alpine", "Harbor", "Delta", "Summit", "Cedar", "Granite", "Meridian", "Silver", "Coastal", "Prairie"];
const KINDS = ["Trading", "Logistics", "Textiles", "Machinery", "Foods", "Components", "Chemicals", "Furniture", "Metals", "Plastics"];
const FORMS = ["Ltd", "GmbH", "LLC", "S.A.", "Sp. z o.o.", "Inc.", "B.V.", "S.r.l."];
const LETTERS = "BCDFGHJKLMNPRSTVWXZ";

/** A pronounceable invented word, different for every n. */
function word(n: number): string {
  let s = "";
  let x = n + 7;
  for (let i = 0; i < 3; i++) {
    s += LETTERS[x % LETTERS.length] + "AEIOU"[(x >> 3) % 5];
    x = Math.floor(x / 5) + 13 * i;
  }
  return s[0] + s.slice(1).toLowerCase();
}

const partyName = (i: number) => `${word(i)} ${WORDS[i % WORDS.length]} ${KINDS[(i >> 2) % KINDS.length]} ${FORMS[i % FORMS.length]}`;
const addedName = (i: number) => `QUVARLEX ${word(90_000 + i).toUpperCase()} INDUSTRIAL HOLDING COMPANY`;

const NULL = "-0- ";
const csvRow = (uid: number, name: string, program: string) =>
  [String(uid), `"${name}"`, NULL, `"${program}"`, ...Array(8).fill(NULL)].join(",");
const BASE = [
  csvRow(990001, "ZYXQUORT TEST EMBARGO TRADING COMPANY", "SDGT"),
  csvRow(990002, "VELMOROKH FICTITIOUS SHIPPING LLC", "IRAN"),
  csvRow(990003, "QUARNETH, Ilyavor Testovich", "RUSSIA-EO14024"),
];

async function writeList(dir: string, rows: string[]) {
  await writeFile(join(dir, `ofac_sdn_${new Date().toISOString().slice(0, 10)}.csv`), `${rows.join("\r\n")}\r\n\x1a`);
}

async function lastRun(db: Db): Promise<MonitorRun> {
  const rows = await db.query<{ last_run: MonitorRun | string }>("select last_run from screening_monitor_state");
  const v = rows[0].last_run;
  return typeof v === "string" ? JSON.parse(v) : v;
}

async function measure(name: string, db: Db): Promise<(string | number)[][]> {
  const dir = await mkdtemp(join(tmpdir(), "tds-monitor-bench-"));
  try {
    await writeList(dir, BASE);
    await importReferenceDir(db, dir, { only: ["sanctions_ofac"] });
    const account = await db.query<{ id: string }>("insert into accounts (name, tier) values ('bench', 'scale') returning id");
    const names = Array.from({ length: PARTIES }, (_, i) =>
      i % 500 === 0 ? addedName(i / 500).replace(" COMPANY", " Co.") : partyName(i),
    );
    await db.query(
      `insert into parties (account_id, name, name_search, country)
       select $1, n, lower(n), 'DE' from jsonb_array_elements_text($2::text::jsonb) n`,
      [account[0].id, JSON.stringify(names)],
    );
    // Whatever the first import logged is processed before the measured refresh.
    await runScreeningMonitor(db, defaultMonitorScreening, { monitorDays: 90 });

    await writeList(dir, [...BASE, ...Array.from({ length: ADDED }, (_, i) => csvRow(991000 + i, addedName(i), "SDGT"))]);
    const tImport = performance.now();
    await importReferenceDir(db, dir, { only: ["sanctions_ofac"] });
    const importMs = performance.now() - tImport;
    // The import itself runs the monitor once it has committed (afterScreeningListsChanged): its stored
    // run is the measured one; a second run here would find the change rows already processed.
    const run = await lastRun(db);
    const runMs = run.ms;

    await importReferenceDir(db, dir, { only: ["sanctions_ofac"] });
    const t2 = performance.now();
    const unchanged = await runScreeningMonitor(db, defaultMonitorScreening, { monitorDays: 90 });
    const unchangedMs = performance.now() - t2;
    return [
      [
        name,
        `refresh adding ${ADDED}`,
        run.changes,
        run.entries,
        run.names,
        run.matches,
        `${runMs.toFixed(0)} ms`,
        `${importMs.toFixed(0)} ms`,
      ],
      [
        name,
        "refresh changing nothing",
        unchanged.changes,
        unchanged.entries,
        unchanged.names,
        unchanged.matches,
        `${unchangedMs.toFixed(1)} ms`,
        "—",
      ],
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const rows: (string | number)[][] = [];
const lite = await openPglite();
await migrate(lite);
rows.push(...(await measure("PGlite", lite)));
await lite.close();

const url = process.env.DATABASE_URL;
if (url) {
  const dbName = `tds_bench_${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${dbName}`);
  const u = new URL(url);
  u.pathname = `/${dbName}`;
  const pg = openPostgres(u.toString());
  try {
    await migrate(pg);
    rows.push(...(await measure("PostgreSQL", pg)));
  } finally {
    await pg.close();
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

console.log(machine());
console.log(`${PARTIES.toLocaleString("en")} saved parties, one account\n`);
console.log(table(["Database", "Run", "Change rows", "Entries screened", "Names", "New matches", "Monitor run", "Import + monitor"], rows));
