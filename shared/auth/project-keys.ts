import type { KeySettings } from "../runtime/config/key-settings.ts";
import { createKeyMatcher } from "../hashing/constant-time.ts";
import { createJwtVerifier } from "./jwt-keys.ts";

/** What a project key turned out to be. */
export type KeyKind = "publishable" | "secret" | "anon_jwt" | "service_role_jwt";

export interface ProjectKeys {
  /** The kind of a presented key, or null when it is none of the configured ones. */
  identify(key: string): Promise<KeyKind | null>;
  /** Human-readable kinds the `apikey` header accepts, for refusals. */
  acceptedApikeys: string[];
  /** Human-readable kinds an admin endpoint accepts. */
  acceptedAdminKeys: string[];
}

export type ProjectKeySettings = Pick<KeySettings, "publishableKeys" | "secretKeys" | "jwks" | "jwksUrl" | "legacyJwt" | "jwtSecret">;

export function createProjectKeys(
  settings: ProjectKeySettings,
  jwksTiming: { jwksCacheMs?: number; jwksCooldownMs?: number } = {},
): ProjectKeys {
  const isPublishable = createKeyMatcher(settings.publishableKeys);
  const isSecret = createKeyMatcher(settings.secretKeys);
  const jwt = createJwtVerifier({
    legacySecret: settings.legacyJwt ? settings.jwtSecret : undefined,
    jwks: settings.jwks,
    jwksUrl: settings.jwksUrl,
    ...jwksTiming,
  });
  const jwtKinds = (role: string) => [
    ...(jwt.asymmetric
      ? [
          `${/^[aeiou]/.test(role) ? "an" : "a"} ${role} JWT signed with the project's asymmetric key (ES256, RS256 or EdDSA, checked against its JWKS)`,
        ]
      : []),
    ...(jwt.legacy ? [`a legacy ${role} JWT (HS256)`] : []),
  ];
  return {
    async identify(key) {
      // Both sets are always compared, so the timing says nothing about which one holds the key.
      const [secret, publishable] = await Promise.all([isSecret(key), isPublishable(key)]);
      if (secret) return "secret";
      if (publishable) return "publishable";
      if (key.split(".").length !== 3) return null;
      const role = await jwt.verify(key);
      return role === "anon" ? "anon_jwt" : role === "service_role" ? "service_role_jwt" : null;
    },
    acceptedApikeys: [
      ...(settings.publishableKeys.length ? ["a publishable key (sb_publishable_…)"] : []),
      ...(settings.secretKeys.length ? ["a secret key (sb_secret_…)"] : []),
      ...jwtKinds("anon or service_role"),
    ],
    acceptedAdminKeys: [...(settings.secretKeys.length ? ["a secret key (sb_secret_…)"] : []), ...jwtKinds("service_role")],
  };
}

// One per configuration, so a remote JWKS is fetched once and then served from its cache.
const byConfig = new WeakMap<ProjectKeySettings, ProjectKeys>();

export function projectKeysFor(config: ProjectKeySettings): ProjectKeys {
  let keys = byConfig.get(config);
  if (!keys) byConfig.set(config, (keys = createProjectKeys(config)));
  return keys;
}

/** "a, b or c" for messages; says so when nothing is configured. */
export function listKinds(kinds: string[]): string {
  if (kinds.length === 0) return "none is configured on this server (see README: Authentication)";
  return kinds.length === 1 ? kinds[0] : `${kinds.slice(0, -1).join(", ")} or ${kinds[kinds.length - 1]}`;
}
