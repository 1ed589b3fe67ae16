import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../support/databases.ts";
import type { Db } from "../../shared/db/types.ts";
import { loadMigrations, migrate } from "../../shared/db/migrate.ts";
import {
  authenticateApiKey,
  createAccount,
  createApiKey,
  findAccount,
  listApiKeys,
  revokeApiKey,
  updateAccountTier,
  type KeyPrincipal,
} from "../../shared/accounts/account-repository.ts";
import {
  findShipment,
  insertShipment,
  listShipments,
  replaceDraftData,
  reviseShipmentData,
} from "../../shared/shipments/shipment-repository.ts";
import { createShipment, promoteDraftShipment } from "../../shared/shipments/shipment-service.ts";
import { AppError } from "../../shared/errors/app-error.ts";

for (const backend of testBackends()) {
  describe(`foundation repositories on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ db, close } = await backend.open());
    });
    afterAll(async () => close?.());

    it("re-applies migrations safely: recorded ones are skipped and the scripts themselves re-run cleanly", async () => {
      expect(await migrate(db)).toEqual([]);
      for (const m of await loadMigrations()) await db.exec(m.sql);
      const rows = await db.query<{ name: string }>("select name from tds_schema_migrations order by name");
      expect(rows.map((r) => r.name)).toEqual((await loadMigrations()).map((m) => m.name));
    });

    it("creates accounts and keys; keys authenticate until revoked, and only their hash is stored", async () => {
      const account = await createAccount(db, "Acme Exports", "starter");
      expect(account.tier).toBe("starter");
      const key = await createApiKey(db, account.id, "ci");
      const stored = await db.query<{ key_hash: string; prefix: string }>("select key_hash, prefix from api_keys where id = $1", [key.id]);
      expect(stored[0].key_hash).not.toContain(key.api_key.slice(4));
      expect(key.api_key.startsWith(stored[0].prefix)).toBe(true);

      const principal = await authenticateApiKey(db, key.api_key);
      expect(principal).toEqual({ accountId: account.id, keyId: key.id, tier: "starter" });
      const listed = await listApiKeys(db, account.id);
      expect(listed[0].last_used_at).not.toBeNull();
      expect(JSON.stringify(listed)).not.toContain(key.api_key);

      const other = await createAccount(db, "Other", "free");
      expect(await revokeApiKey(db, other.id, key.id)).toBeNull();
      expect((await revokeApiKey(db, account.id, key.id))?.revoked_at).not.toBeNull();
      expect(await authenticateApiKey(db, key.api_key)).toBeNull();
      expect(await revokeApiKey(db, account.id, "not-a-uuid")).toBeNull();

      expect((await updateAccountTier(db, account.id, "scale"))?.tier).toBe("scale");
      expect(await findAccount(db, "00000000-0000-0000-0000-000000000000")).toBeNull();
    });

    it("scopes every shipment query to its account", async () => {
      const a = await createAccount(db, "A", "growth");
      const b = await createAccount(db, "B", "growth");
      const s = await insertShipment(db, {
        accountId: a.id,
        createdBy: "k",
        shipmentRef: "REF-1",
        data: { exporter: { name: "Łódź Textiles" }, custom: { nested: [1, 2] } },
        status: "created",
        maxGenerations: 10,
        countsTowardQuota: true,
      });
      expect((await findShipment(db, a.id, s.id))?.shipment_data).toEqual({
        exporter: { name: "Łódź Textiles" },
        custom: { nested: [1, 2] },
      });
      expect(await findShipment(db, b.id, s.id)).toBeNull();
      expect((await listShipments(db, b.id, { limit: 50, offset: 0 })).total).toBe(0);
      expect(await reviseShipmentData(db, b.id, s.id, { x: 1 }, { set: false, value: null })).toBeNull();
      expect(await replaceDraftData(db, b.id, s.id, { x: 1 }, { set: false, value: null })).toBeNull();
    });

    it("lists newest updated_at first, filters by status and searches ref and party names literally", async () => {
      const acc = await createAccount(db, "Lister", "growth");
      const make = (ref: string, exporter: string, status: "created" | "draft") =>
        insertShipment(db, {
          accountId: acc.id,
          createdBy: "k",
          shipmentRef: ref,
          data: { exporter: { name: exporter } },
          status,
          maxGenerations: 0,
          countsTowardQuota: false,
        });
      const first = await make("PO-100", "Nordic Timber AB", "created");
      await make("PO-200", "Ceramica 100% Italiana", "draft");
      await make("PO_300", "Andes Coffee", "created");
      // Touch the first so it becomes the most recently updated; a few milliseconds later, so that its
      // updated_at cannot equal the last insert's on a fast machine (PGlite's clock reads milliseconds).
      await new Promise((r) => setTimeout(r, 5));
      await reviseShipmentData(db, acc.id, first.id, { exporter: { name: "Nordic Timber AB" } }, { set: true, value: "PO-100" });

      const all = await listShipments(db, acc.id, { limit: 50, offset: 0 });
      expect(all.total).toBe(3);
      expect(all.shipments[0].id).toBe(first.id);
      const times = all.shipments.map((s) => s.updated_at);
      expect([...times].sort().reverse()).toEqual(times);

      expect((await listShipments(db, acc.id, { status: "draft", limit: 50, offset: 0 })).shipments.map((s) => s.shipment_ref)).toEqual([
        "PO-200",
      ]);
      expect((await listShipments(db, acc.id, { search: "nordic", limit: 50, offset: 0 })).total).toBe(1);
      expect((await listShipments(db, acc.id, { search: "100%", limit: 50, offset: 0 })).shipments.map((s) => s.shipment_ref)).toEqual([
        "PO-200",
      ]);
      expect((await listShipments(db, acc.id, { search: "PO_", limit: 50, offset: 0 })).shipments.map((s) => s.shipment_ref)).toEqual([
        "PO_300",
      ]);
      const page2 = await listShipments(db, acc.id, { limit: 2, offset: 2 });
      expect(page2.shipments).toHaveLength(1);
      expect(page2.total).toBe(3);
      expect((await listShipments(db, acc.id, { limit: 2, offset: 10 })).total).toBe(3);
    });

    it("revise resets status and hash only when the data changed; drafts stay drafts", async () => {
      const acc = await createAccount(db, "Reviser", "growth");
      const s = await insertShipment(db, {
        accountId: acc.id,
        createdBy: "k",
        shipmentRef: "R",
        data: { a: 1 },
        status: "created",
        maxGenerations: 10,
        countsTowardQuota: true,
      });
      await db.query(
        "update shipments set status = 'validated', current_validation_hash = 'sha256:ab', current_validation_record_id = gen_random_uuid() where id = $1",
        [s.id],
      );
      const same = await reviseShipmentData(db, acc.id, s.id, { a: 1 }, { set: false, value: null });
      expect(same).toMatchObject({ status: "validated", current_validation_hash: "sha256:ab", shipment_ref: "R" });
      const changed = await reviseShipmentData(db, acc.id, s.id, { a: 2 }, { set: true, value: null });
      expect(changed?.status).toBe("created");
      expect(changed?.current_validation_hash).toBeUndefined();
      expect(changed?.current_validation_record_id).toBeDefined();
      expect(changed?.shipment_ref).toBeUndefined();
      expect(changed?.shipment_data).toEqual({ a: 2 });

      const d = await insertShipment(db, {
        accountId: acc.id,
        createdBy: "k",
        shipmentRef: null,
        data: { a: 1 },
        status: "draft",
        maxGenerations: 0,
        countsTowardQuota: false,
      });
      expect((await reviseShipmentData(db, acc.id, d.id, { b: 1 }, { set: false, value: null }))?.status).toBe("draft");
    });

    it("enforces the Free tier's 5 shipments a month even under concurrent creation; drafts do not count until promoted", async () => {
      const acc = await createAccount(db, "Free", "free");
      const key = await createApiKey(db, acc.id, "k");
      const p: KeyPrincipal = { accountId: acc.id, keyId: key.id, tier: "free" };
      const draft = await createShipment(db, p, { data: { a: 1 }, ref: null, draft: true });
      expect(draft).toMatchObject({ status: "draft", max_generations: 0 });
      const results = await Promise.allSettled(
        Array.from({ length: 7 }, (_, i) => createShipment(db, p, { data: { i }, ref: null, draft: false })),
      );
      const ok = results.filter((r) => r.status === "fulfilled");
      const refused = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
      expect(ok).toHaveLength(5);
      expect(refused).toHaveLength(2);
      for (const r of refused) {
        expect(r.reason).toBeInstanceOf(AppError);
        expect(r.reason.code).toBe("SVC_QUOTA_001");
        expect(Number(r.reason.headers["Retry-After"])).toBeGreaterThan(0);
      }
      for (const r of ok) expect((r as PromiseFulfilledResult<{ max_generations: number }>).value.max_generations).toBe(2);
      await expect(promoteDraftShipment(db, p, draft.id)).rejects.toMatchObject({ code: "SVC_QUOTA_001" });

      const scale: KeyPrincipal = { ...p, tier: "scale" };
      const promoted = await promoteDraftShipment(db, scale, draft.id);
      expect(promoted).toMatchObject({ status: "created", max_generations: 20 });
      await expect(promoteDraftShipment(db, scale, draft.id)).rejects.toMatchObject({ code: "SVC_SHIP_006" });
    });
  });
}
