import type { Context } from "hono";
import { AppError } from "../http/app-error.ts";
import type { AppEnv } from "../http/app-env.ts";
import { verifyRoleJwt } from "./jwt-keys.ts";
import { looksLikeApiKey } from "./api-key-secret.ts";
import { authenticateApiKey, type KeyPrincipal } from "../accounts/account-repository.ts";

/**
 * public: no credentials. api-key: `Authorization: Bearer <API key>` (REST).
 * function: also `apikey: <anon or service_role JWT>` (Supabase function convention).
 * service-role: `Authorization: Bearer <service_role JWT>` (admin endpoints).
 */
export type AuthMode = "public" | "api-key" | "function" | "service-role";

function bearer(c: Context): string | null {
  const header = c.req.header("authorization");
  const m = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return m ? m[1] : null;
}

export async function authenticate(c: Context<AppEnv>, mode: AuthMode): Promise<KeyPrincipal | null> {
  if (mode === "public") return null;
  const { config, db } = c.var.services;
  if (mode === "service-role") {
    const token = bearer(c);
    if (!token || (await verifyRoleJwt(token, config.jwtSecret)) !== "service_role") {
      throw new AppError("SVC_AUTH_003", "Admin endpoints need Authorization: Bearer <service_role key>");
    }
    return null;
  }
  if (mode === "function") {
    const apikey = c.req.header("apikey");
    if (!apikey || !(await verifyRoleJwt(apikey, config.jwtSecret))) {
      throw new AppError("SVC_AUTH_002", "Function endpoints need the header apikey: <anon key> (a valid anon or service_role JWT)");
    }
  }
  const token = bearer(c);
  if (!token) throw new AppError("SVC_AUTH_001", "Missing API key: send Authorization: Bearer <API key>");
  const principal = looksLikeApiKey(token) ? await authenticateApiKey(db, token) : null;
  if (!principal) throw new AppError("SVC_AUTH_001", "Invalid or revoked API key");
  c.set("principal", principal);
  return principal;
}
