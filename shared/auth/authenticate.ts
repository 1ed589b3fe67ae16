import { AppError } from "../errors/app-error.ts";
import type { Services } from "../runtime/services.ts";
import { looksLikeApiKey } from "../accounts/api-key-secret.ts";
import { listKinds, projectKeysFor } from "./project-keys.ts";
import { authenticateApiKey, type KeyPrincipal } from "../accounts/account-repository.ts";
import { PLATFORM_ERRORS } from "../errors/platform-errors.ts";
import { refusedKeyError } from "../accounts/key-recheck.ts";

/**
 * public: no credentials. api-key: `Authorization: Bearer <API key>` (REST).
 * function: also `apikey: <project key>` (Supabase function convention): a publishable or secret key,
 * or an anon/service_role JWT. service-role: `Authorization: Bearer <secret key or service_role JWT>` (admin).
 */
export type AuthMode = "public" | "api-key" | "function" | "service-role";

function bearer(headers: Headers): string | null {
  const header = headers.get("authorization");
  const m = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return m ? m[1] : null;
}

/**
 * The principal of a request's credentials under the route's auth mode (null when it names no account);
 * AppError when they fail. `keyMemory`: the route's write re-checks the key (key-recheck.ts), so a key
 * this process verified a moment ago may be answered from memory (authenticateApiKey).
 */
export async function authenticate(
  headers: Headers,
  { config, db }: Pick<Services, "config" | "db">,
  mode: AuthMode,
  { keyMemory = false }: { keyMemory?: boolean } = {},
): Promise<KeyPrincipal | null> {
  if (mode === "public") return null;
  const keys = projectKeysFor(config);
  if (mode === "service-role") {
    const token = bearer(headers);
    const kind = token ? await keys.identify(token) : null;
    if (kind !== "secret" && kind !== "service_role_jwt") {
      throw new AppError(
        PLATFORM_ERRORS.SVC_AUTH_003,
        `Admin endpoints need Authorization: Bearer <key>, where the key is ${listKinds(keys.acceptedAdminKeys)}`,
        {
          details: { accepted: keys.acceptedAdminKeys },
        },
      );
    }
    return null;
  }
  if (mode === "function") {
    const apikey = headers.get("apikey")?.trim();
    if (!apikey || !(await keys.identify(apikey))) {
      throw new AppError(PLATFORM_ERRORS.SVC_AUTH_002, `Function endpoints need the header apikey: ${listKinds(keys.acceptedApikeys)}`, {
        details: { accepted: keys.acceptedApikeys },
      });
    }
  }
  const token = bearer(headers);
  if (!token) throw new AppError(PLATFORM_ERRORS.SVC_AUTH_001, "Missing API key: send Authorization: Bearer <API key>");
  const principal = looksLikeApiKey(token) ? await authenticateApiKey(db, token, { memory: keyMemory }) : null;
  if (!principal) throw refusedKeyError();
  return principal;
}
