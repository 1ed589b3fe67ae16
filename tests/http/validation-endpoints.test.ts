import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { testBackends } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";

/**
 * A shipment with no rule errors. The test database holds only the minimal sanctions list, so the other
 * lookups report "not loaded" warnings (tests/http/fail-closed.test.ts covers that).
 */
function shipment() {
  return {
    exporter: {
      name: "Łódź Textiles Sp. z o.o.",
      address: "ul. Piotrkowska 1",
      city: "Łódź",
      country: "PL",
      tax_ids: { eori: "PL1234567890" },
    },
    importer: { name: "Müller GmbH", address: "Hafenstraße 5", city: "Hamburg", country: "DE", tax_ids: { eori: "DE123456789" } },
    route: {
      origin_country: "PL",
      destination_country: "DE",
      transport_mode: "sea",
      incoterms: "CIF",
      port_of_loading: "PLGDN",
      port_of_discharge: "DEHAM",
    },
    goods: {
      currency: "EUR",
      total_value: 1234.5,
      line_items: [
        {
          description: "Cotton shirts",
          hs_code: "6205200000",
          quantity: 100,
          unit: "pcs",
          unit_price: 12.3,
          origin_country: "PL",
          net_weight_kg: 20,
          gross_weight_kg: 22,
        },
        {
          description: "Linen",
          hs_code: "5309110000",
          quantity: 1,
          unit: "roll",
          unit_price: 4.5,
          origin_country: "PL",
          net_weight_kg: 5,
          gross_weight_kg: 6,
        },
      ],
    },
    packaging: {
      total_packages: 2,
      total_gross_weight_kg: 28,
      packages: [
        { type: "carton", quantity: 1, gross_weight_kg: 22 },
        { type: "roll", quantity: 1, gross_weight_kg: 6 },
      ],
    },
  };
}

