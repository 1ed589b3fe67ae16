// npx tsx bench/profile/key-lookup.ts [postgres]: what authenticating an API key costs in one process, looked
// up (the memory missed: each call a KEY_PRINCIPAL_TTL_MS later than the last) and from memory, 2,000 calls
// each, twice: CPU (process.cpuUsage) and wall time per call. PGlite in memory, migrated; with `postgres`,
// the database tds_bench_throughput on DATABASE_URL's server (made by the throughput bench).
import { loadavg } from "node:os";
import { openPglite } from "../../shared/db/pglite.ts";
import { openPostgres } from "../../shared/db/postgres.ts";
import { migrate } from "../../shared/db/migrate.ts";
import type { Db } from "../../shared/db/types.ts";
import { authenticateApiKey, createAccount, createApiKey } from "../../shared/accounts/account-repository.ts";
import { KEY_PRINCIPAL_TTL_MS } from "../../shared/accounts/key-principal-memory.ts";

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
const account = await createAccount(db, "key lookup bench", "scale");
const { api_key } = await createApiKey(db, account.id, "bench");

async function perCall(name: string, call: (i: number) => Promise<unknown>, n = 2000) {
  for (let i = 0; i < 200; i++) await call(i); // warm-up
  const cpu = process.cpuUsage();
  const wall = performance.now();
  for (let i = 0; i < n; i++) await call(i);
  const used = process.cpuUsage(cpu);
  console.log(
    `${backend}, ${name}: ${((used.user + used.system) / n / 1000).toFixed(3)} ms CPU, ${((performance.now() - wall) / n).toFixed(3)} ms wall per call (load ${loadavg()[0].toFixed(2)})`,
  );
}

const later = Date.now() + 10 * 86_400_000;
for (let round = 0; round < 2; round++) {
  await perCall("looked up", (i) =>
    authenticateApiKey(db, api_key, { memory: true, now: later + (round * 1e6 + i) * 2 * KEY_PRINCIPAL_TTL_MS }),
  );
  await perCall("from memory", () => authenticateApiKey(db, api_key, { memory: true, now: later }));
}
await db.close();
