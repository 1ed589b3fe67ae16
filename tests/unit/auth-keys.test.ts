import { describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { verifyRoleJwt } from "../../shared/auth/jwt-keys.ts";
import { generateApiKey, hashApiKey, looksLikeApiKey } from "../../shared/accounts/api-key-secret.ts";
import { SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_JWT_SECRET, SUPABASE_LOCAL_SERVICE_ROLE_KEY } from "../../shared/runtime/config.ts";

describe("Supabase local keys", () => {
  it("verifies the CLI's default anon and service_role JWTs with the default secret", async () => {
    expect(await verifyRoleJwt(SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_JWT_SECRET)).toBe("anon");
    expect(await verifyRoleJwt(SUPABASE_LOCAL_SERVICE_ROLE_KEY, SUPABASE_LOCAL_JWT_SECRET)).toBe("service_role");
  });

  it("rejects a wrong secret, a tampered token, another role and an expired token", async () => {
    expect(await verifyRoleJwt(SUPABASE_LOCAL_ANON_KEY, "another-secret-with-at-least-32-characters!!")).toBeNull();
    const [h, , s] = SUPABASE_LOCAL_ANON_KEY.split(".");
    const forged = btoa(JSON.stringify({ iss: "supabase-demo", role: "service_role", exp: 1983812996 })).replace(/=+$/, "");
    expect(await verifyRoleJwt(`${h}.${forged}.${s}`, SUPABASE_LOCAL_JWT_SECRET)).toBeNull();
    const secret = new TextEncoder().encode(SUPABASE_LOCAL_JWT_SECRET);
    const authenticated = await new SignJWT({ role: "authenticated" }).setProtectedHeader({ alg: "HS256" }).sign(secret);
    expect(await verifyRoleJwt(authenticated, SUPABASE_LOCAL_JWT_SECRET)).toBeNull();
    const expired = await new SignJWT({ role: "anon" }).setProtectedHeader({ alg: "HS256" }).setExpirationTime(1000).sign(secret);
    expect(await verifyRoleJwt(expired, SUPABASE_LOCAL_JWT_SECRET)).toBeNull();
    expect(await verifyRoleJwt("not-a-jwt", SUPABASE_LOCAL_JWT_SECRET)).toBeNull();
  });
});

describe("API key secrets", () => {
  it("are random, prefixed, recognisable and hashed to 64 hex characters", async () => {
    const a = generateApiKey();
    const b = generateApiKey();
    expect(a.key).not.toBe(b.key);
    expect(a.key).toMatch(/^tds_[A-Za-z0-9_-]{40}$/);
    expect(looksLikeApiKey(a.key)).toBe(true);
    expect(a.key.startsWith(a.prefix)).toBe(true);
    expect(a.prefix).toHaveLength(12);
    const h = await hashApiKey(a.key);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toContain(a.key.slice(4));
    expect(await hashApiKey(a.key)).toBe(h);
    expect(looksLikeApiKey("tds_short")).toBe(false);
  });
});
