// npm run bench -- rate-limit: what counting a request costs (the atomic upsert of shared/http/rate-limit-counter.ts),
// on PGlite (in memory) and, with DATABASE_URL, on a PostgreSQL server; one client, and 16 at once on one key
// (one hot row) or on 16 keys. The end-to-end effect on validation is in `npm run bench -- instances`.
import postgres from "postgres";
import type { Db } from "../shared/db/types.ts";
import { openPglite } from "../shared/db/pglite.ts";
import { openPostgres } from "../shared/db/postgres.ts";
import { migrate } from "../shared/db/migrate.ts";
import { countRequestInDatabase as countRequest } from "../shared/http/rate-limit-counter.ts";
import { policiesFor } from "../shared/http/rate-limit-policy.ts";
import { DEFAULT_TIER_RATE_LIMITS } from "../shared/runtime/config.ts";
import { machine, ms, summarise, table } from "./support.ts";

const settings = { enabled: true, windowSeconds: 60, tiers: DEFAULT_TIER_RATE_LIMITS, publicPerAddress: 60, trustedProxies: 0 };
const requestOnly = (key: string) => policiesFor(settings, "getOwnAccount", { kind: "key", keyId: key, tier: "scale" });
const submission = (key: string) => policiesFor(settings, "submitExtraction", { kind: "key", keyId: key, tier: "scale" });

async function sequential(db: Db, policies: (k: string) => ReturnType<typeof requestOnly>, n: number) {
  for (let i = 0; i < 200; i++) await countRequest(db, policies("warm"));
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await countRequest(db, policies("seq"));
    samples.push(performance.now() - t);
  }
  return summarise(samples);
}

async function concurrent(db: Db, sameKey: boolean, seconds: number) {
  const samples: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 16 }, async (_, c) => {
      while (performance.now() < end) {
        const t = performance.now();
        await countRequest(db, requestOnly(sameKey ? "hot" : `k${c}`));
        samples.push(performance.now() - t);
      }
    }),
  );
  return { perSecond: samples.length / seconds, ...summarise(samples) };
}

const rows: (string | number)[][] = [];
async function measure(name: string, db: Db) {
  const one = await sequential(db, requestOnly, 2000);
  const two = await sequential(db, submission, 2000);
  const hot = await concurrent(db, true, 8);
  const spread = await concurrent(db, false, 8);
  rows.push([name, "1 client, 1 budget (any call)", one.n, ms(one.p50), ms(one.p95), "—"]);
  rows.push([name, "1 client, 2 budgets (a submission)", two.n, ms(two.p50), ms(two.p95), "—"]);
  rows.push([name, "16 clients, one key (one hot row)", hot.n, ms(hot.p50), ms(hot.p95), hot.perSecond.toFixed(0)]);
  rows.push([name, "16 clients, 16 keys", spread.n, ms(spread.p50), ms(spread.p95), spread.perSecond.toFixed(0)]);
}

const pglite = await openPglite();
await migrate(pglite);
await measure("PGlite (in memory)", pglite);
await pglite.close();

if (process.env.DATABASE_URL) {
  const name = `tds_bench_rl_${Date.now()}`;
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString());
  try {
    await migrate(db);
    await measure("PostgreSQL (127.0.0.1)", db);
  } finally {
    await db.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

console.log(`\nRate limiting: cost of counting one request (${machine()})\n`);
console.log(table(["database", "case", "n", "p50", "p95", "counts/s"], rows));
