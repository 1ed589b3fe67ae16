import type { Queryable, Row } from "../db/types.ts";
import { generateApiKey, hashApiKey } from "./api-key-secret.ts";
import type { Tier } from "./tiers.ts";
import { isUuid, toIso } from "../db/values.ts";
import {
  forgetKeyPrincipals,
  type KeyPrincipal,
  lookupGeneration,
  rememberedPrincipal,
  rememberPrincipal,
} from "./key-principal-memory.ts";

export type { KeyPrincipal };

export interface Account {
  id: string;
  name: string;
  tier: Tier;
  created_at: string;
  updated_at: string;
}

export interface ApiKeyRecord {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface CreatedApiKey extends ApiKeyRecord {
  /** The secret, returned only once at creation. */
  api_key: string;
}

function toAccount(r: Row): Account {
  return {
    id: r.id as string,
    name: r.name as string,
    tier: r.tier as Tier,
    created_at: toIso(r.created_at)!,
    updated_at: toIso(r.updated_at)!,
  };
}

function toKey(r: Row): ApiKeyRecord {
  return {
    id: r.id as string,
    name: r.name as string,
    prefix: r.prefix as string,
    created_at: toIso(r.created_at)!,
    last_used_at: toIso(r.last_used_at),
    revoked_at: toIso(r.revoked_at),
  };
}

export async function createAccount(db: Queryable, name: string, tier: Tier): Promise<Account> {
  const rows = await db.query("insert into accounts (name, tier) values ($1, $2) returning *", [name, tier]);
  return toAccount(rows[0]);
}

export async function findAccount(db: Queryable, id: string): Promise<Account | null> {
  if (!isUuid(id)) return null;
  const rows = await db.query("select * from accounts where id = $1", [id]);
  return rows[0] ? toAccount(rows[0]) : null;
}

export async function updateAccountTier(db: Queryable, id: string, tier: Tier): Promise<Account | null> {
  if (!isUuid(id)) return null;
  const rows = await db.query("update accounts set tier = $2, updated_at = now() where id = $1 returning *", [id, tier]);
  forgetKeyPrincipals({ accountId: id });
  return rows[0] ? toAccount(rows[0]) : null;
}

export async function countAccounts(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>("select count(*)::int as n from accounts");
  return rows[0].n;
}

export async function createApiKey(db: Queryable, accountId: string, name: string): Promise<CreatedApiKey> {
  const { key, prefix } = generateApiKey();
  const rows = await db.query("insert into api_keys (account_id, name, prefix, key_hash) values ($1, $2, $3, $4) returning *", [
    accountId,
    name,
    prefix,
    await hashApiKey(key),
  ]);
  return { ...toKey(rows[0]), api_key: key };
}

export async function listApiKeys(db: Queryable, accountId: string): Promise<ApiKeyRecord[]> {
  const rows = await db.query("select * from api_keys where account_id = $1 order by created_at desc, id", [accountId]);
  return rows.map(toKey);
}

/**
 * Revocation takes effect at once on every instance: a key is answered from memory only to routes whose
 * write re-checks it (key-recheck.ts), and this instance forgets it too once the update is done.
 */
export async function revokeApiKey(db: Queryable, accountId: string, keyId: string): Promise<ApiKeyRecord | null> {
  if (!isUuid(keyId)) return null;
  const rows = await db.query(
    `update api_keys set revoked_at = coalesce(revoked_at, now())
     where id = $1 and account_id = $2 returning *`,
    [keyId, accountId],
  );
  forgetKeyPrincipals({ keyId });
  return rows[0] ? toKey(rows[0]) : null;
}

/**
 * The principal of a presented key, looked up by its hash. With `memory` (for a route whose write
 * re-checks the key, key-recheck.ts) it may come from memory instead, when this process verified the key
 * less than KEY_PRINCIPAL_TTL_MS ago (key-principal-memory.ts); it is then marked fromMemory. Every
 * lookup is remembered; unknown and revoked keys never are, so a new key works at once.
 */
export async function authenticateApiKey(
  db: Queryable,
  key: string,
  { memory = false, now = Date.now() }: { memory?: boolean; now?: number } = {},
): Promise<KeyPrincipal | null> {
  const keyHash = await hashApiKey(key);
  const remembered = memory ? rememberedPrincipal(db, keyHash, now) : null;
  if (remembered) return remembered;
  const startedAt = lookupGeneration();
  const principal = await lookupApiKey(db, keyHash);
  if (principal) rememberPrincipal(db, keyHash, principal, now, startedAt);
  return principal;
}

/** Looks a key up by its hash; records last use at most once a minute to spare writes. */
async function lookupApiKey(db: Queryable, keyHash: string): Promise<KeyPrincipal | null> {
  const rows = await db.query<{ id: string; account_id: string; tier: Tier; stale: boolean }>(
    `select k.id, k.account_id, a.tier,
            (k.last_used_at is null or k.last_used_at < now() - interval '60 seconds') as stale
       from api_keys k join accounts a on a.id = k.account_id
      where k.key_hash = $1 and k.revoked_at is null`,
    [keyHash],
  );
  const row = rows[0];
  if (!row) return null;
  // Idempotent (a second "now" is as good as the first): sent again after a lost connection.
  if (row.stale) await db.query("update api_keys set last_used_at = now() where id = $1", [row.id], { idempotent: true });
  return { accountId: row.account_id, keyId: row.id, tier: row.tier };
}
