import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";
import { DEFAULT_TIER_RATE_LIMITS, loadConfig, type RateLimitSettings } from "../../shared/runtime/config.ts";
import { clientAddress, rateLimitHeaders } from "../../shared/http/rate-limit-policy.ts";

const HOUR = 3600; // long windows: a burst cannot straddle a window boundary and reset mid-test

function settings(extra: Partial<RateLimitSettings> = {}): RateLimitSettings {
  return {
    enabled: true,
    windowSeconds: HOUR,
    tiers: { ...DEFAULT_TIER_RATE_LIMITS, free: { requests: 5, submissions: 2 }, growth: { requests: 8, submissions: 3 } },
    publicPerAddress: 3,
    trustedProxies: 1,
    ...extra,
  };
}

/** Parses `"name";a=1;b=2, "other";…` (the draft's structured-field lists) into {name: {a: 1, b: 2}}. */
function parseList(field: string | null): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const item of (field ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name, ...params] = item.split(";");
    out[JSON.parse(name)] = Object.fromEntries(params.map((p) => p.split("=")).map(([k, v]) => [k, Number(v)]));
  }
  return out;
}

describe("rate limit fields and client address (pure)", () => {
  it("writes the draft's structured fields, remaining never below zero, Retry-After only when exceeded", () => {
    const policy = { name: "requests" as const, quota: 10, windowSeconds: 60, partition: "key:x:requests" };
    expect(rateLimitHeaders([{ policy, hits: 3, resetSeconds: 17 }])).toEqual({
      "RateLimit-Policy": '"requests";q=10;w=60',
      RateLimit: '"requests";r=7;t=17',
    });
    expect(rateLimitHeaders([{ policy, hits: 12, resetSeconds: 9 }])).toEqual({
      "RateLimit-Policy": '"requests";q=10;w=60',
      RateLimit: '"requests";r=0;t=9',
      "Retry-After": "9",
    });
    expect(rateLimitHeaders([])).toEqual({});
  });

  it("believes X-Forwarded-For only as far as the configured proxies reach", () => {
    expect(clientAddress("203.0.113.9", "10.0.0.2", 0)).toBe("10.0.0.2");
    expect(clientAddress("203.0.113.9", "10.0.0.2", 1)).toBe("203.0.113.9");
    // The client wrote the left part itself; one trusted proxy appended the real address.
    expect(clientAddress("1.1.1.1, 203.0.113.9", "10.0.0.2", 1)).toBe("203.0.113.9");
    expect(clientAddress("1.1.1.1, 203.0.113.9, 10.0.0.7", "10.0.0.2", 2)).toBe("203.0.113.9");
    expect(clientAddress(undefined, "::ffff:127.0.0.1", 1)).toBe("127.0.0.1");
    expect(clientAddress(undefined, undefined, 0)).toBe("unknown");
  });

  it("has sane defaults for production, configurable from the environment, and can be turned off", () => {
    const env = process.env;
    const saved = { ...env };
    try {
      delete env.TDS_RATE_LIMITS;
      const d = loadConfig().rateLimits;
      expect(d).toMatchObject({ enabled: true, windowSeconds: 60, publicPerAddress: 60, trustedProxies: 0 });
      expect(d.tiers.free).toEqual({ requests: 60, submissions: 10 });
      Object.assign(env, {
        TDS_RATE_LIMITS: "off",
        TDS_RATE_LIMIT_FREE: "100,20",
        TDS_RATE_LIMIT_PUBLIC: "7",
        TDS_RATE_LIMIT_WINDOW_SECONDS: "10",
        TDS_TRUSTED_PROXIES: "2",
      });
      expect(loadConfig().rateLimits).toMatchObject({
        enabled: false,
        windowSeconds: 10,
        publicPerAddress: 7,
        trustedProxies: 2,
        tiers: { free: { requests: 100, submissions: 20 } },
      });
      env.TDS_RATE_LIMIT_FREE = "100";
      expect(() => loadConfig()).toThrow(/TDS_RATE_LIMIT_FREE/);
    } finally {
      for (const k of Object.keys(env)) if (!(k in saved)) delete env[k];
      Object.assign(env, saved);
    }
  });
});