for (const backend of testBackends()) {
  describe(`validation endpoints on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    let gw: TestGateway;
    let key: string;

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      gw = await createTestGateway(db);
      key = (await gw.createAccount("growth")).apiKey;
    });
    afterAll(async () => close?.());

    const rest = (body: unknown, query = "") => gw.call("POST", `/api/v1/shipments/validate${query}`, { body, apiKey: key });
    const fn = (body: unknown) => gw.call("POST", "/functions/v1/validate-shipment", { body, apiKey: key, anon: true });

    it("REST: a clean shipment is valid; unloaded tables are reported as warnings, never as a pass", async () => {
      const r = await rest(shipment());
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ valid: true, gate_slug: "trade-document-validator" });
      expect(r.body.validation_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(Date.parse(r.body.validated_at)).not.toBeNaN();
      expect(
        r.body.results.every(
          (x: { severity: string; context?: { not_checked?: boolean } }) => x.severity === "warning" && x.context?.not_checked,
        ),
      ).toBe(true);
      expect(r.body.results.some((x: { rule_id: string }) => x.rule_id === "rule_hs_code_eu")).toBe(true);
    });

    it("REST: failures are 200s with rule, category, severity, field and context", async () => {
      const s = shipment();
      s.goods.total_value = 1300;
      s.route.incoterms = "DDU";
      const r = await rest(s);
      expect(r.status).toBe(200);
      expect(r.body.valid).toBe(false);
      expect(r.body.score).toBeLessThan(100);
      const total = r.body.results.find((x: { rule_id: string }) => x.rule_id === "rule_total_matches_line_items");
      expect(total).toMatchObject({ severity: "error", field: "goods.total_value", category: expect.any(String) });
      expect(Number(total.context.declared_total)).toBe(1300);
      expect(Number(total.context.computed_total)).toBe(1234.5);
      expect(Number(total.context.difference)).toBeCloseTo(65.5);
      expect(r.body.results.map((x: { rule_id: string }) => x.rule_id)).toContain("rule_incoterms_2010_deprecated");
    });

    it("the hash is deterministic, ignores key order, and changes with any data change", async () => {
      const a = (await rest(shipment())).body.validation_hash;
      const reordered = Object.fromEntries(Object.entries(shipment()).reverse());
      expect((await rest(reordered)).body.validation_hash).toBe(a);
      const changed = shipment();
      changed.goods.line_items[1].description = "Linen fabric";
      expect((await rest(changed)).body.validation_hash).not.toBe(a);
      expect((await rest(shipment(), "?document_types=BILL_OF_LADING")).body.validation_hash).not.toBe(a);
    });

    it("garbage data becomes schema results, never a request error", async () => {
      const r = await rest({ goods: "many", route: [1, 2], exporter: { name: 5 } });
      expect(r.status).toBe(200);
      expect(r.body.valid).toBe(false);
      const fields = r.body.results
        .filter((x: { rule_id: string }) => x.rule_id === "rule_schema_type")
        .map((x: { field: string }) => x.field);
      expect(fields).toEqual(expect.arrayContaining(["goods", "route", "exporter.name"]));
    });

    it("function: layers, passed, hash only on pass; shipment status moves as the spec's table says", async () => {
      const created = await gw.call("POST", "/api/v1/shipments", { body: { shipment_data: shipment() }, apiKey: key });
      const id = created.body.id;
      const pass = await fn({ shipment: shipment(), shipment_id: id });
      expect(pass.status).toBe(200);
      expect(pass.body).toMatchObject({ status: "validated", passed: true, error: null });
      expect(pass.body.validation_hash).toMatch(/^sha256:/);
      expect(pass.body.layers.map((l: { name: string }) => l.name)).toEqual(
        expect.arrayContaining(["Schema Validation", "Business Rules"]),
      );
      let stored = (await gw.call("GET", `/api/v1/shipments/${id}`, { apiKey: key })).body;
      expect(stored).toMatchObject({
        status: "validated",
        current_validation_hash: pass.body.validation_hash,
        current_validation_record_id: pass.body.validation_record_id,
      });

      const bad = shipment();
      bad.goods.line_items[0].quantity = -1;
      const fail = await fn({ shipment: bad, shipment_id: id });
      expect(fail.body).toMatchObject({ passed: false, validation_hash: null, status: "validated" });
      expect(fail.body.error.message).toMatch(/rule_positive_quantities/);
      const failedLayer = fail.body.layers.find((l: { status: string }) => l.status === "failed");
      expect(
        failedLayer.results.some((x: { rule: string; status: string }) => x.rule === "rule_positive_quantities" && x.status === "failed"),
      ).toBe(true);
      stored = (await gw.call("GET", `/api/v1/shipments/${id}`, { apiKey: key })).body;
      expect(stored).toMatchObject({ status: "validation_failed", current_validation_record_id: fail.body.validation_record_id });
      // The hash of the latest passing validation stays.
      expect(stored.current_validation_hash).toBe(pass.body.validation_hash);
      const rec = await db.query<{ shipment_id: string; passed: boolean }>(
        "select shipment_id, passed from validation_records where id = $1",
        [fail.body.validation_record_id],
      );
      expect(rec[0]).toEqual({ shipment_id: id, passed: false });
    });

    it("REST re-validation of a stored shipment needs no body", async () => {
      const id = (await gw.call("POST", "/api/v1/shipments", { body: { shipment_data: shipment() }, apiKey: key })).body.id;
      const r = await gw.fetch(`/api/v1/shipments/${id}/validate`, { method: "POST", headers: { authorization: `Bearer ${key}` } });
      expect(r.status).toBe(200);
      expect((await r.json()).valid).toBe(true);
      expect((await gw.call("GET", `/api/v1/shipments/${id}`, { apiKey: key })).body.status).toBe("validated");
      const other = (await gw.createAccount("growth")).apiKey;
      expect((await gw.call("POST", `/api/v1/shipments/${id}/validate`, { body: {}, apiKey: other })).body.error.code).toBe("SVC_SHIP_004");
    });

    it("gates: a named rule set, and an unknown one is a clear 400", async () => {
      const s = shipment();
      s.goods.total_value = 1;
      const sanctionsOnly = await rest(s, "?gate_slug=sanctions-screening");
      expect(sanctionsOnly.body).toMatchObject({ valid: true, gate_slug: "sanctions-screening" });
      const unknown = await rest(shipment(), "?gate_slug=nope");
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toMatchObject({ code: "SVC_GATE_001", field: "gate_slug" });
      expect(unknown.body.error.known_gates).toContain("trade-document-validator");
      expect((await fn({ shipment: shipment(), gate_slug: "nope" })).body.error.code).toBe("SVC_GATE_001");
    });

    it("function errors: shipment missing → SVC_VAL_002; unknown shipment_id → SVC_SHIP_004; bad document type → SVC_REQ_002", async () => {
      expect((await fn({})).body.error.code).toBe("SVC_VAL_002");
      expect((await fn({ shipment: [1] })).body.error.code).toBe("SVC_VAL_002");
      expect((await fn({ shipment: {}, shipment_id: "00000000-0000-0000-0000-000000000000" })).body.error.code).toBe("SVC_SHIP_004");
      const r = await fn({ shipment: {}, document_types: ["NOPE"] });
      expect(r.body.error).toMatchObject({ code: "SVC_REQ_002", field: "document_types[0]" });
    });

    it("verify-hash finds a passing record by its hash; failed or unknown hashes are 404; no hash is SVC_VAL_001", async () => {
      const pass = await fn({ shipment: shipment() });
      const v = await gw.call("GET", `/functions/v1/verify-hash?hash=${encodeURIComponent(pass.body.validation_hash)}`);
      expect(v.status).toBe(200);
      expect(v.body).toMatchObject({
        verified: true,
        validation_hash: pass.body.validation_hash,
        route: { origin_country: "PL", destination_country: "DE" },
        documents_generated: [],
      });
      expect(v.body.rules_summary.layers[0]).toEqual({ name: "Schema Validation", status: "passed" });
      expect(v.body.message).toMatch(/does not certify/);

      const bad = shipment();
      bad.goods.total_value = 9;
      const failedHash = (await rest(bad)).body.validation_hash;
      const f = await gw.call("GET", `/functions/v1/verify-hash?hash=${encodeURIComponent(failedHash)}`);
      expect(f.status).toBe(404);
      expect(f.body).toMatchObject({ verified: false });
      expect((await gw.call("GET", "/functions/v1/verify-hash?hash=sha256:" + "0".repeat(64))).status).toBe(404);
      expect((await gw.call("GET", "/functions/v1/verify-hash?hash=nonsense")).body.verified).toBe(false);
      const missing = await gw.call("GET", "/functions/v1/verify-hash");
      expect(missing.status).toBe(400);
      expect(missing.body.error.code).toBe("SVC_VAL_001");
    });

    it("never answers 500 to arbitrary JSON: garbage becomes schema results", async () => {
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.string(), fc.jsonValue()), fc.jsonValue(), async (obj, any) => {
          const r = await rest(obj);
          expect(r.status).toBe(200);
          expect(typeof r.body.valid).toBe("boolean");
          const f = await fn({ shipment: obj });
          expect(f.status).toBe(200);
          const g = await fn(any);
          expect(g.status).toBeLessThan(500);
        }),
        { numRuns: 60 },
      );
    });
  });
}
