import { readEnv } from "./env.ts";
import { loadReferenceRefreshSettings, type ReferenceRefreshSettings } from "../reference/refresh/refresh-settings.ts";

/** Supabase CLI local-development defaults (documented by Supabase; not secrets). */
export const SUPABASE_LOCAL_JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";
export const SUPABASE_LOCAL_ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";
export const SUPABASE_LOCAL_SERVICE_ROLE_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU";

export type Tier = "free" | "starter" | "growth" | "scale";

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  publicBaseUrl: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  maxJsonBodyBytes: number;
  maxUploadBytes: number;
  defaultTier: Tier;
  referenceDir?: string;
  /** Where blobs go: a folder under dataDir, or Supabase Storage (deployed functions). */
  storage: "local" | "supabase";
  supabaseUrl?: string;
  /** Secret that signs download addresses (defaults to one derived from the JWT secret). */
  downloadSigningSecret: string;
  /** How long a signed download address stays valid. */
  downloadTtlSeconds: number;
  /** Reference-data refresh: sources, intervals, staleness margin, on/off (TDS_REFERENCE_*). */
  referenceRefresh: ReferenceRefreshSettings;
}

function intFrom(value: string | undefined, fallback: number, name: string, min = 1): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer ≥ ${min}, got "${value}"`);
  return n;
}

const TIERS: readonly Tier[] = ["free", "starter", "growth", "scale"];

/** Builds the configuration from the environment; every setting is listed in the README. */
export function loadConfig(overrides: Partial<Config> = {}): Config {
  const host = readEnv("HOST") || "127.0.0.1";
  // PORT=0 picks a free port (tests); the banner prints the real address.
  const port = intFrom(readEnv("PORT"), 54321, "PORT", 0);
  const tier = (readEnv("TDS_DEFAULT_TIER") || "free") as Tier;
  if (!TIERS.includes(tier)) throw new Error(`TDS_DEFAULT_TIER must be one of ${TIERS.join(", ")}`);
  const base: Config = {
    host,
    port,
    dataDir: readEnv("TDS_DATA_DIR") || "./.data",
    databaseUrl: readEnv("DATABASE_URL") || readEnv("SUPABASE_DB_URL") || undefined,
    publicBaseUrl: (readEnv("PUBLIC_BASE_URL") || `http://${host}:${port}`).replace(/\/+$/, ""),
    jwtSecret: readEnv("JWT_SECRET") || SUPABASE_LOCAL_JWT_SECRET,
    anonKey: readEnv("ANON_KEY") || readEnv("SUPABASE_ANON_KEY") || SUPABASE_LOCAL_ANON_KEY,
    serviceRoleKey: readEnv("SERVICE_ROLE_KEY") || readEnv("SUPABASE_SERVICE_ROLE_KEY") || SUPABASE_LOCAL_SERVICE_ROLE_KEY,
    maxJsonBodyBytes: intFrom(readEnv("TDS_MAX_JSON_BYTES"), 2 * 1024 * 1024, "TDS_MAX_JSON_BYTES"),
    maxUploadBytes: intFrom(readEnv("TDS_MAX_UPLOAD_BYTES"), 10 * 1024 * 1024, "TDS_MAX_UPLOAD_BYTES"),
    defaultTier: tier,
    referenceDir: readEnv("TDS_REFERENCE_DIR") || undefined,
    storage: (readEnv("TDS_STORAGE") || (readEnv("SUPABASE_URL") && !readEnv("TDS_DATA_DIR") ? "supabase" : "local")) === "supabase" ? "supabase" : "local",
    supabaseUrl: readEnv("SUPABASE_URL") || undefined,
    downloadSigningSecret: readEnv("TDS_DOWNLOAD_SECRET") || `downloads:${readEnv("JWT_SECRET") || SUPABASE_LOCAL_JWT_SECRET}`,
    downloadTtlSeconds: intFrom(readEnv("TDS_DOWNLOAD_TTL_SECONDS"), 5 * 24 * 3600, "TDS_DOWNLOAD_TTL_SECONDS"),
    referenceRefresh: loadReferenceRefreshSettings(),
  };
  return { ...base, ...overrides };
}
