/** Where the service listens, its database and files, body limits, tiers and who runs jobs. */
import type { z } from "zod";
import { choice, flag, integer, setting, text, type Vars } from "./env-values.ts";
import type { PreparedStatementsSetting } from "../../db/prepared-statements.ts";

export type Tier = "free" | "starter" | "growth" | "scale";
export const TIERS: readonly Tier[] = ["free", "starter", "growth", "scale"];

function port(): z.ZodType<number | undefined, string | undefined> {
  return setting((v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`must be a port number (0 to 65535), got ${JSON.stringify(v)}`);
    return n;
  });
}

export const serverVariables = {
  HOST: text("127.0.0.1"),
  // PORT=0 picks a free port (tests); the banner prints the real address.
  PORT: port(),
  TDS_DATA_DIR: text(),
  DATABASE_URL: text(),
  SUPABASE_DB_URL: text(),
  TDS_DB_PREPARED_STATEMENTS: choice(["auto", "on", "off"], "auto"),
  PUBLIC_BASE_URL: text(),
  SUPABASE_URL: text(),
  NODE_ENV: text(),
  TDS_DEFAULT_TIER: choice(TIERS, "free"),
  TDS_MAX_JSON_BYTES: integer(1, 2 * 1024 * 1024),
  TDS_MAX_UPLOAD_BYTES: integer(1, 10 * 1024 * 1024),
  // Lingering close after an early 413 (Node server): discard at most this much of the rest, this long.
  TDS_LINGERING_CLOSE_MAX_BYTES: integer(0, 64 * 1024 * 1024),
  TDS_LINGERING_CLOSE_SECONDS: integer(0, 30),
  TDS_REFERENCE_DIR: text(),
  TDS_DOWNLOAD_TTL_SECONDS: integer(1, 5 * 24 * 3600),
  // Unset: the runner's default (true for npm start, false for a function on its own).
  TDS_IN_PROCESS_JOBS: flag(),
  TDS_WORKER_PORT: port(),
};

export interface ServerSettings {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** Whether the hot statements are kept prepared on PostgreSQL (shared/db/prepared-statements.ts). */
  databasePreparedStatements: PreparedStatementsSetting;
  publicBaseUrl: string;
  /** PUBLIC_BASE_URL was set; otherwise the local server follows the port it really got. */
  publicBaseUrlFromEnv: boolean;
  supabaseUrl?: string;
  maxJsonBodyBytes: number;
  maxUploadBytes: number;
  /**
   * After an early 413 the Node server reads and discards the rest of the body, at most this many bytes
   * for at most this long, then closes (shared/server/lingering-close.ts).
   */
  lingeringClose: { maxBytes: number; maxMs: number };
  defaultTier: Tier;
  referenceDir?: string;
  /** How long a signed download address stays valid. */
  downloadTtlSeconds: number;
  /**
   * Whether this process runs queued jobs itself (renders, extraction): true for `npm start` (one
   * process does everything); deployed edge functions default to false and only enqueue, leaving the
   * work to `npm run worker` (TDS_IN_PROCESS_JOBS).
   */
  inProcessJobs: boolean;
  /** `npm run worker` also serves the public pages on this port (TDS_WORKER_PORT). */
  workerPort?: number;
}

export function serverSettings(v: Vars<typeof serverVariables>, inProcessJobsByDefault: boolean): ServerSettings {
  const port = v.PORT ?? 54321;
  return {
    host: v.HOST,
    port,
    dataDir: v.TDS_DATA_DIR ?? "./.data",
    databaseUrl: v.DATABASE_URL ?? v.SUPABASE_DB_URL,
    databasePreparedStatements: v.TDS_DB_PREPARED_STATEMENTS,
    publicBaseUrl: (v.PUBLIC_BASE_URL ?? `http://${v.HOST}:${port}`).replace(/\/+$/, ""),
    publicBaseUrlFromEnv: v.PUBLIC_BASE_URL !== undefined,
    supabaseUrl: v.SUPABASE_URL,
    maxJsonBodyBytes: v.TDS_MAX_JSON_BYTES,
    maxUploadBytes: v.TDS_MAX_UPLOAD_BYTES,
    lingeringClose: { maxBytes: v.TDS_LINGERING_CLOSE_MAX_BYTES, maxMs: v.TDS_LINGERING_CLOSE_SECONDS * 1000 },
    defaultTier: v.TDS_DEFAULT_TIER,
    referenceDir: v.TDS_REFERENCE_DIR,
    downloadTtlSeconds: v.TDS_DOWNLOAD_TTL_SECONDS,
    inProcessJobs: v.TDS_IN_PROCESS_JOBS ?? inProcessJobsByDefault,
    workerPort: v.TDS_WORKER_PORT,
  };
}
