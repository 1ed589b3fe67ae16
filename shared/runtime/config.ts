/**
 * The one configuration: every environment variable the service reads is a key of `configVariables`
 * (one zod schema, composed of the sections in ./config/) and a row of the README's table (a unit test
 * holds the two equal). It is read once at start (loadConfig); features take their section from
 * Services.config, never from the environment.
 */
import { z } from "zod";
import { readEnvironment, type Environment } from "./env.ts";
import { serverSettings, serverVariables, type ServerSettings } from "./config/server-settings.ts";
import { keySettings, keyVariables, type KeySettings } from "./config/key-settings.ts";
import { storageSettings, storageVariables, type StorageSettings } from "./config/storage-settings.ts";
import { rateLimitSettings, rateLimitVariables, type RateLimitSettings } from "./config/rate-limit-settings.ts";
import { extractionSettings, extractionVariables, type ExtractionConfig } from "./config/extraction-settings.ts";
import { webhookDeliverySettings, webhookVariables, type WebhookDeliverySettings } from "./config/webhook-delivery-settings.ts";
import { hsSearchSettings, hsSearchVariables, type HsSearchSettings } from "./config/hs-search-settings.ts";
import { referenceRefreshSettings, referenceRefreshVariables, type ReferenceRefreshSettings } from "./config/reference-refresh-settings.ts";
import { screeningSettings, screeningVariables, type ScreeningSettings } from "./config/screening-settings.ts";

/** Supabase CLI local-development defaults (documented by Supabase; not secrets). */
export { SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_JWT_SECRET, SUPABASE_LOCAL_SERVICE_ROLE_KEY } from "./local-development-keys.ts";
export type { Tier } from "./config/server-settings.ts";
export { DEFAULT_TIER_RATE_LIMITS, type RateLimitSettings, type TierRateLimit } from "./config/rate-limit-settings.ts";

/** Keys and secrets (JWT secret, sb_ keys, JWKS, download and webhook secrets) come from KeySettings. */
export interface Config extends ServerSettings, KeySettings, StorageSettings {
  /** Request rate limits (docs: README, Rate limits). */
  rateLimits: RateLimitSettings;
  /** Extraction from uploads (TDS_EXTRACTOR, TDS_EXTRACTION_*, OPENAI_*). */
  extraction: ExtractionConfig;
  /** Webhook delivery (TDS_WEBHOOK_*, TDS_WEBHOOKS_*). */
  webhooks: WebhookDeliverySettings;
  /** Reference-data refresh: sources, intervals, staleness margin, on/off (TDS_REFERENCE_*). */
  referenceRefresh: ReferenceRefreshSettings;
  /** HS description search (TDS_HS_*). */
  hsSearch: HsSearchSettings;
  /** Screening reviews and monitoring (TDS_SCREENING_*). */
  screening: ScreeningSettings;
}

export const configVariables = {
  ...serverVariables,
  ...keyVariables,
  ...storageVariables,
  ...rateLimitVariables,
  ...extractionVariables,
  ...webhookVariables,
  ...referenceRefreshVariables,
  ...hsSearchVariables,
  ...screeningVariables,
};

/** Every variable the service reads (README: Configuration lists each). */
export const CONFIG_VARIABLE_NAMES: readonly string[] = Object.keys(configVariables);

const configSchema = z.object(configVariables);

export interface ConfigOptions {
  /** TDS_IN_PROCESS_JOBS when unset: true for `npm start` and the worker, false for a function on its own. */
  inProcessJobsByDefault?: boolean;
}

/** A configuration that cannot be used: one line per bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ConfigError";
  }
}

/** Builds the configuration from these variables (pure: tests pass a record). */
export function parseConfig(env: Environment, options: ConfigOptions = {}): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => (i.path.length > 0 ? `${String(i.path[0])} ${i.message}` : i.message)));
  }
  const v = parsed.data;
  const server = serverSettings(v, options.inProcessJobsByDefault ?? true);
  return {
    ...server,
    ...keySettings(v, { host: server.host, supabaseUrl: v.SUPABASE_URL, nodeEnv: v.NODE_ENV }),
    ...storageSettings(v, { databaseUrl: server.databaseUrl, supabaseUrl: v.SUPABASE_URL, dataDirSet: v.TDS_DATA_DIR !== undefined }),
    rateLimits: rateLimitSettings(v),
    extraction: extractionSettings(v),
    webhooks: webhookDeliverySettings(v),
    referenceRefresh: referenceRefreshSettings(v),
    hsSearch: hsSearchSettings(v),
    screening: screeningSettings(v),
  };
}

/** This process's value of every configuration variable, read now. */
export function readConfigEnvironment(): Environment {
  return readEnvironment(CONFIG_VARIABLE_NAMES);
}

/** The configuration of this process, from its environment; entry points call it once at start. */
export function loadConfig(overrides: Partial<Config> = {}, options: ConfigOptions = {}): Config {
  return { ...parseConfig(readConfigEnvironment(), options), ...overrides };
}
