import { readEnv } from "./env.ts";
import { readKeySettings, type KeySettings } from "../auth/key-settings.ts";

/** Supabase CLI local-development defaults (documented by Supabase; not secrets). */
export { SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_JWT_SECRET, SUPABASE_LOCAL_SERVICE_ROLE_KEY } from "../auth/local-development-keys.ts";

export type Tier = "free" | "starter" | "growth" | "scale";

/** Keys and secrets (JWT secret, sb_ keys, JWKS, download and webhook secrets) come from KeySettings. */
export interface Config extends KeySettings {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  publicBaseUrl: string;
  maxJsonBodyBytes: number;
  maxUploadBytes: number;
  defaultTier: Tier;
  referenceDir?: string;
  /** Where blobs go: a folder under dataDir, or Supabase Storage (deployed functions). */
  storage: "local" | "supabase";
  supabaseUrl?: string;
  /** How long a signed download address stays valid. */
  downloadTtlSeconds: number;
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
    ...readKeySettings(host),
    maxJsonBodyBytes: intFrom(readEnv("TDS_MAX_JSON_BYTES"), 2 * 1024 * 1024, "TDS_MAX_JSON_BYTES"),
    maxUploadBytes: intFrom(readEnv("TDS_MAX_UPLOAD_BYTES"), 10 * 1024 * 1024, "TDS_MAX_UPLOAD_BYTES"),
    defaultTier: tier,
    referenceDir: readEnv("TDS_REFERENCE_DIR") || undefined,
    storage: (readEnv("TDS_STORAGE") || (readEnv("SUPABASE_URL") && !readEnv("TDS_DATA_DIR") ? "supabase" : "local")) === "supabase" ? "supabase" : "local",
    supabaseUrl: readEnv("SUPABASE_URL") || undefined,
    downloadTtlSeconds: intFrom(readEnv("TDS_DOWNLOAD_TTL_SECONDS"), 5 * 24 * 3600, "TDS_DOWNLOAD_TTL_SECONDS"),
  };
  return { ...base, ...overrides };
}
