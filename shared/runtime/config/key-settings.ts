/** The keys and secrets of the configuration (README: Configuration, Authentication). */
import type { JSONWebKeySet } from "jose";
import { z } from "zod";
import { isLocalDevelopment } from "../production-secrets.ts";
import {
  LOCAL_DOWNLOAD_SECRET,
  LOCAL_WEBHOOK_SECRET_KEY,
  SUPABASE_LOCAL_ANON_KEY,
  SUPABASE_LOCAL_JWT_SECRET,
  SUPABASE_LOCAL_SERVICE_ROLE_KEY,
} from "../local-development-keys.ts";
import { json, text, type Vars } from "./env-values.ts";

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
  /**
   * Signs the documents' verifiable credentials (TDS_CREDENTIAL_KEYS): P-256 JWKs, the first (with its
   * private part) signs, the others are earlier keys still published in did.json. Unset in local
   * development: a key is made and kept in the data folder (shared/credentials/credential-keys.ts).
   */
  credentialKeys?: JSONWebKeySet;
}

/** `{"default": "sb_…", "web": "sb_…"}` as Supabase gives functions. */
const namedKeys = () =>
  json(z.record(z.string(), z.string()), 'a JSON object of named keys, like {"default":"sb_…"}').transform((keys) =>
    keys === undefined
      ? undefined
      : Object.values(keys)
          .map((k) => k.trim())
          .filter(Boolean),
  );

/** `{"keys": [...]}` or a bare array of keys. */
const jwkSet = z
  .union([z.array(z.looseObject({})), z.looseObject({ keys: z.array(z.looseObject({})) })])
  .transform((s): JSONWebKeySet => ({ keys: (Array.isArray(s) ? s : s.keys) as unknown as JSONWebKeySet["keys"] }));

/** The signing keys of credentials: EC P-256 JWKs; the first must be private (it signs). */
const ecP256Jwk = z.looseObject({
  kty: z.literal("EC"),
  crv: z.literal("P-256"),
  x: z.string().min(1),
  y: z.string().min(1),
  d: z.string().optional(),
});
const credentialKeySet = z
  .object({ keys: z.array(ecP256Jwk).min(1) })
  .refine((s) => Boolean(s.keys[0].d), { message: 'the first key signs, so it needs its private part "d"' })
  .transform((s): JSONWebKeySet => ({ keys: s.keys as unknown as JSONWebKeySet["keys"] }));

export const keyVariables = {
  JWT_SECRET: text(),
  ANON_KEY: text(),
  SUPABASE_ANON_KEY: text(),
  SERVICE_ROLE_KEY: text(),
  SUPABASE_SERVICE_ROLE_KEY: text(),
  SUPABASE_PUBLISHABLE_KEYS: namedKeys(),
  SUPABASE_PUBLISHABLE_KEY: text(),
  SUPABASE_SECRET_KEYS: namedKeys(),
  SUPABASE_SECRET_KEY: text(),
  SUPABASE_JWKS: json(jwkSet, 'a JSON Web Key Set: {"keys": [...]} or [...]'),
  SUPABASE_JWKS_URL: text(),
  TDS_DOWNLOAD_SECRET: text(),
  TDS_WEBHOOK_SECRET_KEY: text(),
  TDS_CREDENTIAL_KEYS: json(credentialKeySet, 'a JSON Web Key Set of P-256 keys, {"keys": [...]}, the first with its private part "d"'),
};

const single = (key: string | undefined) => (key?.trim() ? [key.trim()] : []);

export function keySettings(
  v: Vars<typeof keyVariables>,
  deployment: { host: string; supabaseUrl?: string; nodeEnv?: string },
): KeySettings {
  const supabaseUrl = deployment.supabaseUrl?.replace(/\/+$/, "") || undefined;
  const localDevelopment = isLocalDevelopment({ host: deployment.host, supabaseUrl, nodeEnv: deployment.nodeEnv });
  const jwks = v.SUPABASE_JWKS;
  // Supabase's own SUPABASE_ANON_KEY/SUPABASE_SERVICE_ROLE_KEY do not count: every hosted function gets them.
  const legacyKeySet = Boolean(v.JWT_SECRET || v.ANON_KEY || v.SERVICE_ROLE_KEY);
  return {
    localDevelopment,
    legacyJwt: legacyKeySet || (localDevelopment && !jwks && !v.SUPABASE_JWKS_URL),
    jwtSecret: v.JWT_SECRET ?? SUPABASE_LOCAL_JWT_SECRET,
    anonKey: v.ANON_KEY ?? v.SUPABASE_ANON_KEY ?? SUPABASE_LOCAL_ANON_KEY,
    serviceRoleKey: v.SERVICE_ROLE_KEY ?? v.SUPABASE_SERVICE_ROLE_KEY ?? SUPABASE_LOCAL_SERVICE_ROLE_KEY,
    publishableKeys: v.SUPABASE_PUBLISHABLE_KEYS ?? single(v.SUPABASE_PUBLISHABLE_KEY),
    secretKeys: v.SUPABASE_SECRET_KEYS ?? single(v.SUPABASE_SECRET_KEY),
    jwks,
    jwksUrl: jwks ? undefined : v.SUPABASE_JWKS_URL || (supabaseUrl ? `${supabaseUrl}/auth/v1/.well-known/jwks.json` : undefined),
    // Outside local development a missing one stops the start (production-secrets.ts) before it is used.
    downloadSigningSecret: v.TDS_DOWNLOAD_SECRET ?? LOCAL_DOWNLOAD_SECRET,
    webhookSecretKey: v.TDS_WEBHOOK_SECRET_KEY ?? LOCAL_WEBHOOK_SECRET_KEY,
    credentialKeys: v.TDS_CREDENTIAL_KEYS,
  };
}
