/**
 * Whether the service may keep its hot statements prepared on a PostgreSQL server (issue 31). A prepared
 * statement is one round trip per call instead of two: postgres.js sends an unnamed statement with
 * parameters as Parse/Describe, waits for the server's description, then Bind/Execute. Transaction-mode
 * poolers (PgBouncer, Supabase's Supavisor on port 6543) hand each transaction to another server
 * connection, where the statement was never prepared, so they refuse them; direct connections and
 * session-mode poolers accept them.
 */
export type PreparedStatementsSetting = "auto" | "on" | "off";

/** Port of the transaction-mode pooler by convention (Supabase's Supavisor, PgBouncer deployments). */
const TRANSACTION_POOLER_PORT = "6543";

/** The URL's `pgbouncer=true` flag (Prisma's convention for a transaction-mode pooler). */
function flagsPooler(url: URL): boolean {
  return url.searchParams.get("pgbouncer")?.toLowerCase() === "true";
}

/** auto: on, unless the URL points at a transaction-mode pooler (port 6543 or `pgbouncer=true`). */
export function usesPreparedStatements(databaseUrl: string, setting: PreparedStatementsSetting): boolean {
  if (setting !== "auto") return setting === "on";
  const url = new URL(databaseUrl);
  return url.port !== TRANSACTION_POOLER_PORT && !flagsPooler(url);
}

/**
 * The URL without the `pgbouncer` flag: postgres.js sends every query parameter it does not know to the
 * server as a run-time setting, which PostgreSQL refuses ("unrecognized configuration parameter").
 */
export function withoutPoolerFlag(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (!url.searchParams.has("pgbouncer")) return databaseUrl;
  url.searchParams.delete("pgbouncer");
  return url.toString();
}
