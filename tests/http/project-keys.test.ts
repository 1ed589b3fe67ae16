import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SignJWT, UnsecuredJWT } from "jose";
import { openTestPglite } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import { makeSigningKey, signRoleJwt, startJwksServer, type SigningKey } from "../support/jwks-server.ts";
import { SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_SERVICE_ROLE_KEY } from "../../shared/runtime/config.ts";
import type { Db } from "../../shared/db/types.ts";

const PUBLISHABLE = "sb_publishable_" + "Q7hV2mKcLr9XbT4nE1sWfA_dZ3yJ";
const SECRET = "sb_secret_" + "N5kP8tRz2LwQ6vYc1HbM_xJ4sDa9";

/**
 * A project on today's Supabase keys: publishable and secret keys, an asymmetric signing key whose JWKS
 * is served on 127.0.0.1, and no legacy JWT secret. Every call goes through the real gateway.
 */
describe("current Supabase keys (publishable/secret keys, JWKS, no legacy secret)", () => {
  let db: Db;
  let gw: TestGateway;
  let signing: SigningKey;
  let jwks: Awaited<ReturnType<typeof startJwksServer>>;
  let apiKey: string;

  beforeAll(async () => {
    db = await openTestPglite();
    signing = await makeSigningKey("project-key-1");
    jwks = await startJwksServer([signing]);
    gw = await createTestGateway(db, {
      publishableKeys: [PUBLISHABLE],
      secretKeys: [SECRET],
      jwksUrl: jwks.jwksUrl,
      jwks: undefined,
      legacyJwt: false,
    });
    const created = await gw.call("POST", "/api/v1/accounts", {
      body: { name: "New keys", tier: "growth" },
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(created.status).toBe(201);
    apiKey = created.body.api_key;
  });
  afterAll(async () => {
    await jwks.close();
    await db.close();
  });

  const listShipments = (apikey: string) => gw.call("GET", "/functions/v1/get-shipment?status=created", { apiKey, headers: { apikey } });
  const createAccount = (adminKey: string) =>
    gw.call("POST", "/api/v1/accounts", { body: { name: "x", tier: "free" }, headers: { authorization: `Bearer ${adminKey}` } });

  it("accepts publishable and secret keys and asymmetric anon/service_role JWTs as apikey", async () => {
    expect((await listShipments(PUBLISHABLE)).status).toBe(200);
    expect((await listShipments(SECRET)).status).toBe(200);
    expect((await listShipments(await signRoleJwt(signing, "anon"))).status).toBe(200);
    expect((await listShipments(await signRoleJwt(signing, "service_role"))).status).toBe(200);
    // Fetched once, then served from the cache: no network call per request.
    expect(jwks.fetches()).toBe(1);
  });

  it("lets a secret key or a service_role JWT call the admin endpoints", async () => {
    expect((await createAccount(SECRET)).status).toBe(201);
    expect((await createAccount(await signRoleJwt(signing, "service_role"))).status).toBe(201);
  });

  function expectRefusal(r: { status: number; body: any }, code: string, accepted: RegExp) {
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe(code);
    expect(r.body.error.message).toMatch(accepted);
    expect(Array.isArray(r.body.error.accepted)).toBe(true);
  }

  it("refuses a wrong key, expired or forged JWTs, alg none and HS256 tokens, saying what is accepted", async () => {
    const apikeyKinds =
      /publishable key \(sb_publishable_…\), a secret key \(sb_secret_…\) or an? anon or service_role JWT signed with the project's asymmetric key/;
    const expired = await signRoleJwt(signing, "anon", { exp: Math.floor(Date.now() / 1000) - 10 });
    const forger = await makeSigningKey("project-key-1");
    const forged = await signRoleJwt(forger, "service_role");
    const none = new UnsecuredJWT({ role: "anon" }).setExpirationTime("1h").encode();
    const hs256 = await new SignJWT({ role: "anon" })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("x".repeat(40)));
    for (const bad of [
      PUBLISHABLE.slice(0, -1) + "x",
      "sb_secret_wrong",
      expired,
      forged,
      none,
      hs256,
      SUPABASE_LOCAL_ANON_KEY,
      SUPABASE_LOCAL_SERVICE_ROLE_KEY,
    ]) {
      expectRefusal(await listShipments(bad), "SVC_AUTH_002", apikeyKinds);
    }
    expectRefusal(await gw.call("GET", "/functions/v1/get-shipment?status=created", { apiKey }), "SVC_AUTH_002", apikeyKinds);
  });

  it("refuses a publishable key, an anon JWT or a legacy key on an admin endpoint", async () => {
    const adminKinds =
      /Authorization: Bearer <key>, where the key is a secret key \(sb_secret_…\) or a service_role JWT signed with the project's asymmetric key/;
    for (const bad of [PUBLISHABLE, await signRoleJwt(signing, "anon"), SUPABASE_LOCAL_SERVICE_ROLE_KEY, apiKey]) {
      expectRefusal(await createAccount(bad), "SVC_AUTH_003", adminKinds);
    }
    expect(jwks.fetches()).toBe(1);
  });
});

describe("legacy keys beside the new ones (local development)", () => {
  it("accepts the legacy HS256 keys and says so in a refusal", async () => {
    const db = await openTestPglite();
    try {
      const gw = await createTestGateway(db, {
        publishableKeys: [PUBLISHABLE],
        secretKeys: [],
        jwks: undefined,
        jwksUrl: undefined,
        legacyJwt: true,
      });
      const { apiKey } = await gw.createAccount();
      expect((await gw.call("GET", "/functions/v1/get-shipment?status=created", { apiKey, anon: true })).status).toBe(200);
      expect((await gw.call("GET", "/functions/v1/get-shipment?status=created", { apiKey, headers: { apikey: PUBLISHABLE } })).status).toBe(
        200,
      );
      const refused = await gw.call("GET", "/functions/v1/get-shipment?status=created", { apiKey, headers: { apikey: "nope" } });
      expect(refused.status).toBe(401);
      expect(refused.body.error.message).toBe(
        "Function endpoints need the header apikey: a publishable key (sb_publishable_…) or a legacy anon or service_role JWT (HS256)",
      );
    } finally {
      await db.close();
    }
  });
});

describe("a deployed function without its own secrets", () => {
  it("answers 503 SVC_CONFIG_001 naming the variables, and logs one line per variable", async () => {
    const saved = { ...process.env };
    const logged: string[] = [];
    const error = vi.spyOn(console, "error").mockImplementation((line: string) => void logged.push(line));
    Object.assign(process.env, { SUPABASE_URL: "http://127.0.0.1:9", TDS_DOWNLOAD_SECRET: "", TDS_WEBHOOK_SECRET_KEY: "" });
    try {
      vi.resetModules(); // a fresh isolate, as on Supabase: services come from the environment
      const { app } = await import("../../functions/get-shipment/index.ts");
      const r = await app.request("/get-shipment?status=created", { headers: { apikey: PUBLISHABLE, authorization: "Bearer tds_x" } });
      expect(r.status).toBe(503);
      const body = await r.json();
      expect(body.error.code).toBe("SVC_CONFIG_001");
      expect(body.error.message).toContain("TDS_DOWNLOAD_SECRET, TDS_WEBHOOK_SECRET_KEY");
      expect(logged).toEqual([
        expect.stringMatching(/^TDS_DOWNLOAD_SECRET is not set/),
        expect.stringMatching(/^TDS_WEBHOOK_SECRET_KEY is not set/),
        expect.stringMatching(/^TDS_CREDENTIAL_KEYS is not set/),
      ]);
    } finally {
      process.env = saved;
      error.mockRestore();
      vi.resetModules();
    }
  });

  it("answers 503 SVC_CONFIG_001 for a setting it cannot read (never a 500), and logs the variable", async () => {
    const saved = { ...process.env };
    const logged: string[] = [];
    const error = vi.spyOn(console, "error").mockImplementation((line: string) => void logged.push(line));
    Object.assign(process.env, { TDS_WEBHOOK_TIMEOUT_MS: "10s" });
    try {
      vi.resetModules();
      const { app } = await import("../../functions/get-shipment/index.ts");
      const r = await app.request("/get-shipment?status=created", { headers: { apikey: PUBLISHABLE, authorization: "Bearer tds_x" } });
      expect(r.status).toBe(503);
      const body = await r.json();
      expect(body.error.code).toBe("SVC_CONFIG_001");
      expect(body.error.message).toContain("TDS_WEBHOOK_TIMEOUT_MS");
      expect(logged).toEqual(['TDS_WEBHOOK_TIMEOUT_MS must be an integer ≥ 1, got "10s"']);
    } finally {
      process.env = saved;
      error.mockRestore();
      vi.resetModules();
    }
  });
});
