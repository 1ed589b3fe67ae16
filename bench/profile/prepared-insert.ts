// npx tsx bench/profile/prepared-insert.ts: what keeping the validation record's insert prepared saves on
// PostgreSQL (issue 31), in one process: insertValidationRecord of a 10-line validation's record (the
// throughput bench's shipment, validated once), sequentially, through two connections to the database
// tds_bench_throughput on DATABASE_URL's server, one with prepared statements and one without,
// alternated, 2,000 inserts each, five rounds (the first warms the JIT). Per insert: wall time (one
// client: the round trips and the commit's WAL flush) and this process's CPU (process.cpuUsage).
import { loadavg } from "node:os";
import { openPostgres } from "../../shared/db/postgres.ts";
import type { Db } from "../../shared/db/types.ts";
import { createAccount, createApiKey } from "../../shared/accounts/account-repository.ts";
import { insertValidationRecord, type NewValidationRecord } from "../../shared/validation/validation-record-repository.ts";
import { summarise } from "../support.ts";

if (!process.env.DATABASE_URL) throw new Error("needs DATABASE_URL (the throughput bench makes tds_bench_throughput on its server)");
const url = new URL(process.env.DATABASE_URL);
url.pathname = "/tds_bench_throughput";
const dbs: Record<string, Db> = {
  unnamed: openPostgres(url.toString(), { max: 1, preparedStatements: false }),
  prepared: openPostgres(url.toString(), { max: 1, preparedStatements: true }),
};
const account = await createAccount(dbs.unnamed, "prepared-insert bench", "scale");
const key = await createApiKey(dbs.unnamed, account.id, "bench");
// A record the size of a 10-line validation's (about 10 KB of results).
const results = Array.from({ length: 60 }, (_, i) => ({
  rule_id: `rule_${i}`,
  status: "pass",
  severity: "error",
  message: `Check ${i} of the shipment passed: every line carries the field this rule reads.`,
  field: `line_items[${i % 10}].hs_code`,
}));
const record: NewValidationRecord = {
  accountId: account.id,
  shipmentId: null,
  gateSlug: "bench",
  ruleLibraryVersion: "bench",
  documentTypes: ["commercial_invoice"],
  passed: true,
  score: 100,
  validationHash: `sha256:${"0".repeat(64)}`,
  results: results as unknown as NewValidationRecord["results"],
  layers: [],
  route: { origin_country: "DE", destination_country: "US" },
  recheckKeyId: key.id,
};

async function round(name: string, n = 2000) {
  const db = dbs[name];
  const walls: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    if (!(await insertValidationRecord(db, record))) throw new Error("key not active");
    walls.push(performance.now() - t);
  }
  const cpu = process.cpuUsage(cpu0);
  const s = summarise(walls);
  return { name, cpuMs: (cpu.user + cpu.system) / 1000 / n, p50: s.p50, p95: s.p95 };
}

console.log(`load ${loadavg()[0].toFixed(2)}`);
for (let r = 0; r < 5; r++) {
  for (const name of r % 2 ? ["prepared", "unnamed"] : ["unnamed", "prepared"]) {
    const x = await round(name);
    console.log(
      `round ${r} ${name.padEnd(8)} CPU ${x.cpuMs.toFixed(3)} ms/insert, wall p50 ${x.p50.toFixed(2)} ms, p95 ${x.p95.toFixed(2)} ms`,
    );
  }
}
console.log(`load ${loadavg()[0].toFixed(2)}`);
await dbs.unnamed.query("delete from validation_records where gate_slug = 'bench'");
for (const db of Object.values(dbs)) await db.close();
