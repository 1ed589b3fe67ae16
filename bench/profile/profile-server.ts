// npx tsx bench/profile/profile-server.ts <pglite|postgres> <health|validate-10|validate-500> [seconds] [--profile]
// Where a request's CPU goes: one `npm start` server as bench/throughput.bench.ts starts it (default
// configuration, rate limits on with a raised budget; PostgreSQL: tds_bench_throughput on DATABASE_URL's
// server), warmed up, then `seconds` (default 10) of one call with 16 clients. Prints requests/s, the server
// process's CPU per request and, on PostgreSQL, the CPU of all `postgres` processes of this machine per
// request (the database's share, when it runs here; other users of it are in it too). With --profile the
// server samples its main thread during the load (cpu-profile-preload.mjs) and the share of each project
// folder or package is printed (first project frame or package up the stack, idle excluded).
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnServer } from "../../tests/support/spawn-server.ts";
import { loadConfig } from "../../shared/runtime/config.ts";
import { BENCH_DATA_DIR, REFERENCE_DIR, summarise } from "../support.ts";
import { benchShipment } from "../bench-shipment.ts";

const [backend, call, secondsArg] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const profile = process.argv.includes("--profile");
const seconds = Number(secondsArg ?? 10);
if (!["pglite", "postgres"].includes(backend) || !["health", "validate-10", "validate-500"].includes(call)) {
  console.error("usage: profile-server.ts <pglite|postgres> <health|validate-10|validate-500> [seconds] [--profile]");
  process.exit(2);
}
const CLIENTS = 16;
const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
const body = call === "health" ? undefined : Buffer.from(JSON.stringify(benchShipment(call === "validate-500" ? 500 : 10)));
const path = call === "health" ? "/health" : "/api/v1/shipments/validate";

function send(base: URL, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = {
      authorization: `Bearer ${key}`,
      ...(body ? { "content-type": "application/json", "content-length": body.length } : {}),
    };
    const req = request({ agent, host: base.hostname, port: base.port, method: body ? "POST" : "GET", path, headers }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** CPU seconds (user + system) of the processes that `pick` chooses by name and parent. */
function cpuSeconds(pick: (name: string, parent: number) => boolean): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (pick(stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), Number(fields[1])))
        ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* gone meanwhile */
    }
  }
  return ticks / 100; // USER_HZ
}

const env: Record<string, string> = { TDS_REFERENCE_DIR: REFERENCE_DIR, TDS_RATE_LIMITS: "on", TDS_RATE_LIMIT_SCALE: "1000000000,1000" };
if (backend === "postgres") {
  if (!process.env.DATABASE_URL)
    throw new Error("postgres needs DATABASE_URL (tds_bench_throughput on its server, made by the throughput bench)");
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = "/tds_bench_throughput";
  env.DATABASE_URL = url.toString();
} else env.TDS_DATA_DIR = BENCH_DATA_DIR;
const dir = mkdtempSync(join(tmpdir(), "tds-profile-"));
if (profile) {
  const preload = fileURLToPath(new URL("./cpu-profile-preload.mjs", import.meta.url));
  Object.assign(env, { NODE_OPTIONS: `--import ${preload}`, PROFILE_GO: join(dir, "go"), PROFILE_OUT: join(dir, "server.cpuprofile") });
}

const server = await spawnServer({ runtime: "node", env, timeoutMs: 600_000 });
const base = new URL(server.url);
const created = await fetch(`${server.url}/api/v1/accounts`, {
  method: "POST",
  headers: { authorization: `Bearer ${loadConfig().serviceRoleKey}`, "content-type": "application/json" },
  body: JSON.stringify({ name: `profile ${Date.now()}`, tier: "scale" }),
});
const key = ((await created.json()) as { api_key: string }).api_key;

async function load(clients: number, forSeconds: number) {
  const samples: number[] = [];
  const end = performance.now() + forSeconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const status = await send(base, key);
        if (status !== 200) throw new Error(`${path}: ${status}`);
        samples.push(performance.now() - t);
      }
    }),
  );
  return { perSecond: samples.length / ((performance.now() - started) / 1000), ...summarise(samples) };
}

await load(CLIENTS, 3); // warm-up: JIT, caches, connection pools
const loadBefore = loadavg()[0];
const server0 = cpuSeconds((_, parent) => parent === process.pid);
const postgres0 = cpuSeconds((name) => name === "postgres");
if (profile) writeFileSync(join(dir, "go"), "");
const run = await load(CLIENTS, seconds);
const serverMs = ((cpuSeconds((_, parent) => parent === process.pid) - server0) * 1000) / run.n;
const postgresMs = ((cpuSeconds((name) => name === "postgres") - postgres0) * 1000) / run.n;
await server.stop();
agent.destroy();

console.log(`${backend}, ${call}, ${CLIENTS} clients, ${seconds} s, load ${loadBefore.toFixed(2)} → ${loadavg()[0].toFixed(2)}`);
console.log(`${run.perSecond.toFixed(0)} requests/s, p50 ${run.p50.toFixed(2)} ms, p95 ${run.p95.toFixed(2)} ms`);
console.log(
  `server CPU per request ${serverMs.toFixed(3)} ms${backend === "postgres" ? `; postgres processes ${postgresMs.toFixed(3)} ms` : ""}`,
);
if (profile) printShares(JSON.parse(readFileSync(join(dir, "server.cpuprofile"), "utf8")), serverMs);

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Busy time by the first project folder (shared/<folder>) or package up each sample's stack. */
function printShares(p: CpuProfile, cpuPerRequestMs: number) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const shares = new Map<string, number>();
  p.samples.forEach((id, i) => {
    let label: string | undefined;
    const own = byId.get(id)?.callFrame.functionName ?? "";
    if (own === "(idle)") return;
    if (own === "(garbage collector)") label = "garbage collector";
    for (let n: number | undefined = id; label === undefined && n !== undefined; n = parent.get(n)) {
      const url = byId.get(n)?.callFrame.url ?? "";
      const project = url.match(/\/shared\/([^/]+)\//);
      const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
      if (project) label = `shared/${project[1]}`;
      else if (pkg) label = pkg[1];
    }
    label ??= `(native) ${own}`;
    shares.set(label, (shares.get(label) ?? 0) + p.timeDeltas[i]);
  });
  const busy = [...shares.values()].reduce((a, b) => a + b, 0);
  console.log(`\nbusy main thread ${(busy / 1e6).toFixed(1)} s; share, and ms per request at ${cpuPerRequestMs.toFixed(2)} ms:`);
  for (const [label, t] of [...shares].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`${((100 * t) / busy).toFixed(1).padStart(5)} %  ${((cpuPerRequestMs * t) / busy).toFixed(3)} ms  ${label}`);
  }
}
