// npm run bench -- edge-cold-start [-- --fresh] : every edge function on a fresh Deno process, as deployed
// (supabase/import_map.json, no node_modules: scripts/edge/deploy-tree.ts), on PostgreSQL with the full
// reference data. Measures the process's CPU time (/proc/<pid>/stat utime+stime, all threads) and resident
// memory (/proc/<pid>/status VmRSS, VmHWM) after start and after its first request, and what Supabase's
// edge runtime counts against a worker's memory limit: the isolate's V8 used heap + external memory (array
// buffers), not the process RSS (one runtime process hosts many workers). That figure comes from a small
// wrapper entry the bench writes into the deploy tree beside each function's index.ts (MEMORY_WRAPPER): it
// serves the function's exported app, samples Deno.memoryUsage() every 2 ms while a request is in flight
// (timers fire between the request's awaits: a synchronous stretch is seen at its ends) and answers the
// bench on MEMORY_PATH, a path no function has. "isolate" = heapUsed + external; its peak is the highest sample.
// Target (Supabase Edge: 2 s CPU per request, 256 MB per worker): start + first request ≤ 1 s CPU and an isolate peak ≤ 150 MB.
//
// --hs-search: the api function's first request is an HS description search (GET /api/v1/hs-codes/search).
// --hs-search-all: as --hs-search, then one search in each of the other four schedules (EU, GB, IN, WCO) on
// the same instance: the memory of an instance that keeps every schedule's index and vectors.
// EDGE_BENCH_TRACE=1: print CPU and memory after each of those requests.
//
// --after-refresh: before measuring, change the sanctions list through the refresh (a local publisher on
// 127.0.0.1 serves the OFAC files with one new entry) and do nothing else, as a scheduled refresh does; the
// stored screening index must then be current already (issue 26). --stale-index: also drop the stored index's
// record, the state every refresh left before issue 26 (a cold validate-shipment then builds the index itself).
//
// Database: tds_bench_edge on the server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// created and filled once with `npm run reference:import -- --dir <reference data>`; --fresh drops it first.
// A database filled before a screening list existed gets the missing lists imported (--only); the bench
// prints each list's rows and, for validate-shipment, the screening tables its answer names as used.
import { spawn, spawnSync, execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { DENO, prepareDeployTree, REPO, type DeployTree } from "../scripts/edge/deploy-tree.ts";
import { readFunctionManifest } from "../shared/server/function-manifest.ts";
import { openPostgres } from "../shared/db/postgres.ts";
import { migrate } from "../shared/db/migrate.ts";
import { createAccount, createApiKey } from "../shared/accounts/account-repository.ts";
import { loadConfig, SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_SERVICE_ROLE_KEY } from "../shared/runtime/config.ts";
import { createBlobStore, type Services } from "../shared/runtime/services.ts";
import { generateDocuments } from "../shared/generation/generate-documents.ts";
import { drainQueue } from "../shared/jobs/worker.ts";
import { generationJobKind } from "../shared/generation/generation-worker.ts";
import { renderDocument } from "../shared/document-types/render-document.ts";
import { sampleShipment } from "../tests/support/sample-shipments.ts";
import { refreshStoredSanctionsIndex } from "../shared/screening/sanctions-screener.ts";
import { REFERENCE_DIR, table } from "./support.ts";
import { startSourceServer } from "../tests/support/reference-source-server.ts";
import { refreshReferenceData } from "../shared/reference/refresh/refresh-reference-data.ts";
import { parseConfig } from "../shared/runtime/config.ts";
import { currentStoredLayout } from "../shared/screening/index/stored-index.ts";
import { SCREENING_TABLES } from "../shared/screening/lists/screening-tables.ts";
import { storeStaleLineIndexes } from "../shared/hs-codes/stored-line-index.ts";

const CPU_TARGET_S = 1;
const HS_SEARCH_ALL = process.argv.includes("--hs-search-all");
const HS_SEARCH = HS_SEARCH_ALL || process.argv.includes("--hs-search");
// The memory target is on the isolate (what the edge runtime's limit counts: heap used + external), not on
// the process RSS, which also holds the Deno runtime itself (~70 MB before any module) and garbage the
// allocator has not given back; RSS is printed beside it. 150 MB: the Supabase CLI's default worker limit
// (hosted: 256 MB).
const ISOLATE_TARGET_MB = 150;
const RUNS = Number(process.env.EDGE_BENCH_RUNS ?? 3);
// --heap-limit=MB: V8's heap limit, as the edge runtime sets one per worker (its memory limit): garbage is
// then collected before the heap grows past it, where an unlimited Deno lets it stand.
const HEAP_LIMIT = process.argv.find((a) => a.startsWith("--heap-limit="))?.slice("--heap-limit=".length);
const V8_FLAGS = HEAP_LIMIT ? [`--v8-flags=--max-old-space-size=${Number(HEAP_LIMIT)}`] : [];
const BASE_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
// EDGE_BENCH_DB: another database name, so that runs that change the data (--after-refresh) do not disturb others.
const DB_NAME = process.env.EDGE_BENCH_DB ?? "tds_bench_edge";
const CLK_TCK = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

interface Sample {
  startCpu: number;
  startRss: number;
  cpu: number;
  rss: number;
  peakRss: number;
  /** The isolate's heapUsed + external (MB) after start, after the requests, and the highest sampled. */
  startIsolate: number;
  isolate: number;
  peakIsolate: number;
  status: number;
  /** validate-shipment: the screening tables its answer's reference_data names. */
  screening?: { used: string[]; notLoaded: string[] };
}

const MEMORY_PATH = "/__edge-bench/memory";
const WRAPPER_FILE = "edge-bench-memory.tmp.ts";
/** The wrapper entry (Deno): the function's app with memory sampling; GET MEMORY_PATH answers and resets the peak. */
const MEMORY_WRAPPER = `import { app } from "./index.ts";
let peak = 0;
const sample = () => {
  const m = Deno.memoryUsage();
  peak = Math.max(peak, m.heapUsed + m.external);
  return m;
};
let inFlight = 0;
let timer: number | undefined;
Deno.serve(async (req: Request) => {
  if (new URL(req.url).pathname === "${MEMORY_PATH}") {
    const m = sample();
    const body = { heapUsed: m.heapUsed, external: m.external, rss: m.rss, peak };
    peak = m.heapUsed + m.external;
    return Response.json(body);
  }
  sample();
  if (inFlight++ === 0) timer = setInterval(sample, 2);
  try {
    return await app.fetch(req);
  } finally {
    sample();
    if (--inFlight === 0) clearInterval(timer);
  }
});
`;

interface IsolateMemory {
  /** heapUsed + external now, and the highest sample since the last read (MB). */
  now: number;
  peak: number;
}

async function isolateMemory(base: string): Promise<IsolateMemory> {
  const r = await fetch(`${base}${MEMORY_PATH}`);
  const m = (await r.json()) as { heapUsed: number; external: number; peak: number };
  return { now: (m.heapUsed + m.external) / 2 ** 20, peak: m.peak / 2 ** 20 };
}

async function procUsage(pid: number): Promise<{ cpu: number; rss: number; peak: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // fields from #3 on
  const cpu = (Number(fields[11]) + Number(fields[12])) / CLK_TCK; // utime (#14) + stime (#15)
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, "m"))?.[1] ?? NaN);
  return { cpu, rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

async function benchDatabase(): Promise<string> {
  const admin = postgres(BASE_URL, { max: 1, onnotice: () => {} });
  const url = new URL(BASE_URL);
  url.pathname = `/${DB_NAME}`;
  try {
    if (process.argv.includes("--fresh")) await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`);
    const exists = (await admin`select 1 from pg_database where datname = ${DB_NAME}`).length > 0;
    if (!exists) await admin.unsafe(`create database ${DB_NAME}`);
  } finally {
    await admin.end();
  }
  const db = openPostgres(url.toString());
  await migrate(db);
  const [{ n }] = await db.query<{ n: number }>("select count(*)::int as n from reference_imports");
  if (n === 0) {
    console.log(`importing the reference data from ${REFERENCE_DIR} into ${DB_NAME} (once)…`);
    const r = spawnSync("npm", ["run", "--silent", "reference:import", "--", "--dir", REFERENCE_DIR], {
      cwd: REPO,
      env: { ...process.env, DATABASE_URL: url.toString() },
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (r.status !== 0) throw new Error("reference import failed");
  }
  // A database imported before a screening list existed (the UN, EU, UK and CSL lists of issue 37): those
  // lists are imported now, so that validate-shipment screens against every list of the folder.
  const imported = new Set((await db.query<{ t: string }>("select table_name as t from reference_imports")).map((r) => r.t));
  const missing = SCREENING_TABLES.filter((t) => !imported.has(t));
  if (missing.length > 0) {
    console.log(`importing the screening lists ${missing.join(", ")} from ${REFERENCE_DIR} into ${DB_NAME}…`);
    const r = spawnSync("npm", ["run", "--silent", "reference:import", "--", "--dir", REFERENCE_DIR, "--only", missing.join(",")], {
      cwd: REPO,
      env: { ...process.env, DATABASE_URL: url.toString() },
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (r.status !== 0) throw new Error("screening list import failed");
  }
  const counts = await Promise.all(
    SCREENING_TABLES.map(async (t) => `${t} ${(await db.query<{ n: number }>(`select count(*)::int as n from ${t}`))[0].n}`),
  );
  console.log(`screening lists in ${DB_NAME}: ${counts.join(", ")}`);
  // The import stores the screening index; a database imported by older code gets it here.
  await refreshStoredSanctionsIndex(db);
  // Likewise the HS search's line indexes (none is written when all are current).
  await storeStaleLineIndexes(db);
  await db.close();
  return url.toString();
}

const OFAC_FILES: Record<string, string> = {
  "sdn.csv": "ofac/ofac_sdn_2024-05-03.csv.gz",
  "alt.csv": "ofac/ofac_alt_2026-06.csv.gz",
  "add.csv": "ofac/ofac_add_2026-06.csv.gz",
  "sdn_comments.csv": "ofac/ofac_sdn_comments_2025-12.csv.gz",
  "cons_prim.csv": "ofac/ofac_cons_prim_2025-12.csv.gz",
  "cons_alt.csv": "ofac/ofac_cons_alt_2025-12.csv.gz",
  "cons_add.csv": "ofac/ofac_cons_add_2025-12.csv.gz",
  "cons_comments.csv": "ofac/ofac_cons_comments_2025-12.csv.gz",
};

/**
 * --after-refresh: the sanctions list changes through the refresh only (a new entry, so the checksum differs
 * and it is imported), as the scheduled refresh or `npm run reference:refresh` would do it. Returns whether the
 * stored index is current afterwards.
 */
async function changeSanctionsThroughRefresh(databaseUrl: string, dropIndex: boolean): Promise<boolean> {
  const { gunzipSync } = await import("node:zlib");
  const source = await startSourceServer();
  const db = openPostgres(databaseUrl);
  try {
    const env: Record<string, string> = { TDS_REFERENCE_TIMEOUT: "60s" };
    for (const [key, rel] of Object.entries(OFAC_FILES)) {
      let body = new Uint8Array(gunzipSync(await readFile(join(REFERENCE_DIR, rel))));
      if (key === "sdn.csv") {
        const text = new TextDecoder().decode(body).replace(/\x1a?$/, "");
        const uid = 99_000_000 + (Date.now() % 999_999);
        body = new TextEncoder().encode(
          `${text}${uid},"EDGE BENCH REFRESH ${uid} LLC",-0- ,"SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n\x1a`,
        );
      }
      source.files.set(`/ofac/${key}`, { body });
      env[`TDS_REFERENCE_URL_SANCTIONS_OFAC_${key.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}`] = `${source.base}/ofac/${key}`;
    }
    const [r] = await refreshReferenceData(db, parseConfig(env).referenceRefresh, { only: ["sanctions_ofac"], force: true });
    console.log(`refresh of sanctions_ofac: ${r.outcome}${r.rows ? `, ${r.rows} rows` : ""}${r.error ? `: ${r.error}` : ""}`);
    if (dropIndex) await db.query("delete from sanctions_screening_index_meta");
    return (await currentStoredLayout(db)) !== null;
  } finally {
    await db.close();
    await source.close();
  }
}

