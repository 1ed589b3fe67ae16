import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignJWT, UnsecuredJWT } from "jose";
import { createProjectKeys, listKinds } from "../../../shared/auth/project-keys.ts";
import { createJwtVerifier } from "../../../shared/auth/jwt-keys.ts";
import { createKeyMatcher } from "../../../shared/hashing/constant-time.ts";
import {
  parseConfig,
  SUPABASE_LOCAL_ANON_KEY,
  SUPABASE_LOCAL_JWT_SECRET,
  SUPABASE_LOCAL_SERVICE_ROLE_KEY,
} from "../../../shared/runtime/config.ts";
import { makeSigningKey, signRoleJwt, startJwksServer, type SigningKey } from "../../support/jwks-server.ts";

const PUBLISHABLE = "sb_publishable_" + "p".repeat(31);
const SECRET = "sb_secret_" + "s".repeat(31);
describe("key settings", () => {
  it("reads named keys as Supabase gives functions, or one key as a self-hoster sets it", () => {
    expect(parseConfig({ SUPABASE_PUBLISHABLE_KEYS: '{"default":"sb_publishable_a","web":"sb_publishable_b"}' }).publishableKeys).toEqual([
      "sb_publishable_a",
      "sb_publishable_b",
    ]);
    expect(parseConfig({ SUPABASE_SECRET_KEY: "sb_secret_a" }).secretKeys).toEqual(["sb_secret_a"]);
    expect(parseConfig({}).secretKeys).toEqual([]);
    // The value is a key: the message names the variable and the expected form, not the value.
    expect(() => parseConfig({ SUPABASE_SECRET_KEYS: "sb_secret_a" })).toThrow(
      /^SUPABASE_SECRET_KEYS must be a JSON object of named keys, like \{"default":"sb_…"\} \(it is not JSON\)$/,
    );
    expect(() => parseConfig({ SUPABASE_SECRET_KEYS: '["sb_secret_a"]' })).toThrow(/^SUPABASE_SECRET_KEYS must be a JSON object/);
  });

  it("reads a JWKS as {keys: [...]} or a bare array", () => {
    expect(parseConfig({ SUPABASE_JWKS: '{"keys":[{"kty":"EC"}]}' }).jwks).toEqual({ keys: [{ kty: "EC" }] });
    expect(parseConfig({ SUPABASE_JWKS: '[{"kty":"EC"}]' }).jwks).toEqual({ keys: [{ kty: "EC" }] });
    expect(parseConfig({}).jwks).toBeUndefined();
    expect(() => parseConfig({ SUPABASE_JWKS: '{"kty":"EC"}' })).toThrow(/^SUPABASE_JWKS must be a JSON Web Key Set/);
  });

  it("turns legacy HS256 on in local development or when a legacy key is set, and derives the JWKS address", () => {
    expect(parseConfig({}).legacyJwt).toBe(true);
    expect(parseConfig({ SUPABASE_JWKS: '{"keys":[]}' }).legacyJwt).toBe(false);
    const hosted = parseConfig({ SUPABASE_URL: "https://ref.supabase.co/", SUPABASE_ANON_KEY: "eyJ…" });
    expect(hosted).toMatchObject({
      localDevelopment: false,
      legacyJwt: false,
      jwksUrl: "https://ref.supabase.co/auth/v1/.well-known/jwks.json",
    });
    expect(parseConfig({ HOST: "0.0.0.0", JWT_SECRET: "x".repeat(40) }).legacyJwt).toBe(true);
    // Each secret has its own default; none follows JWT_SECRET.
    const custom = parseConfig({ JWT_SECRET: "y".repeat(40) });
    expect(custom.downloadSigningSecret).not.toContain("y".repeat(40));
    expect(custom.webhookSecretKey).not.toContain("y".repeat(40));
  });
});

describe("constant-time key matching", () => {
  it("matches any configured key exactly, nothing else", async () => {
    const match = createKeyMatcher([PUBLISHABLE, "sb_publishable_other"]);
    expect(await match(PUBLISHABLE)).toBe(true);
    expect(await match("sb_publishable_other")).toBe(true);
    expect(await match(PUBLISHABLE.slice(0, -1))).toBe(false);
    expect(await match(PUBLISHABLE + "x")).toBe(false);
    expect(await match("")).toBe(false);
    expect(await createKeyMatcher([])(PUBLISHABLE)).toBe(false);
  });
});

