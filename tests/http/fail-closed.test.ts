/**
 * Fail closed over HTTP, on both backends (issue 26): with the sanctions table empty a validation is not
 * valid ("the sanctions list is not loaded: the exporter could not be screened"), generation refuses with
 * the same message, and the record and the hash name the checks that did not run. Other empty tables
 * give warnings and leave the answer valid.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";
import { forgetReferenceState } from "../../shared/reference/gather-reference-facts.ts";
import { forgetReferenceVintage } from "../../shared/reference/refresh/reference-vintage.ts";
import { loadConfig } from "../../shared/runtime/config.ts";
import type { ScreeningTable } from "../../shared/screening/lists/screening-tables.ts";
import { MINIMAL_SCREENING_ENTRIES } from "../support/minimal-sanctions.ts";

function shipment() {
  return {
    invoice_number: "INV-26",
    exporter: { name: "Łódź Textiles Sp. z o.o.", address: "ul. Piotrkowska 1", city: "Łódź", country: "PL" },
    importer: { name: "Müller GmbH", address: "Hafenstraße 5", city: "Hamburg", country: "DE", tax_ids: { eori: "DE123456789" } },
    route: { origin_country: "PL", destination_country: "DE", transport_mode: "road", incoterms: "DAP" },
    goods: {
      currency: "EUR",
      total_value: 1230,
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
      ],
    },
    packaging: { total_packages: 1, total_gross_weight_kg: 22, packages: [{ type: "carton", quantity: 1, gross_weight_kg: 22 }] },
  };
}

type Result = { rule_id: string; severity: string; message: string; context?: Record<string, unknown> };

for (const backend of testBackends()) {
  describe(`fail closed on ${backend.name}`, () => {
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

    const rest = (body: unknown) => gw.call("POST", "/api/v1/shipments/validate", { body, apiKey: key });
    const fn = (body: unknown) => gw.call("POST", "/functions/v1/validate-shipment", { body, apiKey: key, anon: true });
    const generate = (body: unknown) => gw.call("POST", "/functions/v1/generate-documents", { body, apiKey: key, anon: true });
    let hashWithList = "";

    it("with the sanctions list loaded: valid; the empty tables are warnings, named in reference_data and the hash", async () => {
      const r = await rest(shipment());
      expect(r.status).toBe(200);
      expect(r.body.valid).toBe(true);
      const notRun = (r.body.results as Result[]).filter((x) => x.context?.not_checked === true);
      expect(notRun.length).toBeGreaterThan(0);
      expect(notRun.every((x) => x.severity === "warning" && /is not loaded, so .* could not be checked/.test(x.message))).toBe(true);
      const byTable = Object.fromEntries((r.body.reference_data as { table: string; loaded?: boolean }[]).map((t) => [t.table, t]));
      expect(byTable.sanctions_ofac).toMatchObject({ stale: false });
      expect(byTable.sanctions_ofac.loaded).toBeUndefined();
      expect(byTable.hs_codes_eu).toMatchObject({ loaded: false, checks_not_run: ["rule_hs_code_eu"] });
      expect(byTable.countries).toMatchObject({ loaded: false, checks_not_run: ["rule_eu_eori_format", "rule_format_iso_country"] });
      hashWithList = r.body.validation_hash;
    });

    it("with the sanctions table empty: not valid, an error per party, and generation refuses with the same message", async () => {
      await db.query("delete from sanctions_ofac");
      await db.query("delete from reference_imports where table_name = 'sanctions_ofac'");
      forgetReferenceState(db);
      forgetReferenceVintage(db);

      const r = await rest(shipment());
      expect(r.body.valid).toBe(false);
      const errors = (r.body.results as Result[]).filter((x) => x.severity === "error");
      expect(errors.map((x) => x.rule_id)).toEqual(["rule_sanctions_exporter", "rule_sanctions_importer"]);
      expect(errors[0].message).toMatch(/^The sanctions list is not loaded: the exporter could not be screened\./);
      expect(errors[1].message).toMatch(/^The sanctions list is not loaded: the importer could not be screened\./);
      // The record and the hash say which checks did not run.
      expect(r.body.validation_hash).not.toBe(hashWithList);
      const sanctions = (r.body.reference_data as { table: string }[]).find((t) => t.table === "sanctions_ofac");
      expect(sanctions).toMatchObject({ loaded: false, checks_not_run: ["rule_sanctions_exporter", "rule_sanctions_importer"] });
      const [record] = await db.query<{ passed: boolean; reference_data: unknown }>(
        "select passed, reference_data from validation_records where id = $1",
        [r.body.validation_record_id],
      );
      expect(record.passed).toBe(false);
      expect(JSON.stringify(record.reference_data)).toContain('"checks_not_run":["rule_sanctions_exporter","rule_sanctions_importer"]');

      const f = await fn({ shipment: shipment() });
      expect(f.body).toMatchObject({ passed: false, validation_hash: null });

      const g = await generate({ shipment: shipment(), document_types: ["COMMERCIAL_INVOICE"], confirm_warnings: true });
      expect(g.status).toBeGreaterThanOrEqual(400);
      expect(g.status).toBeLessThan(500);
      expect(JSON.stringify(g.body)).toContain("The sanctions list is not loaded: the exporter could not be screened.");
    });
  });
}

for (const backend of testBackends()) {
  describe(`every bound screening list fails closed on ${backend.name} (TDS_SCREENING_LISTS)`, () => {
    let db: Db;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      await db.query("delete from sanctions_un");
      await db.query("delete from reference_imports where table_name = 'sanctions_un'");
      forgetReferenceState(db);
      forgetReferenceVintage(db);
    });
    afterAll(async () => close?.());

    const validate = async (lists?: ScreeningTable[]) => {
      const base = loadConfig({ publicBaseUrl: "http://127.0.0.1:54321", storage: "local" });
      const gw = await createTestGateway(db, lists ? { screening: { ...base.screening, lists } } : {});
      const { apiKey } = await gw.createAccount("growth");
      return gw.call("POST", "/api/v1/shipments/validate", { body: shipment(), apiKey });
    };

    it("bound by every list (the default): an empty UN list is an error per party naming it and how to load it", async () => {
      const r = await validate();
      expect(r.body.valid).toBe(false);
      const errors = (r.body.results as Result[]).filter((x) => x.severity === "error");
      expect(errors.map((x) => x.rule_id)).toEqual(["rule_sanctions_exporter", "rule_sanctions_importer"]);
      expect(errors[0].message).toMatch(/^The sanctions list is not loaded: the exporter could not be screened\./);
      expect(errors[0].message).toContain("UN Security Council Consolidated List (sanctions_un)");
      expect(errors[0].message).toContain("npm run reference:refresh -- --only sanctions_un");
      expect(errors[0].context).toMatchObject({ table: "sanctions_un", tables: ["sanctions_un"], not_checked: true });
      const un = (r.body.reference_data as { table: string }[]).find((t) => t.table === "sanctions_un");
      expect(un).toMatchObject({ loaded: false, checks_not_run: ["rule_sanctions_exporter", "rule_sanctions_importer"] });
    });

    it("a list not in TDS_SCREENING_LISTS is neither required nor screened", async () => {
      const r = await validate(["sanctions_ofac", "sanctions_eu"]);
      expect(r.body.valid).toBe(true);
      const tables = (r.body.reference_data as { table: string }[]).map((t) => t.table);
      expect(tables).toContain("sanctions_ofac");
      expect(tables).not.toContain("sanctions_un");
      expect(tables).not.toContain("sanctions_uk");
      // Its entries are not screened: the UK list's invented entry gives no finding.
      const listed = { ...shipment(), importer: { ...shipment().importer, name: MINIMAL_SCREENING_ENTRIES.sanctions_uk.name } };
      const base = loadConfig({ publicBaseUrl: "http://127.0.0.1:54321", storage: "local" });
      const gw = await createTestGateway(db, { screening: { ...base.screening, lists: ["sanctions_ofac", "sanctions_uk"] } });
      const { apiKey } = await gw.createAccount("growth");
      const hit = await gw.call("POST", "/api/v1/shipments/validate", { body: listed, apiKey });
      expect((hit.body.results as Result[]).find((x) => x.rule_id === "rule_sanctions_importer")?.context).toMatchObject({ list: "UK" });
      const gw2 = await createTestGateway(db, { screening: { ...base.screening, lists: ["sanctions_ofac"] } });
      const other = await gw2.createAccount("growth");
      const miss = await gw2.call("POST", "/api/v1/shipments/validate", { body: listed, apiKey: other.apiKey });
      expect((miss.body.results as Result[]).filter((x) => x.rule_id === "rule_sanctions_importer" && x.severity !== "info")).toEqual([]);
    });
  });
}