interface Fixture {
  apiKey: string;
  jobId: string;
  pdf: Uint8Array;
}

/** An account, a completed document (for flatten-document) and a rendered form PDF (for extract-filled-fields). */
async function prepareFixture(databaseUrl: string, dataDir: string): Promise<Fixture> {
  const db = openPostgres(databaseUrl);
  try {
    const account = await createAccount(db, `edge bench ${Date.now()}`, "scale");
    const key = await createApiKey(db, account.id, "bench");
    const config = loadConfig({ databaseUrl, dataDir, storage: "local", inProcessJobs: true });
    const services: Services = { db, config, blobs: createBlobStore(config, db) };
    const principal = { accountId: account.id, keyId: key.id, tier: "scale" as const };
    const result = await generateDocuments(services, principal, {
      shipment: sampleShipment(),
      documentTypes: ["COMMERCIAL_INVOICE"],
      finalDoc: false,
      confirmWarnings: true,
    });
    if (result.status !== 202) throw new Error(`generation: ${result.status} ${JSON.stringify(result.body)}`);
    await drainQueue(db, generationJobKind(services), Date.now() + 60_000);
    const jobId = (result.body as { jobs: { jobId: string }[] }).jobs[0].jobId;
    const pdf = await renderDocument({
      docType: "COMMERCIAL_INVOICE",
      shipment: sampleShipment(),
      finalDoc: false,
      validationHash: `sha256:${"a".repeat(64)}`,
      verificationUrl: "http://127.0.0.1/verify/x",
      generationNumber: 1,
      shipmentId: null,
      shipmentRef: null,
      generatedAt: new Date(),
    } as Parameters<typeof renderDocument>[0]);
    return { apiKey: key.api_key, jobId, pdf };
  } finally {
    await db.close();
  }
}

