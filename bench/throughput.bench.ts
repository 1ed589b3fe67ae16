// npm run bench -- throughput: what validation costs against what the server can answer at all. One
// `npm start` process per backend (PGlite under bench/.data, then PostgreSQL when DATABASE_URL is set, in
// the database `tds_bench_throughput`, created on first use with the reference data), the default
// configuration (rate limits on: the budget is raised so that the counters count without refusing), and
// GET /health, the static GET /functions/v1/document-field-requirements, POST /api/v1/shipments/validate with 10 and with 500 lines, each sequential (one client)
// and with 16 concurrent clients (each sends its next request when the last one answered). Prints the
// validate/health throughput ratio at 16 clients, and the server process's CPU per request (user + system,
// all threads, from /proc): on a machine shared with other jobs the CPU per request moves far less than
// the requests per second. BENCH_SECONDS (default 8) per concurrent row, half of it per sequential row.
import { readdirSync, readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { loadavg } from "node:os";
import postgres from "postgres";
import { spawnServer, type SpawnedServer } from "../tests/support/spawn-server.ts";
import { loadConfig } from "../shared/runtime/config.ts";
import { BENCH_DATA_DIR, machine, ms, REFERENCE_DIR, summarise, table } from "./support.ts";
import { benchShipment } from "./bench-shipment.ts";

const CLIENTS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

interface Call {
  method: "GET" | "POST";
  path: string;
  body?: Buffer;
}

// node:http with keep-alive rather than fetch: the client shares the 2 cores with the server, so it
// should spend as little of them as it can, and the same for every row.
const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });

function send(base: URL, key: string, call: Call): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: call.method,
        path: call.path,
        headers: {
          authorization: `Bearer ${key}`,
          ...(call.body ? { "content-type": "application/json", "content-length": call.body.length } : {}),
        },
      },
      (res) => {
        res.on("data", () => {});
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(call.body);
  });
}

/** `clients` loops for `seconds`; every answer must be 200. */
async function load(base: URL, key: string, call: Call, clients: number, seconds: number) {
  const samples: number[] = [];
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const status = await send(base, key, call);
        if (status !== 200) throw new Error(`${call.method} ${call.path}: ${status}`);
        samples.push(performance.now() - t);
      }
    }),
  );
  return { perSecond: samples.length / ((performance.now() - started) / 1000), ...summarise(samples) };
}

/** CPU seconds (user + system) of this process's children: the server spawned directly, without npm. */
function childrenCpuSeconds(): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) === process.pid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* gone meanwhile */
    }
  }
  return ticks / 100; // USER_HZ
}

async function benchDatabaseUrl(base: string, name: string): Promise<string> {
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  const exists = await admin`select 1 from pg_database where datname = ${name}`;
  if (exists.length === 0) await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function account(server: SpawnedServer): Promise<string> {
  const r = await fetch(`${server.url}/api/v1/accounts`, {
    method: "POST",
    headers: { authorization: `Bearer ${loadConfig().serviceRoleKey}`, "content-type": "application/json" },
    body: JSON.stringify({ name: `bench ${Date.now()}`, tier: "scale" }),
  });
  if (r.status !== 201) throw new Error(`account: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { api_key: string }).api_key;
}

const CALLS: [string, Call][] = [
  ["GET /health", { method: "GET", path: "/health" }],
  // The static answer (no database): the ceiling of a light route on this server, which /health should approach.
  ["GET field-requirements", { method: "GET", path: "/functions/v1/document-field-requirements" }],
  ["validate, 10 lines", { method: "POST", path: "/api/v1/shipments/validate", body: Buffer.from(JSON.stringify(benchShipment(10))) }],
  ["validate, 500 lines", { method: "POST", path: "/api/v1/shipments/validate", body: Buffer.from(JSON.stringify(benchShipment(500))) }],
];

const rows: (string | number)[][] = [];
const ratios: string[] = [];
const load1 = () => loadavg()[0].toFixed(2);

async function measure(backend: string, env: Record<string, string>) {
  const server = await spawnServer({
    runtime: "node",
    // Rate limits stay on (the default); the budget is raised so that the counting costs what it costs
    // without refusing the benchmark's requests.
    env: {
      TDS_REFERENCE_DIR: REFERENCE_DIR,
      TDS_RATE_LIMITS: "on",
      TDS_RATE_LIMIT_SCALE: "1000000000,1000",
      TDS_RATE_LIMIT_PUBLIC: "1000000000",
      ...env,
    },
    timeoutMs: 600_000,
  });
  try {
    const base = new URL(server.url);
    const key = await account(server);
    // Warm-up: JIT, the sanctions index built at start, connection pools.
    for (const [, call] of CALLS) await load(base, key, call, CLIENTS, 2);
    const perSecond: Record<string, number> = {};
    const cpu: Record<string, number> = {};
    for (const [name, call] of CALLS) {
      const before = load1();
      const seq = await load(base, key, call, 1, SECONDS / 2);
      const cpuBefore = childrenCpuSeconds();
      const conc = await load(base, key, call, CLIENTS, SECONDS);
      const cpuPerRequest = ((childrenCpuSeconds() - cpuBefore) * 1000) / conc.n;
      cpu[name] = cpuPerRequest;
      perSecond[name] = conc.perSecond;
      rows.push([
        backend,
        name,
        seq.n,
        ms(seq.p50),
        ms(seq.p95),
        seq.perSecond.toFixed(0),
        conc.n,
        conc.perSecond.toFixed(0),
        ms(conc.p50),
        ms(conc.p95),
        ms(cpuPerRequest),
        `${before} → ${load1()}`,
      ]);
    }
    const health = perSecond["GET /health"];
    ratios.push(
      `${backend}: /health / static field-requirements at ${CLIENTS} clients = ${((health / perSecond["GET field-requirements"]) * 100).toFixed(0)} % (${health.toFixed(0)} / ${perSecond["GET field-requirements"].toFixed(0)} requests/s)`,
    );
    ratios.push(
      `${backend}: validate/health at ${CLIENTS} clients = ${(perSecond["validate, 10 lines"] / health).toFixed(2)} (10 lines), ${(perSecond["validate, 500 lines"] / health).toFixed(2)} (500 lines); server CPU per request, health/validate = ${(cpu["GET /health"] / cpu["validate, 10 lines"]).toFixed(2)} (10 lines), ${(cpu["GET /health"] / cpu["validate, 500 lines"]).toFixed(2)} (500 lines)`,
    );
  } finally {
    await server.stop();
  }
}

console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
await measure("PGlite", { TDS_DATA_DIR: BENCH_DATA_DIR });
if (process.env.DATABASE_URL) {
  await measure("PostgreSQL", { DATABASE_URL: await benchDatabaseUrl(process.env.DATABASE_URL, "tds_bench_throughput") });
} else {
  console.log("DATABASE_URL not set: PostgreSQL skipped");
}
agent.destroy();

console.log(`\nThroughput (${machine()}, ${SECONDS / 2} s sequential / ${SECONDS} s with ${CLIENTS} clients per row)\n`);
console.log(
  table(
    [
      "backend",
      "call",
      "seq n",
      "seq p50",
      "seq p95",
      "seq req/s",
      `${CLIENTS} clients n`,
      `${CLIENTS} clients req/s`,
      `${CLIENTS} clients p50`,
      `${CLIENTS} clients p95`,
      "server CPU / request",
      "load 1 min",
    ],
    rows,
  ),
);
console.log("");
for (const r of ratios) console.log(r);
console.log(
  `load average at end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
