import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../support/databases.ts";
import type { Db, Queryable } from "../../shared/db/types.ts";
import {
  authenticateApiKey,
  createAccount,
  createApiKey,
  revokeApiKey,
  updateAccountTier,
} from "../../shared/accounts/account-repository.ts";
import { KEY_PRINCIPAL_TTL_MS } from "../../shared/accounts/key-principal-memory.ts";

/** The same database, counting the key lookups sent through it; `hold` delays the lookup's answer. */
function counting(db: Db): Queryable & { lookups: number; hold?: Promise<void> } {
  const q: Queryable & { lookups: number; hold?: Promise<void> } = {
    lookups: 0,
    query: async (text: string, params?: unknown[]) => {
      const isLookup = text.includes("from api_keys k join accounts");
      if (isLookup) q.lookups++;
      const rows = await db.query(text, params);
      if (isLookup && q.hold) await q.hold;
      return rows as never;
    },
    exec: (script: string) => db.exec(script),
  };
  return q;
}

for (const backend of testBackends()) {
  describe(`API keys remembered per process on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ db, close } = await backend.open());
    }, 120_000);
    afterAll(async () => {
      await close?.();
    });

    async function freshKey() {
      const account = await createAccount(db, "memory test", "starter");
      return { account, key: await createApiKey(db, account.id, "k") };
    }

    it("answers a verified key from memory, and a revocation made here at once", async () => {
      const { account, key } = await freshKey();
      const q = counting(db);
      const first = await authenticateApiKey(q, key.api_key);
      expect(first).toEqual({ accountId: account.id, keyId: key.id, tier: "starter" });
      expect(await authenticateApiKey(q, key.api_key)).toEqual(first);
      expect(q.lookups).toBe(1);

      await revokeApiKey(db, account.id, key.id);
      expect(await authenticateApiKey(q, key.api_key)).toBeNull();
      expect(q.lookups).toBe(2);
    });

    it("sees a revocation made by another instance within KEY_PRINCIPAL_TTL_MS, and no later", async () => {
      const { account, key } = await freshKey();
      const q = counting(db);
      const t0 = Date.now();
      expect(await authenticateApiKey(q, key.api_key, t0)).not.toBeNull();
      // Another instance revokes: the row changes, this process is not told.
      await db.query("update api_keys set revoked_at = now() where id = $1", [key.id]);
      expect(await authenticateApiKey(q, key.api_key, t0 + KEY_PRINCIPAL_TTL_MS - 1)).toMatchObject({ accountId: account.id });
      expect(await authenticateApiKey(q, key.api_key, t0 + KEY_PRINCIPAL_TTL_MS)).toBeNull();
      expect(q.lookups).toBe(2);
    });

    it("takes a tier change made here at once", async () => {
      const { account, key } = await freshKey();
      const q = counting(db);
      expect((await authenticateApiKey(q, key.api_key))?.tier).toBe("starter");
      await updateAccountTier(db, account.id, "growth");
      expect((await authenticateApiKey(q, key.api_key))?.tier).toBe("growth");
      expect(q.lookups).toBe(2);
    });

    it("does not remember a lookup that was under way while the key was revoked", async () => {
      const { account, key } = await freshKey();
      const q = counting(db);
      let release!: () => void;
      q.hold = new Promise<void>((r) => (release = r));
      const pending = authenticateApiKey(q, key.api_key);
      while (q.lookups === 0) await new Promise((r) => setTimeout(r, 1));
      await revokeApiKey(db, account.id, key.id);
      release();
      q.hold = undefined;
      // Read before the revocation: answered once (as without memory), but not kept.
      await pending;
      expect(await authenticateApiKey(q, key.api_key)).toBeNull();
    });

    it("never remembers an unknown key, and each database answers for itself", async () => {
      const q = counting(db);
      expect(await authenticateApiKey(q, `tds_${"x".repeat(40)}`)).toBeNull();
      expect(await authenticateApiKey(q, `tds_${"x".repeat(40)}`)).toBeNull();
      expect(q.lookups).toBe(2);

      const { key } = await freshKey();
      const other = counting(db);
      await authenticateApiKey(q, key.api_key);
      await authenticateApiKey(other, key.api_key);
      expect(other.lookups).toBe(1);
    });
  });
}
