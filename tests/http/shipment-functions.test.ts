import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";

const sample = {
  exporter: { name: "Łódź Textiles Sp. z o.o.", address: "ul. Piotrkowska 1", city: "Łódź", country: "PL" },
  importer: { name: "Müller GmbH", address: "Hafenstraße 5", city: "Hamburg", country: "DE", tax_ids: { eori: "DE123456789" } },
  route: { origin_country: "PL", destination_country: "DE", transport_mode: "sea", incoterms: "CIF" },
  goods: {
    currency: "EUR",
    total_value: 1200,
    line_items: [{ description: "Cotton shirts", hs_code: "6205200000", quantity: 100, unit_price: 12 }],
  },
  erp_extension: { cost_center: "CC-7", tags: ["a", "b"] },
};

for (const backend of testBackends()) {
  describe(`shipment functions on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    let gw: TestGateway;
    let key: string;
    let otherKey: string;

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      gw = await createTestGateway(db);
      key = (await gw.createAccount("growth")).apiKey;
      otherKey = (await gw.createAccount("growth", "Other")).apiKey;
    });
    afterAll(async () => close?.());

    const fn = (method: string, name: string, body?: unknown, apiKey = key) =>
      gw.call(method, `/functions/v1/${name}`, { body, apiKey, anon: true });

    describe("auth", () => {
      it("needs the apikey JWT and a Bearer API key", async () => {
        const noAnon = await gw.call("POST", "/functions/v1/create-shipment", { body: { shipment_data: {} }, apiKey: key });
        expect(noAnon.status).toBe(401);
        expect(noAnon.body.error.code).toBe("SVC_AUTH_002");
        const badAnon = await gw.call("POST", "/functions/v1/create-shipment", {
          body: { shipment_data: {} },
          apiKey: key,
          headers: { apikey: "x.y.z" },
        });
        expect(badAnon.body.error.code).toBe("SVC_AUTH_002");
        const noKey = await gw.call("POST", "/functions/v1/create-shipment", { body: { shipment_data: {} }, anon: true });
        expect(noKey.status).toBe(401);
        expect(noKey.body.error.code).toBe("SVC_AUTH_001");
        const badKey = await fn("POST", "create-shipment", { shipment_data: {} }, "tds_" + "x".repeat(40));
        expect(badKey.body.error.code).toBe("SVC_AUTH_001");
        const serviceRoleAsApikey = await gw.call("GET", "/functions/v1/get-shipment?status=created", {
          apiKey: key,
          headers: { apikey: gw.config.serviceRoleKey },
        });
        expect(serviceRoleAsApikey.status).toBe(200);
      });
    });

    describe("create-shipment", () => {
      it("creates with status created, count 0 and the tier's max_generations, keeping unknown fields", async () => {
        const r = await fn("POST", "create-shipment", { shipment_data: sample, shipment_ref: "PO-4711" });
        expect(r.status).toBe(201);
        expect(r.body).toMatchObject({ shipment_ref: "PO-4711", status: "created", generation_count: 0, max_generations: 10 });
        expect(r.body.shipment_id).toMatch(/^[0-9a-f-]{36}$/);
        expect(Date.parse(r.body.created_at)).not.toBeNaN();
        const got = await fn("GET", `get-shipment?id=${r.body.shipment_id}`);
        expect(got.body.shipment_data).toEqual(sample);
      });

      it("answers SVC_SHIP_001 when shipment_data is missing or not an object, SVC_REQ_002 with the path for wrong types", async () => {
        for (const body of [{}, { shipment_data: null }, { shipment_data: [1] }, { shipment_data: "x" }, { shipment_ref: "only" }]) {
          const r = await fn("POST", "create-shipment", body);
          expect(r.status, JSON.stringify(body)).toBe(400);
          expect(r.body.error.code).toBe("SVC_SHIP_001");
          expect(r.body.error.field).toBe("shipment_data");
        }
        const typed = await fn("POST", "create-shipment", { shipment_data: { goods: { line_items: [{ quantity: "ten" }] } } });
        expect(typed.status).toBe(400);
        expect(typed.body.error).toMatchObject({ code: "SVC_REQ_002", field: "shipment_data.goods.line_items[0].quantity" });
        const unknownTop = await fn("POST", "create-shipment", { shipment_data: {}, shipmentRef: "typo" });
        expect(unknownTop.body.error.code).toBe("SVC_REQ_002");
        expect(unknownTop.body.error.message).toMatch(/shipmentRef/);
      });

      it("refuses the Free tier's sixth shipment of the month with 429 and Retry-After", async () => {
        const free = (await gw.createAccount("free", "Free co")).apiKey;
        for (let i = 0; i < 5; i++) expect((await fn("POST", "create-shipment", { shipment_data: { i } }, free)).status).toBe(201);
        const sixth = await fn("POST", "create-shipment", { shipment_data: { i: 6 } }, free);
        expect(sixth.status).toBe(429);
        expect(sixth.body.error).toMatchObject({ code: "SVC_QUOTA_001", limit: 5, used: 5 });
        expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
        // Drafts are not counted.
        expect((await fn("POST", "save-draft", { shipment_data: { draft: true } }, free)).status).toBe(201);
      });
    });

    describe("get-shipment", () => {
      it("single mode returns the full record with generation_history newest first", async () => {
        const created = await fn("POST", "create-shipment", { shipment_data: sample });
        const id = created.body.shipment_id;
        const acc = await db.query<{ account_id: string }>("select account_id from shipments where id = $1", [id]);
        for (const n of [1, 2]) {
          await db.query(
            `insert into generation_history (shipment_id, account_id, generation_number, document_types, validation_hash, shipment_data_snapshot)
             values ($1, $2, $3, $4::text::jsonb, $5, $6::text::jsonb)`,
            [id, acc[0].account_id, n, JSON.stringify(["COMMERCIAL_INVOICE"]), `sha256:${String(n).repeat(64)}`, JSON.stringify(sample)],
          );
        }
        const r = await fn("GET", `get-shipment?id=${id}`);
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({ id, status: "created", generation_count: 0, max_generations: 10 });
        expect(r.body.created_by).toBeTypeOf("string");
        expect(r.body.generation_history.map((h: { generation_number: number }) => h.generation_number)).toEqual([2, 1]);
        expect(r.body.generation_history[0]).toMatchObject({ document_types: ["COMMERCIAL_INVOICE"], flattened_urls: null });
        expect(r.body).not.toHaveProperty("current_validation_hash");
      });

      it("list mode filters by status, at most 50, newest updated_at first, with the list item fields only", async () => {
        const bulkKey = (await gw.createAccount("scale", "Bulk")).apiKey;
        for (let i = 0; i < 53; i++) await fn("POST", "create-shipment", { shipment_data: { i }, shipment_ref: `B-${i}` }, bulkKey);
        await fn("POST", "save-draft", { shipment_data: { d: 1 } }, bulkKey);
        const r = await fn("GET", "get-shipment?status=created", undefined, bulkKey);
        expect(r.status).toBe(200);
        expect(r.body.shipments).toHaveLength(50);
        expect(r.body.shipments[0].shipment_ref).toBe("B-52");
        expect(Object.keys(r.body.shipments[0]).sort()).toEqual([
          "created_at",
          "created_by",
          "id",
          "shipment_data",
          "shipment_ref",
          "status",
          "updated_at",
        ]);
        const drafts = await fn("GET", "get-shipment?status=draft", undefined, bulkKey);
        expect(drafts.body.shipments).toHaveLength(1);
      });

      it("answers SVC_SHIP_003 without id and status, SVC_SHIP_004 for unknown, malformed or foreign ids, 400 for a bad status", async () => {
        expect((await fn("GET", "get-shipment")).body.error.code).toBe("SVC_SHIP_003");
        const mine = (await fn("POST", "create-shipment", { shipment_data: {} })).body.shipment_id;
        for (const id of ["00000000-0000-0000-0000-000000000000", "nope", mine]) {
          const r = await fn("GET", `get-shipment?id=${id}`, undefined, id === mine ? otherKey : key);
          expect(r.status).toBe(404);
          expect(r.body.error.code).toBe("SVC_SHIP_004");
        }
        const bad = await fn("GET", "get-shipment?status=shipped");
        expect(bad.status).toBe(400);
        expect(bad.body.error).toMatchObject({ code: "SVC_REQ_002", field: "status" });
      });
    });

    describe("save-draft", () => {
      it("creates a draft (201, max_generations 0) and replaces its whole data on update (200)", async () => {
        const c = await fn("POST", "save-draft", {
          shipment_data: { exporter: { name: "A" }, goods: { currency: "EUR" } },
          shipment_ref: "D-1",
        });
        expect(c.status).toBe(201);
        expect(Object.keys(c.body).sort()).toEqual(["shipment_id", "updated_at"]);
        const id = c.body.shipment_id;
        const u = await fn("POST", "save-draft", { shipment_id: id, shipment_data: { importer: { name: "B" } } });
        expect(u.status).toBe(200);
        expect(Date.parse(u.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(c.body.updated_at));
        const got = (await fn("GET", `get-shipment?id=${id}`)).body;
        expect(got).toMatchObject({ status: "draft", max_generations: 0, generation_count: 0, shipment_ref: "D-1" });
        expect(got.shipment_data).toEqual({ importer: { name: "B" } });
      });

      it("answers SVC_DRAFT_001..004 as the spec says", async () => {
        expect((await fn("POST", "save-draft", {})).body.error.code).toBe("SVC_DRAFT_001");
        expect((await fn("POST", "save-draft", { shipment_data: [] })).body.error.code).toBe("SVC_DRAFT_001");
        expect((await fn("POST", "save-draft", { shipment_data: "x" })).body.error.code).toBe("SVC_DRAFT_001");
        const empty = await fn("POST", "save-draft", { shipment_data: {} });
        expect(empty.status).toBe(400);
        expect(empty.body.error.code).toBe("SVC_DRAFT_002");
        const missing = await fn("POST", "save-draft", { shipment_id: "00000000-0000-0000-0000-000000000000", shipment_data: { a: 1 } });
        expect(missing.status).toBe(404);
        expect(missing.body.error.code).toBe("SVC_DRAFT_003");
        const ship = (await fn("POST", "create-shipment", { shipment_data: { a: 1 } })).body.shipment_id;
        const notDraft = await fn("POST", "save-draft", { shipment_id: ship, shipment_data: { a: 2 } });
        expect(notDraft.status).toBe(400);
        expect(notDraft.body.error.code).toBe("SVC_DRAFT_004");
        expect((await fn("GET", `get-shipment?id=${ship}`)).body.shipment_data).toEqual({ a: 1 });
        const foreignDraft = (await fn("POST", "save-draft", { shipment_data: { a: 1 } }, otherKey)).body.shipment_id;
        expect((await fn("POST", "save-draft", { shipment_id: foreignDraft, shipment_data: { a: 3 } })).body.error.code).toBe(
          "SVC_DRAFT_003",
        );
      });
    });

    describe("spec 500 codes when the database fails", () => {
      it("answers SVC_SHIP_002, SVC_SHIP_005, SVC_DRAFT_006 and SVC_DRAFT_005, and keeps the stored rows", async () => {
        const draft = (await fn("POST", "save-draft", { shipment_data: { keep: 1 } })).body.shipment_id;
        const before = await db.query<{ n: number }>("select count(*)::int as n from shipments");
        // A real failure: the table goes away for a moment.
        await db.query("alter table shipments rename to shipments_away");
        try {
          expect((await fn("POST", "create-shipment", { shipment_data: {} })).body.error.code).toBe("SVC_SHIP_002");
          expect((await fn("GET", "get-shipment?status=created")).body.error.code).toBe("SVC_SHIP_005");
          const r = await fn("POST", "save-draft", { shipment_data: { a: 1 } });
          expect(r.status).toBe(500);
          expect(r.body.error.code).toBe("SVC_DRAFT_006");
          expect((await fn("POST", "save-draft", { shipment_id: draft, shipment_data: { a: 1 } })).body.error.code).toBe("SVC_DRAFT_005");
        } finally {
          await db.query("alter table shipments_away rename to shipments");
        }
        expect((await db.query<{ n: number }>("select count(*)::int as n from shipments"))[0].n).toBe(before[0].n);
        expect((await fn("GET", `get-shipment?id=${draft}`)).body.shipment_data).toEqual({ keep: 1 });
      });
    });
  });
}
