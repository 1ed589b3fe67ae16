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
import { insertValidationRecord } from "../../shared/validation/validation-record-repository.ts";

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

    it("answers a verified key from memory only when asked to (marked fromMemory), and a revocation made here at once", async () => {
      const { account, key } = await freshKey();
      const q = counting(db);
      const first = await authenticateApiKey(q, key.api_key);
      expect(first).toEqual({ accountId: account.id, keyId: key.id, tier: "starter" });
      // Without memory (every route but those that re-check the key in their write): looked up each time.
      expect(await authenticateApiKey(q, key.api_key)).toEqual(first);
      expect(q.lookups).toBe(2);
      expect(await authenticateApiKey(q, key.api_key, { memory: true })).toEqual({ ...first, fromMemory: true });
      expect(q.lookups).toBe(2);

      await revokeApiKey(db, account.id, key.id);
      expect(await authenticateApiKey(q, key.api_key, { memory: true })).toBeNull();
      expect(q.lookups).toBe(3);
    });

    it("a revocation by another instance: refused at once without memory, remembered at most KEY_PRINCIPAL_TTL_MS with it", async () => {
      const { account, key } = await freshKey();
      const q = counting(db);
      const t0 = Date.now();
      expect(await authenticateApiKey(q, key.api_key, { now: t0 })).not.toBeNull();
      // Another instance revokes: the row changes, this process is not told.
      await db.query("update api_keys set revoked_at = now() where id = $1", [key.id]);
      expect(await authenticateApiKey(q, key.api_key, { now: t0 + 1 })).toBeNull();
      // From memory the key still looks valid: only a route whose write re-checks it may ask for that.
      expect(await authenticateApiKey(q, key.api_key, { memory: true, now: t0 + KEY_PRINCIPAL_TTL_MS - 1 })).toMatchObject({
        accountId: account.id,
        fromMemory: true,
      });
      expect(await authenticateApiKey(q, key.api_key, { memory: true, now: t0 + KEY_PRINCIPAL_TTL_MS })).toBeNull();
      expect(q.lookups).toBe(3);
    });

    it("the record's insert re-checks a remembered key: a key revoked by another instance stores nothing", async () => {
      const { account, key } = await freshKey();
      const record = (recheckKeyId?: string) =>
        insertValidationRecord(db, {
          accountId: account.id,
          shipmentId: null,
          gateSlug: "customs-readiness",
          ruleLibraryVersion: "test",
          documentTypes: [],
          passed: true,
          score: 100,
          validationHash: `sha256:${"0".repeat(64)}`,
          results: [],
          layers: [],
          route: null,
          recheckKeyId,
        });
      const count = async () =>
        (await db.query<{ n: number }>("select count(*)::int as n from validation_records where account_id = $1", [account.id]))[0].n;
      expect(await record(key.id)).toMatchObject({ passed: true, score: 100 });
      // The key must be one of the record's account: another account's active key does not pass.
      const other = await freshKey();
      expect(await record(other.key.id)).toBeNull();
      await db.query("update api_keys set revoked_at = now() where id = $1", [key.id]);
      expect(await record(key.id)).toBeNull();
      expect(await count()).toBe(1);
      // A principal that is not a remembered key (a looked-up key, a dashboard member) is not re-checked.
      expect(await record()).not.toBeNull();
      expect(await count()).toBe(2);
    });

    it("takes a tier change made here at once", async () => {
      const { account, key } = await freshKey();
      const q = counting(db);
      expect((await authenticateApiKey(q, key.api_key, { memory: true }))?.tier).toBe("starter");
      await updateAccountTier(db, account.id, "growth");
      expect((await authenticateApiKey(q, key.api_key, { memory: true }))?.tier).toBe("growth");
      expect(q.lookups).toBe(2);
    });

    it("does not remember a lookup that was under way while the key was revoked", async () => {
      const { account, key } = await freshKey();
      const q = counting(db);
      let release!: () => void;
      q.hold = new Promise<void>((r) => (release = r));
      const pending = authenticateApiKey(q, key.api_key, { memory: true });
      while (q.lookups === 0) await new Promise((r) => setTimeout(r, 1));
      await revokeApiKey(db, account.id, key.id);
      release();
      q.hold = undefined;
      // Read before the revocation: answered once (as without memory), but not kept.
      await pending;
      expect(await authenticateApiKey(q, key.api_key, { memory: true })).toBeNull();
    });

    it("never remembers an unknown key, and each database answers for itself", async () => {
      const q = counting(db);
      expect(await authenticateApiKey(q, `tds_${"x".repeat(40)}`, { memory: true })).toBeNull();
      expect(await authenticateApiKey(q, `tds_${"x".repeat(40)}`, { memory: true })).toBeNull();
      expect(q.lookups).toBe(2);

      const { key } = await freshKey();
      const other = counting(db);
      await authenticateApiKey(q, key.api_key, { memory: true });
      await authenticateApiKey(other, key.api_key, { memory: true });
      expect(other.lookups).toBe(1);
    });
  });
}
