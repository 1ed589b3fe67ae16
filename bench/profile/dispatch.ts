// npx tsx bench/profile/dispatch.ts [postgres]: what the local gateway's dispatch of an /api request costs,
// in one process: validate (10 lines) through the gateway as it is (/api/… handed to the api function
// before the gateway's middleware; the api function a plain dispatch to its routers' app) and as it was
// (the gateway's request id, CORS and services middleware first, then the api function inside a Hono app
// of its own), alternated, 1,000 sequential requests each, five rounds (the first warms the JIT): CPU (process.cpuUsage) per request.
// Default configuration (rate limits on, scale budget raised as in the throughput bench). PGlite in
// memory, migrated; with `postgres`, the database tds_bench_throughput on DATABASE_URL's server.
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { openPglite } from "../../shared/db/pglite.ts";
import { openPostgres } from "../../shared/db/postgres.ts";
import { migrate } from "../../shared/db/migrate.ts";
import type { Db } from "../../shared/db/types.ts";
import { createAccount, createApiKey } from "../../shared/accounts/account-repository.ts";
import { loadConfig } from "../../shared/runtime/config.ts";
import { createBlobStore, provideServices } from "../../shared/runtime/services.ts";
import { createGateway, type FunctionApp, loadFunctionApps } from "../../shared/server/gateway.ts";
import { createBaseApp } from "../../shared/http/function-app.ts";
import type { AppEnv } from "../../shared/http/app-env.ts";
import { benchShipment } from "../bench-shipment.ts";

process.env.TDS_RATE_LIMITS = "on";
process.env.TDS_RATE_LIMIT_SCALE = "1000000000,1000";
const backend = process.argv[2] === "postgres" ? "postgres" : "pglite";
let db: Db;
if (backend === "postgres") {
  if (!process.env.DATABASE_URL) throw new Error("postgres needs DATABASE_URL");
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = "/tds_bench_throughput";
  db = openPostgres(url.toString());
} else {
  db = await openPglite();
  await migrate(db);
}
const config = loadConfig({
  dataDir: mkdtempSync(join(tmpdir(), "tds-dispatch-")),
  storage: "local",
  publicBaseUrl: "http://127.0.0.1:54321",
});
provideServices({ db, config, blobs: createBlobStore(config, db) });
const account = await createAccount(db, "dispatch bench", "scale");
const { api_key } = await createApiKey(db, account.id, "bench");
const apps = await loadFunctionApps(["api"]);
const api = apps.get("api") as FunctionApp;

const now = createGateway(apps);
const wrapped = new Hono<AppEnv>();
wrapped.all("*", (c) => api.fetch(c.req.raw, c.env));
const was = createBaseApp();
was.all("/api/*", (c) => wrapped.fetch(c.req.raw, c.env));

const body = JSON.stringify(benchShipment(10));
async function perRequest(name: string, gateway: FunctionApp, n = 1000) {
  const send = async () => {
    const res = await gateway.fetch(
      new Request("http://127.0.0.1:54321/api/v1/shipments/validate", {
        method: "POST",
        headers: { authorization: `Bearer ${api_key}`, "content-type": "application/json" },
        body,
      }),
    );
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < 100; i++) await send(); // warm-up
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) await send();
  const used = process.cpuUsage(cpu);
  console.log(
    `${backend}, ${name}: ${((used.user + used.system) / n / 1000).toFixed(3)} ms CPU per request (load ${loadavg()[0].toFixed(2)})`,
  );
}

for (let round = 0; round < 5; round++) {
  await perRequest("as it was", was);
  await perRequest("as it is ", now);
}
await db.close();
