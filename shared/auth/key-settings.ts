import type { JSONWebKeySet } from "jose";
import { readEnv } from "../runtime/env.ts";
import { isLocalDevelopment } from "../runtime/production-secrets.ts";
import {
  LOCAL_DOWNLOAD_SECRET,
  LOCAL_WEBHOOK_SECRET_KEY,
  SUPABASE_LOCAL_ANON_KEY,
  SUPABASE_LOCAL_JWT_SECRET,
  SUPABASE_LOCAL_SERVICE_ROLE_KEY,
} from "./local-development-keys.ts";

/** The keys and secrets of the configuration (README: Configuration, Authentication). */
export interface KeySettings {
  /** No SUPABASE_URL, HOST a loopback address and NODE_ENV not production: the published defaults apply. */
  localDevelopment: boolean;
  /** Legacy HS256 anon/service_role JWTs accepted: a legacy key is configured, or local development without a JWKS. */
  legacyJwt: boolean;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** `sb_publishable_…` keys (SUPABASE_PUBLISHABLE_KEYS, else SUPABASE_PUBLISHABLE_KEY). */
  publishableKeys: string[];
  /** `sb_secret_…` keys (SUPABASE_SECRET_KEYS, else SUPABASE_SECRET_KEY). */
  secretKeys: string[];
  /** Inline JWKS for asymmetric JWTs (SUPABASE_JWKS). */
  jwks?: JSONWebKeySet;
  /** Where the JWKS is fetched when not inline: SUPABASE_JWKS_URL, else ${SUPABASE_URL}/auth/v1/.well-known/jwks.json. */
  jwksUrl?: string;
  /** Signs download addresses (TDS_DOWNLOAD_SECRET). */
  downloadSigningSecret: string;
  /** Encrypts webhook secrets at rest (TDS_WEBHOOK_SECRET_KEY). */
  webhookSecretKey: string;
}

type Get = (name: string) => string | undefined;

/** `{"default": "sb_…", "web": "sb_…"}` as Supabase gives functions; a single key as a self-hoster sets it. */
export function parseNamedKeys(json: string | undefined, single: string | undefined, name: string): string[] {
  if (json?.trim()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      throw new Error(`${name} must be a JSON object of named keys, like {"default":"sb_…"}`);
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed) || !Object.values(parsed).every((v) => typeof v === "string")) {
      throw new Error(`${name} must be a JSON object of named keys, like {"default":"sb_…"}`);
    }
    return (Object.values(parsed) as string[]).map((v) => v.trim()).filter(Boolean);
  }
  return single?.trim() ? [single.trim()] : [];
}

/** SUPABASE_JWKS: `{"keys": [...]}` or a bare array of keys. */
export function parseJwks(json: string | undefined): JSONWebKeySet | undefined {
  if (!json?.trim()) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('SUPABASE_JWKS must be a JSON Web Key Set: {"keys": [...]} or [...]');
  }
  const keys = Array.isArray(parsed) ? parsed : (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || !keys.every((k) => k && typeof k === "object")) {
    throw new Error('SUPABASE_JWKS must be a JSON Web Key Set: {"keys": [...]} or [...]');
  }
  return { keys } as JSONWebKeySet;
}

export function readKeySettings(host: string, get: Get = readEnv): KeySettings {
  const supabaseUrl = get("SUPABASE_URL")?.replace(/\/+$/, "") || undefined;
  const localDevelopment = isLocalDevelopment({ host, supabaseUrl, nodeEnv: get("NODE_ENV") });
  const jwks = parseJwks(get("SUPABASE_JWKS"));
  const jwksUrl = jwks ? undefined : get("SUPABASE_JWKS_URL") || (supabaseUrl ? `${supabaseUrl}/auth/v1/.well-known/jwks.json` : undefined);
  return {
    localDevelopment,
    legacyJwt: legacyKeysConfigured(get) || (localDevelopment && !jwks && !get("SUPABASE_JWKS_URL")),
    jwtSecret: get("JWT_SECRET") || SUPABASE_LOCAL_JWT_SECRET,
    anonKey: get("ANON_KEY") || get("SUPABASE_ANON_KEY") || SUPABASE_LOCAL_ANON_KEY,
    serviceRoleKey: get("SERVICE_ROLE_KEY") || get("SUPABASE_SERVICE_ROLE_KEY") || SUPABASE_LOCAL_SERVICE_ROLE_KEY,
    publishableKeys: parseNamedKeys(get("SUPABASE_PUBLISHABLE_KEYS"), get("SUPABASE_PUBLISHABLE_KEY"), "SUPABASE_PUBLISHABLE_KEYS"),
    secretKeys: parseNamedKeys(get("SUPABASE_SECRET_KEYS"), get("SUPABASE_SECRET_KEY"), "SUPABASE_SECRET_KEYS"),
    jwks,
    jwksUrl,
    // Outside local development a missing one stops the start (production-secrets.ts) before it is used.
    downloadSigningSecret: get("TDS_DOWNLOAD_SECRET") || LOCAL_DOWNLOAD_SECRET,
    webhookSecretKey: get("TDS_WEBHOOK_SECRET_KEY") || LOCAL_WEBHOOK_SECRET_KEY,
  };
}

/**
 * The operator set a legacy key: JWT_SECRET, ANON_KEY or SERVICE_ROLE_KEY. Supabase's own
 * SUPABASE_ANON_KEY/SUPABASE_SERVICE_ROLE_KEY do not count: every hosted function gets them.
 */
export function legacyKeysConfigured(get: Get = readEnv): boolean {
  return Boolean(get("JWT_SECRET") || get("ANON_KEY") || get("SERVICE_ROLE_KEY"));
}
