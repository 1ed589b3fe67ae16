import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPglite } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";
import { importReferenceDir } from "../../shared/reference/import-reference-dir.ts";
import { SHARED_DATA, hasSharedData, sharedDataName } from "../support/shared-data.ts";

const DATA_DIR = SHARED_DATA;

function usImport() {
  return {
    exporter: {
      name: "Müller Maschinenbau GmbH",
      address: "Hafenstraße 5",
      city: "Hamburg",
      postal_code: "20457",
      country: "DE",
      contact_email: "export@mueller.example",
      contact_phone: "+49 40 123456",
    },
    importer: {
      name: "Pacific Coast Electronics Inc.",
      address: "350 S Grand Ave",
      city: "Los Angeles",
      state: "CA",
      postal_code: "90071",
      country: "US",
      tax_ids: { ein: "12-3456789" },
    },
    route: {
      origin_country: "DE",
      destination_country: "US",
      transport_mode: "sea",
      incoterms: "FOB",
      port_of_loading: "DEHAM",
      port_of_discharge: "USLAX",
      vessel_name: "MSC Aurora",
    },
    goods: {
      currency: "USD",
      total_value: 61500,
      line_items: [
        {
          description: "Portable computers",
          hs_code: "8471.30.0100",
          quantity: 50,
          unit: "pcs",
          unit_price: 950,
          origin_country: "DE",
          net_weight_kg: 110,
          gross_weight_kg: 130,
        },
        {
          description: "Smartphones",
          hs_code: "8517130000",
          quantity: 40,
          unit: "pcs",
          unit_price: 350,
          origin_country: "DE",
          net_weight_kg: 10,
          gross_weight_kg: 14,
        },
      ],
    },
    packaging: {
      total_packages: 2,
      total_gross_weight_kg: 144,
      packages: [
        { type: "pallet", quantity: 1, gross_weight_kg: 130 },
        { type: "carton", quantity: 1, gross_weight_kg: 14 },
      ],
    },
  };
}

