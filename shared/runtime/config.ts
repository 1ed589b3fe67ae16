import { readEnv } from "./env.ts";
import { readKeySettings, type KeySettings } from "../auth/key-settings.ts";
import { BLOB_STORE_KINDS, type BlobStoreKind } from "../storage/blob-store.ts";
import type { S3Settings } from "../storage/s3-blob-store.ts";
import { loadReferenceRefreshSettings, type ReferenceRefreshSettings } from "../reference/refresh/refresh-settings.ts";

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
  /** Where blobs go: a folder under dataDir, the database, an S3-compatible store, or Supabase Storage. */
  storage: BlobStoreKind;
  /** TDS_S3_*: the object store of TDS_STORAGE=s3. */
  s3?: S3Settings;
  /** Request rate limits (docs: README, Rate limits). */
  rateLimits: RateLimitSettings;
  supabaseUrl?: string;
  /** How long a signed download address stays valid. */
  downloadTtlSeconds: number;
  /**
   * Whether this process runs queued jobs itself (renders, extraction): true for `npm start` (one
   * process does everything); deployed edge functions default to false and only enqueue, leaving the
   * work to `npm run worker` (TDS_IN_PROCESS_JOBS).
   */
  inProcessJobs: boolean;
  /** Reference-data refresh: sources, intervals, staleness margin, on/off (TDS_REFERENCE_*). */
  referenceRefresh: ReferenceRefreshSettings;
}

function boolFrom(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === "") return fallback;
  if (/^(true|1|yes)$/i.test(value)) return true;
  if (/^(false|0|no)$/i.test(value)) return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

/** Per-minute budgets of one API key: every request, and generation/extraction submissions on top. */
export interface TierRateLimit {
  requests: number;
  submissions: number;
}

export interface RateLimitSettings {
  enabled: boolean;
  windowSeconds: number;
  tiers: Record<Tier, TierRateLimit>;
  /** Requests per window from one client address to the public endpoints. */
  publicPerAddress: number;
  /** How many proxies in front of the service append to X-Forwarded-For (0: the header is ignored). */
  trustedProxies: number;
}

export const DEFAULT_TIER_RATE_LIMITS: Record<Tier, TierRateLimit> = {
  free: { requests: 60, submissions: 10 },
  starter: { requests: 300, submissions: 30 },
  growth: { requests: 1200, submissions: 120 },
  scale: { requests: 3000, submissions: 300 },
};

function tierLimitFrom(value: string | undefined, fallback: TierRateLimit, name: string): TierRateLimit {
  if (value === undefined || value === "") return fallback;
  const m = value.match(/^\s*(\d+)\s*,\s*(\d+)\s*$/);
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) throw new Error(`${name} must be "<requests>,<submissions>" per window, got "${value}"`);
  return { requests: Number(m[1]), submissions: Number(m[2]) };
}

function storageFrom(databaseUrl: string | undefined): BlobStoreKind {
  const explicit = readEnv("TDS_STORAGE");
  if (explicit) {
    if (!(BLOB_STORE_KINDS as readonly string[]).includes(explicit))
      throw new Error(`TDS_STORAGE must be one of ${BLOB_STORE_KINDS.join(", ")}, got "${explicit}"`);
    return explicit as BlobStoreKind;
  }
  // Deployed functions keep Supabase Storage; any other PostgreSQL deployment shares files through the database.
  if (readEnv("SUPABASE_URL") && !readEnv("TDS_DATA_DIR")) return "supabase";
  return databaseUrl ? "postgres" : "local";
}

function s3From(): S3Settings | undefined {
  const endpoint = readEnv("TDS_S3_ENDPOINT");
  if (!endpoint) return undefined;
  return {
    endpoint,
    region: readEnv("TDS_S3_REGION") || "us-east-1",
    accessKeyId: readEnv("TDS_S3_ACCESS_KEY_ID") || "",
    secretAccessKey: readEnv("TDS_S3_SECRET_ACCESS_KEY") || "",
    bucket: readEnv("TDS_S3_BUCKET") || undefined,
    virtualHosted: readEnv("TDS_S3_VIRTUAL_HOSTED") === "true",
  };
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
  const databaseUrl = readEnv("DATABASE_URL") || readEnv("SUPABASE_DB_URL") || undefined;
  const window = intFrom(readEnv("TDS_RATE_LIMIT_WINDOW_SECONDS"), 60, "TDS_RATE_LIMIT_WINDOW_SECONDS");
  const base: Config = {
    host,
    port,
    dataDir: readEnv("TDS_DATA_DIR") || "./.data",
    databaseUrl,
    publicBaseUrl: (readEnv("PUBLIC_BASE_URL") || `http://${host}:${port}`).replace(/\/+$/, ""),
    ...readKeySettings(host),
    maxJsonBodyBytes: intFrom(readEnv("TDS_MAX_JSON_BYTES"), 2 * 1024 * 1024, "TDS_MAX_JSON_BYTES"),
    maxUploadBytes: intFrom(readEnv("TDS_MAX_UPLOAD_BYTES"), 10 * 1024 * 1024, "TDS_MAX_UPLOAD_BYTES"),
    defaultTier: tier,
    referenceDir: readEnv("TDS_REFERENCE_DIR") || undefined,
    storage: storageFrom(databaseUrl),
    s3: s3From(),
    rateLimits: {
      enabled: !["off", "false", "0"].includes((readEnv("TDS_RATE_LIMITS") || "on").toLowerCase()),
      windowSeconds: window,
      tiers: Object.fromEntries(
        TIERS.map((t) => [
          t,
          tierLimitFrom(readEnv(`TDS_RATE_LIMIT_${t.toUpperCase()}`), DEFAULT_TIER_RATE_LIMITS[t], `TDS_RATE_LIMIT_${t.toUpperCase()}`),
        ]),
      ) as Record<Tier, TierRateLimit>,
      publicPerAddress: intFrom(readEnv("TDS_RATE_LIMIT_PUBLIC"), 60, "TDS_RATE_LIMIT_PUBLIC"),
      trustedProxies: intFrom(readEnv("TDS_TRUSTED_PROXIES"), 0, "TDS_TRUSTED_PROXIES", 0),
    },
    supabaseUrl: readEnv("SUPABASE_URL") || undefined,
    downloadTtlSeconds: intFrom(readEnv("TDS_DOWNLOAD_TTL_SECONDS"), 5 * 24 * 3600, "TDS_DOWNLOAD_TTL_SECONDS"),
    inProcessJobs: boolFrom(readEnv("TDS_IN_PROCESS_JOBS"), true, "TDS_IN_PROCESS_JOBS"),
    referenceRefresh: loadReferenceRefreshSettings(),
  };
  return { ...base, ...overrides };
}
