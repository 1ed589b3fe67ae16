import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";

for (const backend of testBackends()) {
  describe(`REST API on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    let gw: TestGateway;
    let key: string;
    const admin = () => ({ authorization: `Bearer ${gw.config.serviceRoleKey}` });

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      gw = await createTestGateway(db);
      key = (await gw.createAccount("starter")).apiKey;
    });
    afterAll(async () => close?.());

    describe("admin accounts", () => {
      it("creates accounts per tier whose shipments get the tier's max_generations", async () => {
        const expected = { free: 2, starter: 5, growth: 10, scale: 20 } as const;
        for (const [tier, max] of Object.entries(expected)) {
          const acc = await gw.call("POST", "/api/v1/accounts", { body: { name: `T ${tier}`, tier }, headers: admin() });
          expect(acc.status).toBe(201);
          expect(acc.body).toMatchObject({ tier, name: `T ${tier}` });
          expect(acc.body.api_key).toMatch(/^tds_/);
          const s = await gw.call("POST", "/api/v1/shipments", { body: { shipment_data: { a: 1 } }, apiKey: acc.body.api_key });
          expect(s.body.max_generations).toBe(max);
          const d = await gw.call("POST", "/api/v1/shipments", {
            body: { shipment_data: { a: 1 }, draft: true },
            apiKey: acc.body.api_key,
          });
          expect(d.body).toMatchObject({ status: "draft", max_generations: 0 });
        }
      });

      it("changes a tier with PATCH; refuses non-admins, unknown tiers and unknown accounts", async () => {
        const acc = await gw.createAccount("free");
        const me = await gw.call("GET", "/api/v1/account", { apiKey: acc.apiKey });
        expect(me.body).toMatchObject({
          account_id: acc.accountId,
          tier: "free",
          limits: { max_generations_per_shipment: 2, shipments_per_month: 5 },
          usage: { shipments_this_month: 0 },
        });
        const p = await gw.call("PATCH", `/api/v1/accounts/${acc.accountId}`, { body: { tier: "scale" }, headers: admin() });
        expect(p.status).toBe(200);
        expect(p.body.tier).toBe("scale");
        expect((await gw.call("POST", "/api/v1/shipments", { body: { shipment_data: {} }, apiKey: acc.apiKey })).body.max_generations).toBe(
          20,
        );
        expect(
          (await gw.call("PATCH", `/api/v1/accounts/${acc.accountId}`, { body: { tier: "gold" }, headers: admin() })).body.error,
        ).toMatchObject({ code: "SVC_REQ_002", field: "tier" });
        expect(
          (await gw.call("PATCH", "/api/v1/accounts/00000000-0000-0000-0000-000000000000", { body: { tier: "free" }, headers: admin() }))
            .body.error.code,
        ).toBe("SVC_ACCT_001");
        const notAdmin = await gw.call("POST", "/api/v1/accounts", { body: { name: "x", tier: "free" }, apiKey: acc.apiKey });
        expect(notAdmin.status).toBe(401);
        expect(notAdmin.body.error.code).toBe("SVC_AUTH_003");
        const anonAsAdmin = await gw.call("POST", "/api/v1/accounts", {
          body: { name: "x", tier: "free" },
          headers: { authorization: `Bearer ${gw.config.anonKey}` },
        });
        expect(anonAsAdmin.body.error.code).toBe("SVC_AUTH_003");
      });
    });

    describe("API keys", () => {
      it("shows a key once, lists without secrets, and revocation works at once", async () => {
        const acc = await gw.createAccount("growth");
        const created = await gw.call("POST", "/api/v1/api-keys", { body: { name: "erp" }, apiKey: acc.apiKey });
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({ name: "erp", revoked_at: null });
        const newKey: string = created.body.api_key;
        expect(newKey.startsWith(created.body.prefix)).toBe(true);
        expect((await gw.call("GET", "/api/v1/shipments", { apiKey: newKey })).status).toBe(200);

        const list = await gw.call("GET", "/api/v1/api-keys", { apiKey: acc.apiKey });
        expect(list.body.api_keys).toHaveLength(2);
        expect(JSON.stringify(list.body)).not.toContain(newKey);
        expect(JSON.stringify(list.body)).not.toContain(acc.apiKey);
        const erp = list.body.api_keys.find((k: { name: string }) => k.name === "erp");
        expect(erp.last_used_at).not.toBeNull();

        const other = await gw.createAccount("growth");
        expect((await gw.call("DELETE", `/api/v1/api-keys/${erp.id}`, { apiKey: other.apiKey })).body.error.code).toBe("SVC_KEY_001");
        const del = await gw.call("DELETE", `/api/v1/api-keys/${erp.id}`, { apiKey: acc.apiKey });
        expect(del.status).toBe(204);
        const after = await gw.call("GET", "/api/v1/shipments", { apiKey: newKey });
        expect(after.status).toBe(401);
        expect(after.body.error.code).toBe("SVC_AUTH_001");
        expect(
          (await gw.call("GET", "/api/v1/api-keys", { apiKey: acc.apiKey })).body.api_keys.find((k: { id: string }) => k.id === erp.id)
            .revoked_at,
        ).not.toBeNull();
      });
    });

    describe("shipments resource", () => {
      it("creates, reads, lists with page/limit/status/search, and 404s across accounts", async () => {
        const acc = await gw.createAccount("growth");
        const ids: string[] = [];
        for (const [ref, name] of [
          ["PO-1", "Andes Coffee SA"],
          ["PO-2", "Nordic Timber AB"],
          ["PO-3", "Andes Cacao SA"],
        ]) {
          const r = await gw.call("POST", "/api/v1/shipments", {
            body: { shipment_data: { exporter: { name } }, shipment_ref: ref },
            apiKey: acc.apiKey,
          });
          expect(r.status).toBe(201);
          expect(r.body).toMatchObject({ shipment_ref: ref, status: "created", generation_count: 0 });
          ids.push(r.body.id);
        }
        const one = await gw.call("GET", `/api/v1/shipments/${ids[0]}`, { apiKey: acc.apiKey });
        expect(one.body).toMatchObject({ id: ids[0], generation_history: [] });
        const page = await gw.call("GET", "/api/v1/shipments?limit=2&page=2", { apiKey: acc.apiKey });
        expect(page.body.pagination).toEqual({ page: 2, limit: 2, total: 3, total_pages: 2 });
        expect(page.body.shipments.map((s: { id: string }) => s.id)).toEqual([ids[0]]);
        const search = await gw.call("GET", "/api/v1/shipments?search=andes", { apiKey: acc.apiKey });
        expect(search.body.shipments.map((s: { shipment_ref: string }) => s.shipment_ref)).toEqual(["PO-3", "PO-1"]);
        expect((await gw.call("GET", "/api/v1/shipments?status=draft", { apiKey: acc.apiKey })).body.pagination.total).toBe(0);

        const stranger = await gw.createAccount("growth");
        expect((await gw.call("GET", `/api/v1/shipments/${ids[0]}`, { apiKey: stranger.apiKey })).status).toBe(404);
        expect(
          (await gw.call("PUT", `/api/v1/shipments/${ids[0]}`, { body: { shipment_data: {} }, apiKey: stranger.apiKey })).body.error.code,
        ).toBe("SVC_SHIP_004");
        expect((await gw.call("GET", "/api/v1/shipments", { apiKey: stranger.apiKey })).body.pagination.total).toBe(0);
      });

      it("checks the query with the field named", async () => {
        for (const [q, field] of [
          ["limit=1000", "limit"],
          ["page=0", "page"],
          ["page=abc", "page"],
          ["status=x", "status"],
          ["foo=1", ""],
        ]) {
          const r = await gw.call("GET", `/api/v1/shipments?${q}`, { apiKey: key });
          expect(r.status, q).toBe(400);
          expect(r.body.error.code).toBe("SVC_REQ_002");
          expect(r.body.error.field).toBe(field);
        }
      });

      it("PUT revises: changed data sends a validated shipment back to created without its hash", async () => {
        const s = (await gw.call("POST", "/api/v1/shipments", { body: { shipment_data: { a: 1 }, shipment_ref: "R" }, apiKey: key })).body;
        await db.query("update shipments set status = 'validated', current_validation_hash = 'sha256:00' where id = $1", [s.id]);
        const same = await gw.call("PUT", `/api/v1/shipments/${s.id}`, { body: { shipment_data: { a: 1 } }, apiKey: key });
        expect(same.body).toMatchObject({ status: "validated", current_validation_hash: "sha256:00", shipment_ref: "R" });
        const changed = await gw.call("PUT", `/api/v1/shipments/${s.id}`, {
          body: { shipment_data: { a: 2 }, shipment_ref: "R2" },
          apiKey: key,
        });
        expect(changed.status).toBe(200);
        expect(changed.body).toMatchObject({ status: "created", shipment_ref: "R2", shipment_data: { a: 2 }, generation_count: 0 });
        expect(changed.body).not.toHaveProperty("current_validation_hash");
      });

      it("promotes a draft once", async () => {
        const d = (await gw.call("POST", "/api/v1/shipments", { body: { shipment_data: { a: 1 }, draft: true }, apiKey: key })).body;
        const p = await gw.call("POST", `/api/v1/shipments/${d.id}/promote`, { apiKey: key });
        expect(p.body).toMatchObject({ status: "created", max_generations: 5 });
        const again = await gw.call("POST", `/api/v1/shipments/${d.id}/promote`, { apiKey: key });
        expect(again.status).toBe(409);
        expect(again.body.error.code).toBe("SVC_SHIP_006");
      });
    });

    describe("OpenAPI", () => {
      it("serves an OpenAPI 3.1 document generated from the route schemas", async () => {
        const r = await gw.call("GET", "/api/v1/openapi.json");
        expect(r.status).toBe(200);
        expect(r.body.openapi).toBe("3.1.0");
        const paths = Object.keys(r.body.paths);
        for (const p of [
          "/api/v1/shipments",
          "/api/v1/shipments/{id}",
          "/api/v1/api-keys",
          "/api/v1/accounts",
          "/functions/v1/create-shipment",
          "/functions/v1/get-shipment",
          "/functions/v1/save-draft",
        ]) {
          expect(paths).toContain(p);
        }
        const create = r.body.paths["/functions/v1/create-shipment"].post;
        const schema = create.requestBody.content["application/json"].schema;
        expect(schema.required).toEqual(["shipment_data"]);
        expect(schema.additionalProperties).toBe(false);
        expect(schema.properties.shipment_data.properties.goods).toBeDefined();
        expect(create.security).toEqual([{ anonKey: [], apiKey: [] }]);
        const list = r.body.paths["/api/v1/shipments"].get;
        expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(["page", "limit", "status", "search"]);
      });
    });
  });
}
