// npm run bench -- instances: validation throughput at 16 concurrent clients against one and against two
// `npm start` processes on one PostgreSQL database (needs DATABASE_URL). The database `tds_bench_instances`
// is created on first use and keeps the imported reference data for later runs.
import postgres from "postgres";
import { spawnServer, type SpawnedServer } from "../tests/support/spawn-server.ts";
import { loadConfig } from "../shared/runtime/config.ts";
import { machine, ms, REFERENCE_DIR, summarise, table } from "./support.ts";
import { benchShipment } from "./bench-shipment.ts";

const CLIENTS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const base = process.env.DATABASE_URL;
if (!base) {
  console.error("instances benchmark: set DATABASE_URL (a PostgreSQL server; two instances cannot share PGlite)");
  process.exit(2);
}

async function benchDatabaseUrl(name: string): Promise<string> {
  const admin = postgres(base!, { max: 1, onnotice: () => {} });
  const exists = await admin`select 1 from pg_database where datname = ${name}`;
  if (exists.length === 0) await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(base!);
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

/** 16 clients, each sending its next request when the last one answered, for `seconds`; round-robin over urls. */
async function load(urls: string[], key: string, seconds: number) {
  const body = JSON.stringify(benchShipment(10));
  const samples: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      const url = urls[c % urls.length];
      while (performance.now() < end) {
        const t = performance.now();
        const r = await fetch(`${url}/api/v1/shipments/validate`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body,
        });
        await r.arrayBuffer();
        if (r.status === 200) samples.push(performance.now() - t);
        else errors++;
      }
    }),
  );
  return { perSecond: samples.length / seconds, errors, ...summarise(samples) };
}

const url = await benchDatabaseUrl("tds_bench_instances");
const env = (rateLimits: string) => ({
  DATABASE_URL: url,
  TDS_REFERENCE_DIR: REFERENCE_DIR,
  TDS_RATE_LIMITS: rateLimits,
  TDS_RATE_LIMIT_SCALE: "100000000,1000",
});
const servers: SpawnedServer[] = [];
try {
  // The first start imports the reference data into the empty database (about a minute on PostgreSQL).
  servers.push(await spawnServer({ runtime: "node", env: env("off"), timeoutMs: 600_000 }));
  const key = await account(servers[0]);
  await load([servers[0].url], key, 3); // warm-up: sanctions index, JIT, connection pools
  const one = await load([servers[0].url], key, SECONDS);
  servers.push(await spawnServer({ runtime: "node", env: env("off"), timeoutMs: 600_000 }));
  await load([servers[1].url], key, 3);
  const two = await load(
    servers.map((s) => s.url),
    key,
    SECONDS,
  );
  for (const s of servers.splice(0)) await s.stop();

  // The same two instances with rate limits on (counted in PostgreSQL, budgets never reached).
  servers.push(await spawnServer({ runtime: "node", env: env("on") }), await spawnServer({ runtime: "node", env: env("on") }));
  await load(
    servers.map((s) => s.url),
    key,
    3,
  );
  const limited = await load(
    servers.map((s) => s.url),
    key,
    SECONDS,
  );

  const row = (name: string, r: Awaited<ReturnType<typeof load>>) => [
    name,
    r.n,
    r.perSecond.toFixed(0),
    ms(r.p50),
    ms(r.p95),
    ms(r.p99),
    r.errors,
  ];
  console.log(`\nValidation throughput, ${CLIENTS} concurrent clients, ${SECONDS} s each (${machine()}, PostgreSQL, 10-line shipment)\n`);
  console.log(
    table(
      ["instances", "requests", "req/s", "p50", "p95", "p99", "errors"],
      [row("1 (limits off)", one), row("2 on one database (limits off)", two), row("2 on one database (limits on)", limited)],
    ),
  );
} finally {
  for (const s of servers) await s.stop();
}