describe("project keys", () => {
  let es: SigningKey;
  let jwks: Awaited<ReturnType<typeof startJwksServer>>;
  beforeAll(async () => {
    es = await makeSigningKey("es-1");
    jwks = await startJwksServer([es]);
  });
  afterAll(() => jwks.close());

  const settings = (over: Partial<Parameters<typeof createProjectKeys>[0]> = {}) => ({
    publishableKeys: [PUBLISHABLE],
    secretKeys: [SECRET],
    legacyJwt: false,
    jwtSecret: SUPABASE_LOCAL_JWT_SECRET,
    ...over,
  });

  it("identifies publishable and secret keys, asymmetric and legacy JWTs", async () => {
    const keys = createProjectKeys(settings({ jwks: { keys: [es.publicJwk] }, legacyJwt: true }));
    expect(await keys.identify(PUBLISHABLE)).toBe("publishable");
    expect(await keys.identify(SECRET)).toBe("secret");
    expect(await keys.identify(await signRoleJwt(es, "anon"))).toBe("anon_jwt");
    expect(await keys.identify(await signRoleJwt(es, "service_role"))).toBe("service_role_jwt");
    expect(await keys.identify(SUPABASE_LOCAL_ANON_KEY)).toBe("anon_jwt");
    expect(await keys.identify(SUPABASE_LOCAL_SERVICE_ROLE_KEY)).toBe("service_role_jwt");
    expect(await keys.identify("sb_publishable_wrong")).toBeNull();
    expect(await keys.identify(await signRoleJwt(es, "authenticated"))).toBeNull();
  });

  it("verifies RS256 and EdDSA keys too", async () => {
    const rs = await makeSigningKey("rs-1", "RS256");
    const ed = await makeSigningKey("ed-1", "EdDSA");
    const keys = createProjectKeys(settings({ jwks: { keys: [rs.publicJwk, ed.publicJwk] } }));
    expect(await keys.identify(await signRoleJwt(rs, "anon"))).toBe("anon_jwt");
    expect(await keys.identify(await signRoleJwt(ed, "service_role"))).toBe("service_role_jwt");
  });

  it("refuses expired, forged, alg none, and HS256 tokens when only a JWKS is configured", async () => {
    const keys = createProjectKeys(settings({ jwks: { keys: [es.publicJwk] } }));
    expect(await keys.identify(await signRoleJwt(es, "anon", { exp: Math.floor(Date.now() / 1000) - 60 }))).toBeNull();
    const impostor = await makeSigningKey("es-1"); // same kid, another key
    expect(await keys.identify(await signRoleJwt(impostor, "service_role"))).toBeNull();
    const [h, , s] = (await signRoleJwt(es, "anon")).split(".");
    const payload = btoa(JSON.stringify({ role: "service_role", exp: 4102444800 })).replace(/=+$/, "");
    expect(await keys.identify(`${h}.${payload}.${s}`)).toBeNull();
    const none = new UnsecuredJWT({ role: "service_role" }).setExpirationTime("1h").encode();
    expect(await keys.identify(none)).toBeNull();
    expect(await keys.identify(SUPABASE_LOCAL_SERVICE_ROLE_KEY)).toBeNull();
    // An HS256 token whose HMAC key is the public JWK (the classic algorithm confusion).
    const confused = await new SignJWT({ role: "service_role" })
      .setProtectedHeader({ alg: "HS256", kid: "es-1" })
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(JSON.stringify(es.publicJwk)));
    expect(await keys.identify(confused)).toBeNull();
  });

  it("says which kinds are accepted", () => {
    const keys = createProjectKeys(settings({ jwksUrl: jwks.jwksUrl, legacyJwt: true }));
    expect(listKinds(keys.acceptedApikeys)).toMatch(
      /publishable key \(sb_publishable_…\), a secret key \(sb_secret_…\), .*asymmetric.* or a legacy anon or service_role JWT \(HS256\)/,
    );
    expect(keys.acceptedAdminKeys).not.toContain("a publishable key (sb_publishable_…)");
    expect(listKinds(createProjectKeys(settings({ publishableKeys: [], secretKeys: [] })).acceptedApikeys)).toMatch(/none is configured/);
  });
});

describe("remote JWKS", () => {
  it("is fetched once and cached, and a refetch for an unknown kid is rate-limited", async () => {
    const a = await makeSigningKey("a");
    const b = await makeSigningKey("b");
    const server = await startJwksServer([a]);
    try {
      const verifier = createJwtVerifier({ jwksUrl: server.jwksUrl });
      for (let i = 0; i < 5; i++) expect(await verifier.verify(await signRoleJwt(a, "anon"))).toBe("anon");
      expect(server.fetches()).toBe(1);
      server.publish([a, b]);
      // Within the cooldown (30 s) an unknown kid does not reach the JWKS server.
      expect(await verifier.verify(await signRoleJwt(b, "anon"))).toBeNull();
      expect(await verifier.verify(await signRoleJwt(b, "anon"))).toBeNull();
      expect(server.fetches()).toBe(1);
    } finally {
      await server.close();
    }
  });

  it("picks up a rotated key (new kid) and drops the old one", async () => {
    const a = await makeSigningKey("a");
    const b = await makeSigningKey("b");
    const server = await startJwksServer([a]);
    try {
      const verifier = createJwtVerifier({ jwksUrl: server.jwksUrl, jwksCooldownMs: 0 });
      const oldToken = await signRoleJwt(a, "service_role");
      expect(await verifier.verify(oldToken)).toBe("service_role");
      server.publish([b]); // rotation: b signs now, a is revoked
      expect(await verifier.verify(await signRoleJwt(b, "service_role"))).toBe("service_role");
      expect(server.fetches()).toBe(2);
      expect(await verifier.verify(oldToken)).toBeNull();
    } finally {
      await server.close();
    }
  });
});
