import type { Context } from "hono";
import { AppError } from "../http/app-error.ts";
import type { AppEnv } from "../http/app-env.ts";
import { looksLikeApiKey } from "../accounts/api-key-secret.ts";
import { listKinds, projectKeysFor } from "./project-keys.ts";
import { authenticateApiKey, type KeyPrincipal } from "../accounts/account-repository.ts";

/**
 * public: no credentials. api-key: `Authorization: Bearer <API key>` (REST).
 * function: also `apikey: <project key>` (Supabase function convention): a publishable or secret key,
 * or an anon/service_role JWT. service-role: `Authorization: Bearer <secret key or service_role JWT>` (admin).
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
  const keys = projectKeysFor(config);
  if (mode === "service-role") {
    const token = bearer(c);
    const kind = token ? await keys.identify(token) : null;
    if (kind !== "secret" && kind !== "service_role_jwt") {
      throw new AppError(
        "SVC_AUTH_003",
        `Admin endpoints need Authorization: Bearer <key>, where the key is ${listKinds(keys.acceptedAdminKeys)}`,
        {
          details: { accepted: keys.acceptedAdminKeys },
        },
      );
    }
    return null;
  }
  if (mode === "function") {
    const apikey = c.req.header("apikey")?.trim();
    if (!apikey || !(await keys.identify(apikey))) {
      throw new AppError("SVC_AUTH_002", `Function endpoints need the header apikey: ${listKinds(keys.acceptedApikeys)}`, {
        details: { accepted: keys.acceptedApikeys },
      });
    }
  }
  const token = bearer(c);
  if (!token) throw new AppError("SVC_AUTH_001", "Missing API key: send Authorization: Bearer <API key>");
  const principal = looksLikeApiKey(token) ? await authenticateApiKey(db, token) : null;
  if (!principal) throw new AppError("SVC_AUTH_001", "Invalid or revoked API key");
  c.set("principal", principal);
  return principal;
}
