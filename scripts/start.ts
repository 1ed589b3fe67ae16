// npm start / deno task start: the whole service on one port, as CONTRACT.md describes.
import { ConfigError, parseConfig, readConfigEnvironment, type Config } from "../shared/runtime/config.ts";
import { startLocalServer } from "../shared/server/start-local-server.ts";
import { onShutdownSignal } from "../shared/server/listen.ts";
import { deploymentReason, productionSecretProblems } from "../shared/runtime/production-secrets.ts";
import { listKinds, projectKeysFor } from "../shared/auth/project-keys.ts";
import { emptyReferenceTables } from "../shared/reference/import-records.ts";
import { missingTablesAdvice } from "../shared/reference/refresh/refresh-task.ts";
import { readReferenceOverview, sanctionsAlert } from "../shared/reference/refresh/reference-overview.ts";

function exit(code: number): never {
  const deno = (globalThis as { Deno?: { exit(c: number): never } }).Deno;
  return deno ? deno.exit(code) : process.exit(code);
}

// The environment is read once, here; everything below gets its settings from config.
const env = readConfigEnvironment();
const get = (name: string) => env[name];
// Outside local development the published defaults would let anyone in: stop, naming each variable.
const problems = productionSecretProblems(get);
if (problems.length > 0) {
  console.error(`Refusing to start: this is a deployment (${deploymentReason(get)}), and a secret it needs is missing or public:`);
  for (const line of problems) console.error(`  ${line}`);
  exit(1);
}
let config: Config;
try {
  config = parseConfig(env);
} catch (e) {
  // One line per unreadable variable (ConfigError), as for the secrets above.
  for (const line of e instanceof ConfigError ? e.problems : [(e as Error).message]) console.error(`Refusing to start: ${line}`);
  exit(1);
}
// Real data from the first start, as watchman does: the download is on by default (TDS_REFERENCE_DOWNLOAD=off
// skips it; tests and CI do), and then the tables are refreshed on schedule unless TDS_REFERENCE_REFRESH=off.
const refresh = config.referenceRefresh;
if (refresh.downloadAtStart && !refresh.explicitlyOff) refresh.enabled = true;
const server = await startLocalServer(config, { publicBaseUrlFromEnv: config.publicBaseUrlFromEnv });
const where = config.databaseUrl ? "PostgreSQL server (DATABASE_URL)" : `PGlite in ${config.dataDir}/pg`;
console.log(`Trade Document Service listening on ${server.url} (database: ${where})`);
console.log(`  functions: ${server.url}/functions/v1/<name>   REST: ${server.url}/api/v1   health: ${server.url}/health`);
console.log(`  dashboard: ${server.url}/dashboard`);
if (config.localDevelopment && config.legacyJwt) {
  // The Supabase CLI's public local-development keys (CONTRACT.md); never printed for a deployment.
  console.log(`  anon key:         ${config.anonKey}`);
  console.log(`  service_role key: ${config.serviceRoleKey}`);
}
const keys = projectKeysFor(config);
if (!config.localDevelopment || config.publishableKeys.length > 0 || config.secretKeys.length > 0 || !config.legacyJwt) {
  console.log(`  apikey accepts: ${listKinds(keys.acceptedApikeys)}`);
}
if (server.defaultApiKey) {
  console.log(`  API key of "Default account" (${config.defaultTier} tier), shown only now: ${server.defaultApiKey}`);
}
if (server.ownerInvitation) {
  console.log(
    `  Dashboard invitation for the owner of "${server.ownerInvitation.accountName}" (single use, expires in 7 days): ${server.ownerInvitation.url}`,
  );
}

// Reference data: what is empty, and what happens about it.
const empty = (await emptyReferenceTables(server.services.db)).filter((t) => t !== "duty_rates");
if (empty.length > 0 && refresh.enabled) {
  console.log(
    `  reference data: downloading ${empty.length} empty table(s) from their publishers in the background: ${empty.join(", ")}. ` +
      "The API answers meanwhile; validations name the tables still loading (TDS_REFERENCE_DOWNLOAD=off skips the download).",
  );
} else if (empty.length > 0) {
  console.log(`  ${missingTablesAdvice(empty)}`);
}
if (refresh.enabled) console.log("  reference data: refreshed on schedule (GET /api/v1/reference-data shows each table's state)");
const overview = await readReferenceOverview(server.services.db, refresh);
// One line per loaded table: what it holds, the publisher's date, the last confirmation, stale or not.
for (const t of overview.filter((x) => x.loaded)) {
  const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "unknown");
  console.log(
    `  reference data: ${t.table} ${t.row_count} rows${t.vintage ? `, ${t.vintage}` : ""}, published ${day(t.published_at)}, ` +
      `last confirmed ${t.age_from === "publication" && t.checked_at === t.published_at ? "never" : day(t.checked_at)}, ${t.stale ? "STALE" : "current"}`,
  );
}
const alert = sanctionsAlert(overview, config.screening.lists);
// While the download of a bound screening list runs it is "loading"; the line above already says so.
if (alert && !(config.screening.lists.some((t) => empty.includes(t)) && refresh.enabled)) console.log(`  WARNING: ${alert}`);

let stopping = false;
onShutdownSignal(() => {
  if (stopping) return;
  stopping = true;
  console.log("Shutting down…");
  // Closing PGlite flushes its data directory; then exit even if a client keeps a socket open.
  void server
    .close()
    .then(() => console.log("Stopped."))
    .finally(() => (globalThis as { Deno?: { exit(c: number): never } }).Deno?.exit(0) ?? process.exit(0));
});
