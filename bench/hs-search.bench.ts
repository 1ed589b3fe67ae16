/**
 * HS code search: quality (recall at 5 on the labelled everyday descriptions of
 * bench/data/hs-search-labelled.json) and speed (p50 / p95 over every loaded schedule), on the full
 * reference data of ../shared/data imported into a file-backed PGlite under bench/.data/hs-quality
 * (hs-bench-database.ts: built on the first run, and again when a migration or the data change; about a
 * minute), or the PostgreSQL database of DATABASE_URL (HS tables imported with npm run reference:import).
 *
 *   npx tsx bench/hs-search.bench.ts [--rounds 5] [--verbose]
 *   DATABASE_URL=postgres://… npx tsx bench/hs-search.bench.ts
 *   TDS_REFERENCE_DIR=/path/to/data npx tsx bench/hs-search.bench.ts
 *
 * A query hits when one of its first 5 results lies under one of the expected 4-digit headings. The
 * labelled list has a "dev" part (written before the search was tuned, and used to tune it) and a
 * "holdout" part (written after the tuning was frozen): the holdout figure is the honest one.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { openHsBenchDatabase } from "./hs-bench-database.ts";
import { searchHsCodes, type HsSearchResponse } from "../shared/hs-codes/hs-code-service.ts";
import { HS_SCHEDULES, SCHEDULES, type HsSchedule } from "../shared/hs-codes/schedules.ts";
import { createTestGateway } from "../tests/support/test-gateway.ts";

const args = process.argv.slice(2);
// --word-vectors: fuse the word vectors with BM25F, as TDS_HS_WORD_VECTORS=true does (off by default).
const WORD_VECTORS = process.argv.includes("--word-vectors");
const flag = (name: string) => args.includes(name);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROUNDS = Math.max(1, option("--rounds", 5));
const VERBOSE = flag("--verbose");

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DATA_DIR = resolve(process.env.TDS_REFERENCE_DIR ?? join(ROOT, "..", "shared", "data"));
/** In the order hs-quality names them: the same PGlite database serves both. */
const HS_TABLES = ["hs_codes_wco", "hs_codes_us", "hs_codes_eu", "hs_codes_uk", "hs_codes_in", "hs_search_references"];
const COUNTRY: Record<HsSchedule, string | undefined> = { wco: undefined, us: "US", eu: "EU", uk: "GB", in: "IN" };

interface Item {
  q: string;
  headings: string[];
  set: "dev" | "holdout";
  kind?: "typo";
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const headingsOf = (r: HsSearchResponse) => r.results.map((x) => x.code.slice(0, 4));
const isHit = (r: HsSearchResponse, item: Item) => headingsOf(r).some((h) => item.headings.includes(h));

if (!existsSync(DATA_DIR)) {
  console.error(`No reference data in ${DATA_DIR} (set TDS_REFERENCE_DIR).`);
  process.exit(2);
}

const items: Item[] = JSON.parse(await readFile(join(ROOT, "bench", "data", "hs-search-labelled.json"), "utf8")).items;
// PGlite under bench/.data/hs-quality (shared with hs-quality), or DATABASE_URL (PostgreSQL, HS tables imported).
const { db, label: dbLabel } = await openHsBenchDatabase(HS_TABLES);
const load0 = loadavg()[0];

// ---------- quality ----------
type Tally = { hits: number; n: number };
const tally = () => ({ hits: 0, n: 0 });
const recall: Record<string, Record<HsSchedule | "all", Tally>> = {};
const groups = (item: Item) => ["all", item.set, ...(item.kind === "typo" ? ["typo"] : [])];
const misses: string[] = [];
const answers = new Map<string, string>();
for (const schedule of HS_SCHEDULES) {
  for (const item of items) {
    const r = await searchHsCodes(db, { q: item.q, country: COUNTRY[schedule], limit: 5, wordVectors: WORD_VECTORS });
    answers.set(`${schedule}|${item.q}`, JSON.stringify(r.results));
    const hit = isHit(r, item);
    for (const g of groups(item)) {
      recall[g] ??= Object.fromEntries([...HS_SCHEDULES, "all"].map((s) => [s, tally()])) as Record<HsSchedule | "all", Tally>;
      for (const key of [schedule, "all"] as const) {
        recall[g][key].n++;
        if (hit) recall[g][key].hits++;
      }
    }
    if (!hit)
      misses.push(
        `${schedule.padEnd(3)} [${item.set}] "${item.q}" expected ${item.headings.join("/")}, top 5: ${headingsOf(r).join(" ") || "(none)"}`,
      );
  }
}

// The same list through the HTTP API (the in-process gateway): same answers?
const gw = await createTestGateway(db);
const apiKey = (await gw.createAccount("growth", `Bench ${Date.now()}`)).apiKey;
let httpSame = 0;
let httpTotal = 0;
const httpTimes: number[] = [];
for (const schedule of HS_SCHEDULES) {
  for (const item of items) {
    const started = performance.now();
    const r = await gw.call(
      "GET",
      `/api/v1/hs-codes/search?q=${encodeURIComponent(item.q)}&limit=5${COUNTRY[schedule] ? `&country=${COUNTRY[schedule]}` : ""}`,
      { apiKey },
    );
    httpTimes.push(performance.now() - started);
    httpTotal++;
    if (r.status === 200 && JSON.stringify(r.body.results) === answers.get(`${schedule}|${item.q}`)) httpSame++;
  }
}
httpTimes.sort((a, b) => a - b);

// ---------- speed ----------
const CODE_QUERIES = ["84", "8471", "8471.30", "6109", "0306", "2204", "9403", "8517.13", "39", "7113"];
const textTimes: Record<HsSchedule, number[]> = { wco: [], us: [], eu: [], uk: [], in: [] };
const codeTimes: Record<HsSchedule, number[]> = { wco: [], us: [], eu: [], uk: [], in: [] };
/** CPU time of each description search (ms): unlike the wall clock, not stretched by other processes. */
const textCpu: number[] = [];
const cpu0 = process.cpuUsage();
let searches = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (const schedule of HS_SCHEDULES) {
    for (const item of items) {
      const c = process.cpuUsage();
      const s = performance.now();
      await searchHsCodes(db, { q: item.q, country: COUNTRY[schedule], wordVectors: WORD_VECTORS });
      textTimes[schedule].push(performance.now() - s);
      const used = process.cpuUsage(c);
      textCpu.push((used.user + used.system) / 1000);
      searches++;
    }
    for (const q of CODE_QUERIES) {
      const s = performance.now();
      await searchHsCodes(db, { q, country: COUNTRY[schedule], wordVectors: WORD_VECTORS });
      codeTimes[schedule].push(performance.now() - s);
      searches++;
    }
  }
}
const cpu = process.cpuUsage(cpu0);
const load1 = loadavg()[0];
await db.close();

