import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeProtectedHeader,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from "jose";

export type JwtRole = "anon" | "service_role";

/** Asymmetric algorithms of Supabase's JWT signing keys (ES256 by default, RS256, Ed25519). */
export const ASYMMETRIC_ALGORITHMS = ["ES256", "RS256", "EdDSA", "Ed25519"];

function roleOf(payload: JWTPayload): JwtRole | null {
  return payload.role === "anon" || payload.role === "service_role" ? payload.role : null;
}

/** Verifies a Supabase-style HS256 JWT (legacy anon or service_role key) and returns its role, or null. */
export async function verifyRoleJwt(token: string, secret: string): Promise<JwtRole | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ["HS256"] });
    return roleOf(payload);
  } catch {
    return null;
  }
}

export interface JwtVerifierOptions {
  /** Legacy HS256 secret; unset: HS256 tokens are refused. */
  legacySecret?: string;
  /** Inline JWKS (SUPABASE_JWKS). */
  jwks?: JSONWebKeySet;
  /** Remote JWKS, fetched on first use and cached (used when no inline JWKS is given). */
  jwksUrl?: string;
  /** How long a fetched JWKS is used before it is fetched again (jose's cacheMaxAge): 10 min. */
  jwksCacheMs?: number;
  /** At most one refetch per this period when a token names an unknown `kid` (jose's cooldown): 30 s. */
  jwksCooldownMs?: number;
}

/**
 * Verifies anon/service_role JWTs: asymmetric ones against the JWKS, HS256 ones against the legacy
 * secret. The algorithm list is fixed per key kind, so `alg: none` and an HS256 token signed with
 * a public key as HMAC secret are refused. No network call per request: the remote set is cached.
 */
export function createJwtVerifier(options: JwtVerifierOptions): {
  verify(token: string): Promise<JwtRole | null>;
  asymmetric: boolean;
  legacy: boolean;
} {
  let keySet: JWTVerifyGetKey | undefined;
  if (options.jwks) keySet = createLocalJWKSet(options.jwks);
  else if (options.jwksUrl) {
    keySet = createRemoteJWKSet(new URL(options.jwksUrl), {
      cacheMaxAge: options.jwksCacheMs ?? 10 * 60_000,
      cooldownDuration: options.jwksCooldownMs ?? 30_000,
      timeoutDuration: 5_000,
    });
  }
  const secret = options.legacySecret ? new TextEncoder().encode(options.legacySecret) : undefined;
  return {
    asymmetric: Boolean(keySet),
    legacy: Boolean(secret),
    async verify(token) {
      let alg: unknown;
      try {
        alg = decodeProtectedHeader(token).alg;
      } catch {
        return null;
      }
      try {
        if (alg === "HS256" && secret) return roleOf((await jwtVerify(token, secret, { algorithms: ["HS256"] })).payload);
        if (typeof alg === "string" && ASYMMETRIC_ALGORITHMS.includes(alg) && keySet) {
          return roleOf((await jwtVerify(token, keySet, { algorithms: ASYMMETRIC_ALGORITHMS })).payload);
        }
      } catch {
        /* bad signature, expired, unknown kid, JWKS unreachable: not a valid key */
      }
      return null;
    },
  };
}
