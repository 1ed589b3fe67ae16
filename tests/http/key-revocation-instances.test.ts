import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestPglite, openTestPostgres } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import { sampleShipment } from "../support/sample-shipments.ts";
import { openPostgres } from "../../shared/db/postgres.ts";
import type { Db } from "../../shared/db/types.ts";
import { createBlobStore, provideServices, type Services } from "../../shared/runtime/services.ts";

/**
 * Two instances of the service over one database: each its own database handle (its own pool on
 * PostgreSQL), so each has its own memory of verified keys (key-principal-memory.ts keeps entries per
 * handle). One gateway serves both in turn: the services of a request are the process's current ones.
 */
interface Instance {
  services: Services;
  /** Key lookups (authentication) this instance sent to the database. */
  lookups: number;
}

function instanceOver(db: Db, config: Services["config"]): Instance {
  const instance: Instance = { services: undefined as never, lookups: 0 };
  const counted: Db = {
    kind: db.kind,
    query: (text, params) => {
      if (text.includes("from api_keys k join accounts")) instance.lookups++;
      return db.query(text, params);
    },
    exec: (script) => db.exec(script),
    transaction: (fn) => db.transaction(fn),
    close: () => db.close(),
  };
  instance.services = { db: counted, config, blobs: createBlobStore(config, counted) };
  return instance;
}

const backends: { name: string; open(): Promise<{ a: Db; b: Db; close(): Promise<void> }> }[] = [
  {
    name: "pglite",
    // One in-process database: the second instance is a second handle on it.
    open: async () => {
      const db = await openTestPglite();
      return { a: db, b: db, close: () => db.close() };
    },
  },
];
const url = process.env.DATABASE_URL;
if (url) {
  backends.push({
    name: "postgres",
    open: async () => {
      const t = await openTestPostgres(url);
      const b = openPostgres(t.url);
      return { a: t.db, b, close: async () => (await b.close(), await t.drop()) };
    },
  });
}

for (const backend of backends) {
  describe(`A key revoked on one instance is refused at once on another, on ${backend.name}`, () => {
    let close: () => Promise<void>;
    let gw: TestGateway;
    let a: Instance;
    let b: Instance;

    beforeAll(async () => {
      const dbs = await backend.open();
      close = dbs.close;
      gw = await createTestGateway(dbs.a);
      a = instanceOver(dbs.a, gw.config);
      b = instanceOver(dbs.b, gw.config);
    }, 120_000);
    afterAll(async () => {
      await close?.();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    async function on(instance: Instance, ...args: Parameters<TestGateway["call"]>) {
      provideServices(instance.services);
      return gw.call(...args);
    }

    async function records(accountId: string): Promise<number> {
      const rows = await a.services.db.query<{ n: number }>("select count(*)::int as n from validation_records where account_id = $1", [
        accountId,
      ]);
      return rows[0].n;
    }

    it("validate (REST, function, stored shipment) stores no record and answers 401 as for any revoked key; other routes 401 too", async () => {
      // The clock stands still: B's memory of the key cannot lapse during the test, however slow the machine.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
      const { accountId, apiKey: keeper } = await gw.createAccount("growth");
      const created = await on(a, "POST", "/api/v1/api-keys", { body: { name: "to revoke" }, apiKey: keeper });
      const doomed: string = created.body.api_key;
      const shipmentId: string = (await on(b, "POST", "/api/v1/shipments", { body: { shipment_data: sampleShipment() }, apiKey: keeper }))
        .body.id;

      // B verifies the key and then answers it from memory (no lookup).
      expect((await on(b, "POST", "/api/v1/shipments/validate", { body: sampleShipment(), apiKey: doomed })).status).toBe(200);
      const before = b.lookups;
      expect((await on(b, "POST", "/api/v1/shipments/validate", { body: sampleShipment(), apiKey: doomed })).status).toBe(200);
      expect(b.lookups).toBe(before);
      const stored = await records(accountId);
      expect(stored).toBe(2);

      // A revokes as its DELETE route does, in another process: revokeApiKey would also forget the key in
      // this process's memory, which B shares here (tests/server/two-instances.test.ts revokes through the
      // route of one server and validates on another).
      await a.services.db.query("update api_keys set revoked_at = now() where id = $1", [created.body.id]);
      // What a revoked key is answered where nothing was remembered (A looks it up).
      const refusal = await on(a, "POST", "/api/v1/shipments/validate", { body: sampleShipment(), apiKey: doomed });
      expect(refusal.status).toBe(401);
      expect(refusal.body.error).toMatchObject({ code: "SVC_AUTH_001", message: "Invalid or revoked API key" });
      const { request_id: _, ...envelope } = refusal.body.error;

      const attempts = [
        await on(b, "POST", "/api/v1/shipments/validate", { body: sampleShipment(), apiKey: doomed }),
        await on(b, "POST", `/api/v1/shipments/${shipmentId}/validate`, { apiKey: doomed }),
        await on(b, "POST", "/functions/v1/validate-shipment", { body: { shipment: sampleShipment() }, apiKey: doomed, anon: true }),
        // Answers that would not reach the write are refused as a revoked key too, not as what they are.
        await on(b, "POST", "/api/v1/shipments/validate?gate_slug=no-such-gate", { body: sampleShipment(), apiKey: doomed }),
        await on(b, "POST", "/api/v1/shipments/00000000-0000-0000-0000-000000000000/validate", { apiKey: doomed }),
        await on(b, "POST", "/api/v1/shipments/validate", { body: "[", apiKey: doomed }),
        // Routes without a re-checking write look the key up on every request.
        await on(b, "GET", "/api/v1/shipments", { apiKey: doomed }),
        await on(b, "GET", "/api/v1/account", { apiKey: doomed }),
      ];
      for (const r of attempts) {
        expect(r.status).toBe(401);
        const { request_id: __, ...rest } = r.body.error;
        expect(rest).toEqual(envelope);
      }
      expect(await records(accountId)).toBe(stored);
      const status = await a.services.db.query<{ status: string }>("select status from shipments where id = $1", [shipmentId]);
      expect(status[0].status).not.toMatch(/^validat/);

      // The account's other key, remembered by B as well, goes on working.
      expect((await on(b, "POST", "/api/v1/shipments/validate", { body: sampleShipment(), apiKey: keeper })).status).toBe(200);
      expect((await on(b, "POST", "/api/v1/shipments/validate", { body: sampleShipment(), apiKey: keeper })).status).toBe(200);
      expect(await records(accountId)).toBe(stored + 2);
    });
  });
}