// ---------- report ----------
const pct = (t: Tally) => (t.n === 0 ? "–" : `${((100 * t.hits) / t.n).toFixed(1)}% (${t.hits}/${t.n})`);
const ms = (n: number) => n.toFixed(1);
const counts = {
  dev: items.filter((i) => i.set === "dev").length,
  holdout: items.filter((i) => i.set === "holdout").length,
  typo: items.filter((i) => i.kind === "typo").length,
};

console.log("# HS code search benchmark\n");
console.log(`Node ${process.version}, ${dbLabel}; reference data ${DATA_DIR}`);
console.log(
  `Labelled list: ${items.length} queries (${counts.dev} dev, ${counts.holdout} holdout; ${counts.typo} misspelt), bench/data/hs-search-labelled.json\n`,
);

console.log("## Recall at 5 (a hit: one of the first 5 results under an expected heading)\n");
console.log(`| Queries | ${HS_SCHEDULES.map((s) => SCHEDULES[s].country ?? "WCO").join(" | ")} | All schedules |`);
console.log(`|---|${HS_SCHEDULES.map(() => "---").join("|")}|---|`);
for (const g of ["holdout", "dev", "typo", "all"]) {
  if (!recall[g]) continue;
  console.log(`| ${g} | ${HS_SCHEDULES.map((s) => pct(recall[g][s])).join(" | ")} | ${pct(recall[g].all)} |`);
}
console.log(`\nThrough the HTTP API (in-process gateway): ${httpSame}/${httpTotal} answers identical to the service function's.\n`);

console.log(`## Speed (${ROUNDS} rounds; wall-clock ms per search, service function, default limit 20)\n`);
console.log("| Schedule | Text p50 | Text p95 | Code prefix p50 | Code prefix p95 | All p50 | All p95 |");
console.log("|---|---|---|---|---|---|---|");
const allText: number[] = [];
const allCode: number[] = [];
for (const s of HS_SCHEDULES) {
  const t = [...textTimes[s]].sort((a, b) => a - b);
  const c = [...codeTimes[s]].sort((a, b) => a - b);
  const a = [...t, ...c].sort((x, y) => x - y);
  allText.push(...t);
  allCode.push(...c);
  console.log(
    `| ${SCHEDULES[s].country ?? "WCO"} | ${ms(percentile(t, 50))} | ${ms(percentile(t, 95))} | ${ms(percentile(c, 50))} | ${ms(percentile(c, 95))} | ${ms(percentile(a, 50))} | ${ms(percentile(a, 95))} |`,
  );
}
allText.sort((a, b) => a - b);
allCode.sort((a, b) => a - b);
const all = [...allText, ...allCode].sort((a, b) => a - b);
console.log(
  `| **All schedules** | ${ms(percentile(allText, 50))} | **${ms(percentile(allText, 95))}** | ${ms(percentile(allCode, 50))} | ${ms(percentile(allCode, 95))} | ${ms(percentile(all, 50))} | **${ms(percentile(all, 95))}** |`,
);
console.log(
  `\n${searches} searches; mean CPU ${((cpu.user + cpu.system) / 1000 / searches).toFixed(1)} ms per search (CPU time is not inflated by other processes); ` +
    `max ${ms(all[all.length - 1])} ms; load average ${load0.toFixed(1)} → ${load1.toFixed(1)} on ${(await import("node:os")).cpus().length} CPUs. ` +
    `Through HTTP: p50 ${ms(percentile(httpTimes, 50))} ms, p95 ${ms(percentile(httpTimes, 95))} ms (limit 5, one pass).`,
);

textCpu.sort((a, b) => a - b);
console.log(
  `CPU time per description search: p50 ${ms(percentile(textCpu, 50))} ms, p95 ${ms(percentile(textCpu, 95))} ms, ` +
    `mean ${ms(textCpu.reduce((a, b) => a + b, 0) / Math.max(1, textCpu.length))} ms, max ${ms(textCpu[textCpu.length - 1])} ms` +
    `${dbLabel.startsWith("PostgreSQL") ? " (this process only: the database server's share is not counted)" : " (PGlite runs in this process: included)"}.`,
);

if (VERBOSE || misses.length <= 40) {
  console.log(`\n## Misses (${misses.length})\n`);
  for (const m of misses) console.log(`- ${m}`);
}
