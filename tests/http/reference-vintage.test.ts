import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import { hasSharedData, officialBytes, SHARED_DATA, startSourceServer, sharedDataName } from "../support/reference-source-server.ts";
import type { Db } from "../../shared/db/types.ts";
import { importReferenceDir } from "../../shared/reference/import-reference-dir.ts";
import { forgetReferenceVintage } from "../../shared/reference/refresh/reference-vintage.ts";
import { parseConfig } from "../../shared/runtime/config.ts";

function shipment() {
  return {
    exporter: { name: "Łódź Textiles Sp. z o.o.", address: "ul. Piotrkowska 1", city: "Łódź", country: "PL" },
    importer: { name: "Müller GmbH", address: "Hafenstraße 5", city: "Hamburg", country: "DE", tax_ids: { eori: "DE123456789" } },
    route: { origin_country: "PL", destination_country: "DE", transport_mode: "road" },
    goods: {
      currency: "EUR",
      total_value: 1230,
      line_items: [
        { description: "Cotton shirts", hs_code: "6205200000", quantity: 100, unit: "pcs", unit_price: 12.3, origin_country: "PL" },
      ],
    },
  };
}

for (const backend of testBackends()) {
  describe.runIf(hasSharedData)(
    sharedDataName(`reference data vintage in answers, records, /health and GET /api/v1/reference-data on ${backend.name}`),
    () => {
      let db: Db;
      let close: () => Promise<void>;
      let gw: TestGateway;
      let key: string;
      let server: Awaited<ReturnType<typeof startSourceServer>>;

      beforeAll(async () => {
        ({ db, close } = await backend.open());
        server = await startSourceServer();
        server.files.set("/currencies/codes-all.csv", {
          body: officialBytes("iso/iso4217-currency-codes.csv"),
          headers: { "last-modified": "Sun, 01 Feb 2026 00:00:00 GMT" },
        });
        const { referenceRefresh } = parseConfig({ TDS_REFERENCE_URL_CURRENCIES: `${server.base}/currencies/codes-all.csv` });
        gw = await createTestGateway(db, { referenceRefresh });
        key = (await gw.createAccount("growth")).apiKey;
        await importReferenceDir(db, SHARED_DATA, { only: ["countries", "currencies"] });
      });
      afterAll(async () => {
        await server?.close();
        await close?.();
      });

      const rest = () => gw.call("POST", "/api/v1/shipments/validate", { body: shipment(), apiKey: key });
      const fn = () => gw.call("POST", "/functions/v1/validate-shipment", { body: { shipment: shipment() }, apiKey: key, anon: true });
      const ageTable = async (table: string, days: number) => {
        await db.query(`update reference_imports set imported_at = now() - ($2::int * interval '1 day') where table_name = $1`, [
          table,
          days,
        ]);
        forgetReferenceVintage(db);
      };

      it("every answer and record states the vintage of the tables used; current tables give no warning", async () => {
        const r = await rest();
        expect(r.status).toBe(200);
        // The minimal screening lists of the test database (dated today) are used too; the EU tariff is empty,
        // so its lookup did not run: listed as not loaded (fail closed, tests/http/fail-closed.test.ts).
        expect(r.body.reference_data.map((t: { table: string }) => t.table)).toEqual([
          "sanctions_ofac",
          "sanctions_un",
          "sanctions_eu",
          "sanctions_uk",
          "sanctions_us_csl",
          "countries",
          "currencies",
          "hs_codes_eu",
        ]);
        expect(r.body.reference_data[5]).toMatchObject({ table: "countries", vintage: null, published_at: null, stale: false });
        expect(r.body.reference_data[1]).toMatchObject({ table: "sanctions_un", stale: false });
        expect(r.body.reference_data[1].published_at).not.toBeNull();
        expect(r.body.reference_data[7]).toMatchObject({ table: "hs_codes_eu", loaded: false, checks_not_run: ["rule_hs_code_eu"] });
        expect(Date.parse(r.body.reference_data[1].imported_at)).not.toBeNaN();
        expect(r.body.results.map((x: { rule_id: string }) => x.rule_id)).not.toContain("rule_reference_data_current");
        const f = await fn();
        expect(f.body.reference_data).toEqual(r.body.reference_data);
        const [rec] = await db.query<{ reference_data: unknown }>("select reference_data from validation_records where id = $1", [
          f.body.validation_record_id,
        ]);
        expect(rec.reference_data).toEqual(r.body.reference_data);
      });

      it("a table older than its interval plus margin gives a warning result, in both answers, and shows as stale", async () => {
        await ageTable("countries", 400);
        const r = await rest();
        const warning = r.body.results.find((x: { rule_id: string }) => x.rule_id === "rule_reference_data_current");
        expect(warning).toMatchObject({ severity: "warning", category: "Reference Data", field: "", context: { table: "countries" } });
        expect(warning.message).toMatch(
          /^Reference table ISO country list \(countries\) used for this validation was last confirmed current 400 days ago\. Expected a refresh every 365 days/,
        );
        expect(r.body.valid).toBe(true);
        expect(r.body.reference_data.find((t: { table: string }) => t.table === "countries").stale).toBe(true);
        const f = await fn();
        expect(f.body.passed).toBe(true);
        const layer = f.body.layers.find((l: { name: string }) => l.name === "Business Rules");
        expect(layer.results.map((x: { rule: string }) => x.rule)).toContain("rule_reference_data_current");

        const status = await gw.call("GET", "/api/v1/reference-data", { apiKey: key });
        const countries = status.body.tables.find((t: { table: string }) => t.table === "countries");
        expect(countries).toMatchObject({ stale: true, refresh_interval_seconds: 365 * 86_400, checksum: null, source_urls: [] });
        expect(countries.age_seconds).toBeGreaterThanOrEqual(400 * 86_400);
        expect(status.body.tables.find((t: { table: string }) => t.table === "duty_rates")).toMatchObject({
          stale: false,
          age_seconds: null,
          next_refresh_at: null,
        });

        const health = await gw.call("GET", "/health");
        expect(health.status).toBe(200);
        expect(health.body.reference_data).toMatchObject({
          refresh: "off",
          stale: ["countries"],
          sanctions: { state: "current", alert: null },
        });
        expect(health.body.reference_data.missing).toContain("port_codes");
        const loaded = health.body.reference_data.tables.filter((t: { loaded: boolean }) => t.loaded);
        expect(loaded.map((t: { table: string }) => t.table)).toEqual([
          "sanctions_ofac",
          "sanctions_un",
          "sanctions_eu",
          "sanctions_uk",
          "sanctions_us_csl",
          "countries",
          "currencies",
        ]);
        // Each screening list with its state; every one is required by default (TDS_SCREENING_LISTS).
        expect(health.body.reference_data.sanctions.lists).toEqual(
          ["sanctions_ofac", "sanctions_un", "sanctions_eu", "sanctions_uk", "sanctions_us_csl"].map((table) => ({
            table,
            required: true,
            state: "current",
          })),
        );
        const listing = await gw.call("GET", "/api/v1/reference-data", { apiKey: key });
        const un = listing.body.tables.find((t: { table: string }) => t.table === "sanctions_un");
        expect(un).toMatchObject({ loaded: true, loading: false, stale: false, screening_required: true });
        expect(listing.body.tables.find((t: { table: string }) => t.table === "countries").screening_required).toBeNull();
        await ageTable("countries", 0);
      });

      it("refresh-reference-data (the Supabase schedule's function): service role only, refreshes from the configured source", async () => {
        expect((await gw.call("POST", "/functions/v1/refresh-reference-data", { body: {} })).status).toBe(401);
        const admin = { authorization: `Bearer ${gw.config.serviceRoleKey}` };
        const bad = await gw.call("POST", "/functions/v1/refresh-reference-data", { body: { only: ["nope"] }, headers: admin });
        expect(bad.status).toBe(400);
        expect(bad.body.error.code).toBe("SVC_REQ_002");
        const r = await gw.call("POST", "/functions/v1/refresh-reference-data", { body: { only: ["currencies"] }, headers: admin });
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({
          enabled: true,
          results: [{ table: "currencies", outcome: "imported", rows: 307, previous_rows: 307 }],
        });
        const status = await gw.call("GET", "/api/v1/reference-data", { apiKey: key });
        const currencies = status.body.tables.find((t: { table: string }) => t.table === "currencies");
        expect(currencies).toMatchObject({
          published_at: "2026-02-01T00:00:00.000Z",
          source_urls: [`${server.base}/currencies/codes-all.csv`],
          last_refresh_outcome: "imported",
          last_refresh_error: null,
          stale: false,
        });
        expect(currencies.checksum).toMatch(/^sha256:/);
        const again = await gw.call("POST", "/functions/v1/refresh-reference-data", { body: { only: ["currencies"] }, headers: admin });
        expect(again.body.results[0].outcome).toBe("unchanged");
      });
    },
  );
}
