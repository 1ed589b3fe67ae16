import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../support/databases.ts";
import type { Db, Queryable } from "../../shared/db/types.ts";
import { createAccount, createApiKey, revokeApiKey } from "../../shared/accounts/account-repository.ts";
import { findValidationRecord, type NewValidationRecord } from "../../shared/validation/validation-record-repository.ts";
import { storeValidationRecord } from "../../shared/validation/validation-record-writer.ts";

/** The same database, counting the statements that insert validation records. */
function counting(db: Db): Queryable & { inserts: number } {
  const q: Queryable & { inserts: number } = {
    inserts: 0,
    query: async (text: string, params?: unknown[], options?: { prepared?: boolean }) => {
      if (text.includes("insert into validation_records")) q.inserts++;
      return (await db.query(text, params, options)) as never;
    },
    exec: (script: string) => db.exec(script),
  };
  return q;
}

function newRecord(accountId: string, n: number, extra: Partial<NewValidationRecord> = {}): NewValidationRecord {
  return {
    accountId,
    shipmentId: null,
    gateSlug: "pre_shipment",
    ruleLibraryVersion: "test",
    documentTypes: ["commercial_invoice"],
    passed: n % 2 === 0,
    score: n,
    validationHash: `sha256:${n.toString(16).padStart(64, "0")}`,
    results: [{ rule_id: `rule_${n}`, status: "pass", message: `record ${n} "quoted" é` }] as never,
    layers: [],
    route: n % 3 === 0 ? null : { origin_country: "DE", destination_country: "US" },
    referenceData: n % 4 === 0 ? undefined : [],
    ...extra,
  };
}

for (const backend of testBackends()) {
  describe(`validation records written in groups on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ db, close } = await backend.open());
    }, 120_000);
    afterAll(async () => {
      await close?.();
    });

    it("stores the records of concurrent validations in fewer statements, each as it was given", async () => {
      const account = await createAccount(db, "writer test", "scale");
      const q = counting(db);
      const records = Array.from({ length: 12 }, (_, n) => newRecord(account.id, n));
      const stored = await Promise.all(records.map((r) => storeValidationRecord(q, r)));
      // The first goes at once, alone; the other eleven wait for it and go together.
      expect(q.inserts).toBe(2);
      expect(new Set(stored.map((s) => s?.id)).size).toBe(12);
      for (const [n, s] of stored.entries()) {
        expect(s).not.toBeNull();
        const read = await findValidationRecord(db, account.id, s!.id);
        expect(read).toMatchObject({
          id: s!.id,
          run_id: s!.run_id,
          passed: n % 2 === 0,
          score: n,
          validation_hash: records[n].validationHash,
          results: records[n].results,
          route: records[n].route,
          reference_data: records[n].referenceData ?? null,
          created_at: s!.created_at,
        });
        expect(s).toMatchObject({ score: n, results: records[n].results, route: records[n].route });
      }
    });

    it("stores nothing for a revoked key in a group and the others' records all the same", async () => {
      const account = await createAccount(db, "writer revoked", "scale");
      const live = await createApiKey(db, account.id, "live");
      const gone = await createApiKey(db, account.id, "gone");
      await revokeApiKey(db, account.id, gone.id);
      const q = counting(db);
      const stored = await Promise.all(
        [live, gone, live, gone].map((k, n) => storeValidationRecord(q, newRecord(account.id, n, { recheckKeyId: k.id }))),
      );
      expect(stored.map((s) => s !== null)).toEqual([true, false, true, false]);
      const [{ n }] = await db.query<{ n: number }>("select count(*)::int as n from validation_records where account_id = $1", [
        account.id,
      ]);
      expect(n).toBe(2);
    });

    it("fails only the record that cannot be stored, when a group fails", async () => {
      const account = await createAccount(db, "writer failing", "scale");
      const q = counting(db);
      const missingAccount = "00000000-0000-4000-8000-000000000000";
      const outcomes = await Promise.allSettled([
        storeValidationRecord(q, newRecord(account.id, 1)),
        storeValidationRecord(q, newRecord(account.id, 2)),
        storeValidationRecord(q, newRecord(missingAccount, 3)),
        storeValidationRecord(q, newRecord(account.id, 4)),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
      const [{ n }] = await db.query<{ n: number }>("select count(*)::int as n from validation_records where account_id = $1", [
        account.id,
      ]);
      expect(n).toBe(3);
    });
  });
}