for (const backend of testBackends()) {
  describe(`request rate limits on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    let gw: TestGateway;

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      gw = await createTestGateway(db);
    });
    afterAll(async () => {
      await close?.();
    });

    it("a key's burst gets 429 with Retry-After and the RateLimit fields; other keys and accounts are untouched", async () => {
      gw.config.rateLimits = settings();
      const a = await gw.createAccount("free", "A");
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await gw.call("GET", "/api/v1/account", { apiKey: a.apiKey }));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
      for (const [i, r] of answers.slice(0, 5).entries()) {
        expect(parseList(r.headers.get("ratelimit-policy"))).toEqual({ requests: { q: 5, w: HOUR } });
        const state = parseList(r.headers.get("ratelimit")).requests;
        expect(state.r).toBe(4 - i);
        expect(state.t).toBeGreaterThan(0);
        expect(state.t).toBeLessThanOrEqual(HOUR);
        expect(r.headers.get("retry-after")).toBeNull();
      }
      const limited = answers[5];
      expect(limited.body.error).toMatchObject({ code: "SVC_RATE_001", policy: "requests", limit: 5, window_seconds: HOUR });
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBe(parseList(limited.headers.get("ratelimit")).requests.t);
      expect(parseList(limited.headers.get("ratelimit")).requests.r).toBe(0);

      // A key of another account has its own budget.
      const b = await gw.createAccount("free", "B");
      const r = await gw.call("GET", "/api/v1/account", { apiKey: b.apiKey });
      expect(r.status).toBe(200);
      expect(parseList(r.headers.get("ratelimit")).requests.r).toBe(4);
      expect((await gw.call("GET", "/api/v1/account", { apiKey: a.apiKey })).status).toBe(429);
    });

    it("a second key of the same account is not limited by the first key's burst", async () => {
      gw.config.rateLimits = settings({ tiers: { ...settings().tiers, growth: { requests: 1000, submissions: 3 } } });
      const { apiKey } = await gw.createAccount("growth", "C");
      const second = (await gw.call("POST", "/api/v1/api-keys", { apiKey, body: { name: "second" } })).body.api_key as string;
      gw.config.rateLimits = settings();
      while ((await gw.call("GET", "/api/v1/account", { apiKey })).status !== 429);
      const r = await gw.call("GET", "/api/v1/account", { apiKey: second });
      expect(r.status).toBe(200);
      expect(parseList(r.headers.get("ratelimit")).requests).toMatchObject({ r: 7 });
    });

    it("generation and extraction submissions spend a budget of their own on top", async () => {
      gw.config.rateLimits = settings();
      const { apiKey } = await gw.createAccount("growth", "D");
      // Counted on arrival, before the body is read: refused submissions count too.
      const submit = () => gw.call("POST", "/functions/v1/generate-documents", { apiKey, anon: true, body: {} });
      const extract = () => gw.fetch("/api/v1/extract", { method: "POST", headers: { authorization: `Bearer ${apiKey}` } });
      const first = await submit();
      expect(first.status).toBe(400);
      expect(parseList(first.headers.get("ratelimit-policy"))).toEqual({ requests: { q: 8, w: HOUR }, submissions: { q: 3, w: HOUR } });
      expect(parseList(first.headers.get("ratelimit"))).toMatchObject({ requests: { r: 7 }, submissions: { r: 2 } });
      expect((await extract()).status).toBe(415);
      expect((await submit()).status).toBe(400);
      const limited = await extract();
      expect(limited.status).toBe(429);
      expect((await limited.json()).error).toMatchObject({ code: "SVC_RATE_001", policy: "submissions", limit: 3 });
      expect(parseList(limited.headers.get("ratelimit")).submissions.r).toBe(0);
      // Other calls still have budget left.
      const other = await gw.call("GET", "/api/v1/account", { apiKey });
      expect(other.status).toBe(200);
      expect(parseList(other.headers.get("ratelimit-policy"))).toEqual({ requests: { q: 8, w: HOUR } });
    });

    it("public endpoints are limited per client address; X-Forwarded-For counts only from the trusted proxy", async () => {
      gw.config.rateLimits = settings();
      const verify = (xff?: string) =>
        gw.call("GET", "/functions/v1/verify-hash?hash=" + "a".repeat(64), { headers: xff ? { "x-forwarded-for": xff } : {} });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await verify("203.0.113.5")).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
      const limited = await verify("198.51.100.1, 203.0.113.5"); // a forged left part changes nothing
      expect(limited.status).toBe(429);
      expect(limited.body.error).toMatchObject({ code: "SVC_RATE_001", policy: "public", limit: 3 });
      expect(parseList(limited.headers.get("ratelimit-policy"))).toEqual({ public: { q: 3, w: HOUR } });
      expect((await verify("203.0.113.6")).status).toBe(404);
      expect(
        (await gw.call("GET", "/functions/v1/document-field-requirements", { headers: { "x-forwarded-for": "203.0.113.5" } })).status,
      ).toBe(429);

      // Without a trusted proxy the header is ignored: every request here comes from the same (unknown) peer.
      gw.config.rateLimits = settings({ trustedProxies: 0 });
      const direct = [];
      for (let i = 0; i < 4; i++) direct.push((await verify(`192.0.2.${i}`)).status);
      expect(direct).toEqual([404, 404, 404, 429]);
    });

    it("a spent budget is whole again once its window resets (Retry-After is when)", async () => {
      gw.config.rateLimits = settings({ windowSeconds: 2 });
      const { apiKey } = await gw.createAccount("free", "E");
      let limited;
      for (let i = 0; i < 20 && !limited; i++) {
        const r = await gw.call("GET", "/api/v1/account", { apiKey });
        if (r.status === 429) limited = r;
      }
      expect(limited).toBeDefined();
      const wait = Number(limited!.headers.get("retry-after"));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(2);
      await new Promise((r) => setTimeout(r, wait * 1000 + 100));
      const after = await gw.call("GET", "/api/v1/account", { apiKey });
      expect(after.status).toBe(200);
      expect(parseList(after.headers.get("ratelimit")).requests.r).toBe(4);
    });

    it("admin calls and a disabled limiter set no fields", async () => {
      gw.config.rateLimits = settings();
      const admin = await gw.call("GET", "/api/v1/accounts", { headers: { authorization: `Bearer ${gw.config.serviceRoleKey}` } });
      expect(admin.headers.get("ratelimit")).toBeNull();
      gw.config.rateLimits = settings({ enabled: false });
      const { apiKey } = await gw.createAccount("free", "F");
      const r = await gw.call("GET", "/api/v1/account", { apiKey });
      expect(r.status).toBe(200);
      expect(r.headers.get("ratelimit")).toBeNull();
    });
  });
}
