/**
 * API keys as the REST API (account-management/api-keys-router.ts) and the dashboard (Settings > API keys) both handle
 * them: one name rule, and the same create, list, find and revoke (SQL in account-repository.ts).
 */
import type { Queryable } from "../db/types.ts";
import { listApiKeys, type ApiKeyRecord } from "./account-repository.ts";

export { createApiKey, listApiKeys, revokeApiKey, type ApiKeyRecord, type CreatedApiKey } from "./account-repository.ts";

/** A key's name says where it is used; it is trimmed, and 1 to this many characters long. */
export const API_KEY_NAME_MAX = 200;

/** What is wrong with a (trimmed) key name, or null. */
export function apiKeyNameProblem(name: string): "missing" | "too_long" | null {
  if (!name) return "missing";
  return name.length > API_KEY_NAME_MAX ? "too_long" : null;
}

/** One key of the account (revoked ones too), or null. */
export async function findApiKey(db: Queryable, accountId: string, id: string): Promise<ApiKeyRecord | null> {
  return (await listApiKeys(db, accountId)).find((k) => k.id === id) ?? null;
}