// Validation end to end on the real reference data of ../shared/data (tariffs, UN/LOCODE, OFAC, ISO).
describe.runIf(hasSharedData)(sharedDataName("validation on the real reference data"), () => {
  let db: Db;
  let gw: TestGateway;
  let key: string;

  beforeAll(async () => {
    db = await openTestPglite();
    await importReferenceDir(db, DATA_DIR);
    gw = await createTestGateway(db);
    key = (await gw.createAccount("growth")).apiKey;
  }, 600_000); // the whole ../shared/data into PGlite: about 250 s on a busy 2-core machine
  afterAll(async () => db?.close());

  const validate = (body: unknown) => gw.call("POST", "/api/v1/shipments/validate", { body, apiKey: key });
  const ids = (r: { body: { results: { rule_id: string }[] } }) => r.body.results.map((x) => x.rule_id);

  it("a correct DE → US shipment passes every rule with every table loaded; the files' own dates name the old ones", async () => {
    const r = await validate(usImport());
    // Ages run from the data's own dates (issue 26), not from today's import: the SDN file of 2024-05-03, the
    // UN/LOCODE release 2025-1 and HTS 2026 (the revision's date is not in the files: from 1 January) are older
    // than their intervals, and so are the UN, EU, UK and US screening lists of ../shared/data/sanctions (issue 37,
    // dated 2026-02-27 to 2026-09-10 and 2022-05). Those warnings are the only findings.
    expect(r.body.results.map((x: { rule_id: string }) => x.rule_id)).toEqual(Array(7).fill("rule_reference_data_current"));
    const byTable = Object.fromEntries(r.body.results.map((x: { context: { table: string } }) => [x.context.table, x]));
    expect(Object.keys(byTable).sort()).toEqual([
      "hs_codes_us",
      "port_codes",
      "sanctions_eu",
      "sanctions_ofac",
      "sanctions_uk",
      "sanctions_un",
      "sanctions_us_csl",
    ]);
    expect(byTable.sanctions_us_csl.message).toContain("is dated 2022-05-01");
    expect(byTable.sanctions_ofac).toMatchObject({ severity: "warning", context: { age_from: "publication" } });
    expect(byTable.sanctions_ofac.message).toContain("is dated 2024-05-03");
    expect(byTable.sanctions_ofac.message).toContain("npm run reference:refresh -- --only sanctions");
    expect(byTable.port_codes.message).toContain("(UN/LOCODE 2025-1) used for this validation is dated 2025-01-01");
    expect(byTable.hs_codes_us.message).toContain("(HTS 2026 Revision 10) used for this validation is dated 2026-01-01");
    expect(r.body).toMatchObject({ valid: true, score: 95 }); // one rule, one deduction
  });

  it("finds codes missing from the US schedule, unknown ports, and ports in the wrong country", async () => {
    const s = usImport();
    s.goods.line_items[0].hs_code = "8471300199";
    s.route.port_of_loading = "DEZZQ";
    s.route.port_of_discharge = "CNSGH";
    const r = await validate(s);
    expect(r.body.valid).toBe(false);
    const hs = r.body.results.find((x: { rule_id: string }) => x.rule_id === "rule_hs_code_us");
    expect(hs).toMatchObject({ severity: "error", field: "goods.line_items[0].hs_code" });
    expect(ids(r)).toEqual(expect.arrayContaining(["rule_port_of_loading_valid", "rule_port_country_match_dest"]));
    expect(ids(r)).not.toContain("rule_hs_code_format");
  });

  it("screens parties against the OFAC list with the matched entry in the context, and flags embargoed destinations", async () => {
    const s = usImport();
    s.importer.name = "Mahan Air";
    const r = await validate(s);
    const hit = r.body.results.find((x: { rule_id: string }) => x.rule_id === "rule_sanctions_importer");
    expect(hit).toMatchObject({
      severity: "error",
      field: "importer.name",
      context: { uid: "12927", name: "MAHAN AIR", list: "OFAC SDN" },
    });
    expect(hit.context.score).toBeGreaterThanOrEqual(0.87);
    expect(hit.context.program).toMatch(/SDGT/);

    const variant = usImport();
    variant.exporter.name = "Banco Nacional de Cuba S.A.";
    expect(ids(await validate(variant))).toContain("rule_sanctions_exporter");

    const cuba = usImport();
    cuba.route.destination_country = "CU";
    cuba.importer.country = "CU";
    const c = await validate(cuba);
    expect(c.body.results.find((x: { rule_id: string }) => x.rule_id === "rule_embargoed_destination")).toMatchObject({
      context: { country: "CU" },
    });
  });

  it("checks the EU, UK and India schedules by their own code lengths", async () => {
    const eu = usImport();
    eu.route = { ...eu.route, destination_country: "NL", port_of_discharge: "NLRTM", incoterms: "CIF" };
    eu.importer = { ...eu.importer, country: "NL", tax_ids: { eori: "NL123456789" } } as never;
    eu.goods.line_items[0].hs_code = "8471300000"; // CN8 84713000 exists; checked by its first 8 digits
    eu.goods.line_items[1].hs_code = "8517130000";
    const r = await validate(eu);
    expect(r.body.results.filter((x: { rule_id: string }) => x.rule_id === "rule_hs_code_eu")).toEqual([]);

    const bad = structuredClone(eu);
    bad.goods.line_items[0].hs_code = "8471999999";
    expect(ids(await validate(bad))).toContain("rule_hs_code_eu");

    const uk = usImport();
    uk.route = { ...uk.route, destination_country: "GB", port_of_discharge: "GBFXT" };
    uk.importer = { ...uk.importer, country: "GB", tax_ids: { eori: "GB123456789000" } } as never;
    uk.goods.line_items[0].hs_code = "8471300000";
    uk.goods.line_items[1].hs_code = "8517130000";
    expect(ids(await validate(uk))).not.toContain("rule_hs_code_uk");

    const india = usImport();
    india.route = { ...india.route, destination_country: "IN", port_of_discharge: "INNSA" };
    india.importer = { ...india.importer, country: "IN", tax_ids: { iec: "ABCDE1234F" } } as never;
    india.goods.line_items[0].hs_code = "84713010";
    india.goods.line_items[1].hs_code = "85171300";
    const ir = await validate(india);
    expect(ids(ir)).not.toContain("rule_hs_code_in");
    india.goods.line_items[0].hs_code = "84719999";
    expect(ids(await validate(india))).toContain("rule_hs_code_in");
  });
});