/** --hs-search-all: the api function's searches after the first, one per other schedule. */
function laterRequests(name: string, base: string, f: Fixture): Request[] {
  if (name !== "api" || !HS_SEARCH_ALL) return [];
  return ["EU", "GB", "IN", ""].map(
    (country) =>
      new Request(
        `${base}/api/v1/hs-codes/search?q=${encodeURIComponent("Womens Knee-length Denim Jeans with Pockets")}&country=${country}&limit=5`,
        { headers: { authorization: `Bearer ${f.apiKey}` } },
      ),
  );
}

/** The first request each function gets: its main path, with real data. */
function firstRequest(name: string, base: string, f: Fixture): Request {
  const fn = { apikey: SUPABASE_LOCAL_ANON_KEY, authorization: `Bearer ${f.apiKey}` };
  const admin = { authorization: `Bearer ${SUPABASE_LOCAL_SERVICE_ROLE_KEY}`, "content-type": "application/json" };
  const post = (path: string, body: unknown, headers: Record<string, string> = fn) =>
    new Request(`${base}${path}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  switch (name) {
    case "api":
      // --hs-search: the first request an HS description search (loads the US schedule's search index and
      // vocabularies in that request).
      return new Request(
        HS_SEARCH
          ? `${base}/api/v1/hs-codes/search?q=${encodeURIComponent("Womens Knee-length Denim Jeans with Pockets")}&country=US&limit=5`
          : `${base}/api/v1/shipments`,
        { headers: { authorization: `Bearer ${f.apiKey}` } },
      );
    case "create-shipment":
      return post("/create-shipment", { shipment_data: sampleShipment() });
    case "get-shipment":
      return new Request(`${base}/get-shipment?status=created`, { headers: fn });
    case "save-draft":
      return post("/save-draft", { shipment_data: sampleShipment() });
    case "validate-shipment":
      return post("/validate-shipment", { shipment: sampleShipment() });
    case "verify-hash":
      return new Request(`${base}/verify-hash?hash=sha256:${"0".repeat(64)}`);
    case "dispatch-webhooks":
      return post("/dispatch-webhooks", {}, admin);
    case "generate-documents":
      return post("/generate-documents", {
        shipment: sampleShipment(),
        document_types: ["COMMERCIAL_INVOICE", "PACKING_LIST"],
        confirm_warnings: true,
      });
    case "document-field-requirements":
      return new Request(`${base}/document-field-requirements`);
    case "run-jobs":
      return post("/run-jobs", {}, admin);
    case "flatten-document":
      return post("/flatten-document", { job_id: f.jobId });
    case "extract-filled-fields": {
      const form = new FormData();
      form.set("file", new Blob([f.pdf as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), "invoice.pdf");
      form.set("doc_type", "COMMERCIAL_INVOICE");
      return new Request(`${base}/extract-filled-fields`, { method: "POST", headers: fn, body: form });
    }
    default:
      // A function added later (e.g. dashboard): its root path.
      return new Request(`${base}/${name}`, { headers: fn });
  }
}

/** The screening tables a validate-shipment answer names in reference_data: used, and named as not loaded. */
function screeningInAnswer(body: ArrayBuffer): { used: string[]; notLoaded: string[] } {
  const answer = JSON.parse(new TextDecoder().decode(body)) as { reference_data?: { table: string; loaded?: boolean }[] };
  const screening = (answer.reference_data ?? []).filter((r) => r.table.startsWith("sanctions_"));
  return {
    used: screening.filter((r) => r.loaded !== false).map((r) => r.table),
    notLoaded: screening.filter((r) => r.loaded === false).map((r) => r.table),
  };
}

async function coldStart(tree: DeployTree, name: string, entry: string, env: Record<string, string>, fixture: Fixture): Promise<Sample> {
  const child = spawn(DENO, ["run", "--allow-all", "--no-lock", ...V8_FLAGS, "--import-map", tree.importMap, entry], {
    cwd: tree.dir,
    env: { ...tree.env, ...env, DENO_SERVE_ADDRESS: "tcp:127.0.0.1:0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  try {
    const deadline = Date.now() + 60_000;
    let m: RegExpMatchArray | null;
    while (!(m = out.match(/Listening on (http:\/\/[\d.]+:\d+)/))) {
      if (child.exitCode !== null) throw new Error(`${name} exited:\n${out}`);
      if (Date.now() > deadline) throw new Error(`${name} did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const started = await procUsage(child.pid!);
    // Read after the process figures: the memory request's own CPU is then not in the request's.
    const startIsolate = await isolateMemory(m[1]);
    let peakIsolate = startIsolate.now;
    const trace = async (label: string) => {
      const usage = await procUsage(child.pid!);
      const isolate = await isolateMemory(m[1]);
      peakIsolate = Math.max(peakIsolate, isolate.peak);
      if (process.env.EDGE_BENCH_TRACE) {
        const mb = (x: number) => `${x.toFixed(0)} MB`;
        console.log(
          `${label}: CPU ${usage.cpu.toFixed(2)} s, RSS ${mb(usage.rss)} (peak ${mb(usage.peak)}), isolate heap+external ${mb(isolate.now)} (peak during the request ${mb(isolate.peak)})`,
        );
      }
    };
    const res = await fetch(firstRequest(name, m[1], fixture));
    const body = await res.arrayBuffer();
    const screening = name === "validate-shipment" && res.ok ? screeningInAnswer(body) : undefined;
    if (res.status >= 500) console.error(`${name}: first request answered ${res.status}:\n${out.slice(0, 600)}`);
    let status = res.status;
    await trace("first");
    for (const later of laterRequests(name, m[1], fixture)) {
      const r = await fetch(later);
      await r.arrayBuffer();
      if (r.status >= 500) console.error(`${name}: ${later.url} answered ${r.status}:\n${out.slice(0, 600)}`);
      status = Math.max(status, r.status);
      await trace(later.url.slice(-20));
    }
    await new Promise((r) => setTimeout(r, 100)); // let work after the response (waitUntil, logging) show
    const after = await procUsage(child.pid!);
    const isolate = await isolateMemory(m[1]);
    return {
      startCpu: started.cpu,
      startRss: started.rss,
      cpu: after.cpu,
      rss: after.rss,
      peakRss: after.peak,
      startIsolate: startIsolate.now,
      isolate: isolate.now,
      peakIsolate: Math.max(peakIsolate, isolate.peak),
      status,
      ...(screening ? { screening } : {}),
    };
  } finally {
    child.kill("SIGKILL");
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function main() {
  const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const databaseUrl = await benchDatabase();
  if (process.argv.includes("--after-refresh")) {
    const current = await changeSanctionsThroughRefresh(databaseUrl, process.argv.includes("--stale-index"));
    console.log(`stored sanctions index after the refresh: ${current ? "current" : "out of date (cold functions build it)"}`);
  }
  const dataDir = await mkdtemp(join(tmpdir(), "tds-edge-bench-"));
  const fixture = await prepareFixture(databaseUrl, dataDir);
  const env = {
    DATABASE_URL: databaseUrl,
    TDS_DATA_DIR: dataDir,
    TDS_STORAGE: "local",
    SUPABASE_URL: "",
    PUBLIC_BASE_URL: "http://127.0.0.1:54321",
  };
  const tree = await prepareDeployTree();
  const functions = (await readFunctionManifest()).filter((f) => only.length === 0 || only.includes(f.name));
  const rows: (string | number)[][] = [];
  let failed = 0;
  try {
    for (const f of functions) {
      const entry = `functions/${f.name}/${WRAPPER_FILE}`;
      await writeFile(join(tree.dir, entry), MEMORY_WRAPPER);
      await coldStart(tree, f.name, entry, env, fixture); // fills Deno's module cache (a deployment ships compiled code)
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i++) samples.push(await coldStart(tree, f.name, entry, env, fixture));
      const cpu = median(samples.map((s) => s.cpu));
      const peak = Math.max(...samples.map((s) => s.peakRss));
      const isolatePeak = Math.max(...samples.map((s) => s.peakIsolate));
      const ok = cpu <= CPU_TARGET_S && isolatePeak <= ISOLATE_TARGET_MB && samples[0].status < 500;
      if (!ok) failed++;
      rows.push([
        f.name,
        samples[0].status,
        `${median(samples.map((s) => s.startCpu)).toFixed(2)} s`,
        `${median(samples.map((s) => s.startRss)).toFixed(0)} MB`,
        `${cpu.toFixed(2)} s`,
        `${median(samples.map((s) => s.rss)).toFixed(0)} MB`,
        `${peak.toFixed(0)} MB`,
        `${median(samples.map((s) => s.startIsolate)).toFixed(0)} MB`,
        `${median(samples.map((s) => s.isolate)).toFixed(0)} MB`,
        `${isolatePeak.toFixed(0)} MB`,
        samples[0].status >= 500 ? "FAILED (error answer)" : ok ? "ok" : "MISSED",
      ]);
      console.log(`${f.name}: ${rows[rows.length - 1].slice(2).join(", ")}`);
      const screening = samples[0].screening;
      if (screening)
        console.log(
          `${f.name}: the answer's reference_data names ${screening.used.join(", ") || "no screening table"} as used${screening.notLoaded.length ? `, ${screening.notLoaded.join(", ")} as not loaded` : ""}`,
        );
    }
  } finally {
    await tree.remove();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\nCold start per function (median of ${RUNS} fresh Deno processes; peak RSS = highest VmHWM; isolate = V8 heapUsed + external, what the edge runtime's memory limit counts; its peak = highest sample), load average ${(await readFile("/proc/loadavg", "utf8")).split(" ")[0]}:\n`,
  );
  console.log(
    table(
      [
        "function",
        "first answer",
        "CPU at start",
        "RSS at start",
        "CPU start + 1st request",
        "RSS after",
        "peak RSS",
        "isolate at start",
        "isolate after",
        "isolate peak",
        `target ≤ ${CPU_TARGET_S} s, isolate ≤ ${ISOLATE_TARGET_MB} MB`,
      ],
      rows,
    ),
  );
  if (failed) process.exitCode = 1;
}

await main();
