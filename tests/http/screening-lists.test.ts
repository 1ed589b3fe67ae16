import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";
import { importReferenceDir } from "../../shared/reference/import-reference-dir.ts";
import { SHARED_DATA, hasSharedData } from "../support/shared-data.ts";

// The one test file that imports the full UN and CSL files (with OFAC and the EU/UK excerpts) through the
// real folder import, on each backend, and validates over HTTP (issue 37, Done means 1–3).
const LISTS = ["sanctions_ofac", "sanctions_un", "sanctions_eu", "sanctions_uk", "sanctions_us_csl"];

function shipment(importer: string, country = "DE") {
  return {
    exporter: {
      name: "Pacific Coast Electronics Inc.",
      address: "350 S Grand Ave",
      city: "Los Angeles",
      postal_code: "90071",
      country: "US",
    },
    importer: { name: importer, address: "Main Street 1", city: "Somewhere", postal_code: "10000", country },
    route: { origin_country: "US", destination_country: country, transport_mode: "air", incoterms: "FCA" },
    goods: {
      currency: "USD",
      total_value: 1000,
      line_items: [
        { description: "Portable computers", hs_code: "847130", quantity: 1, unit: "pcs", unit_price: 1000, origin_country: "US" },
      ],
    },
  };
}

interface Finding {
  rule_id: string;
  severity: string;
  message: string;
  context: Record<string, unknown> & { lists: { list: string; entry_id: string; effect: string; entry_hash: string }[] };
}

for (const backend of testBackends()) {
  describe.runIf(hasSharedData)(`screening against every list on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    let gw: TestGateway;
    let key: string;

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      const result = await importReferenceDir(db, SHARED_DATA, { only: LISTS });
      expect(result.tables.map((t) => [t.table, t.files.map((f) => f.split("/").pop())])).toEqual([
        ["sanctions_ofac", expect.any(Array)],
        ["sanctions_un", ["un_consolidated_2026-02-27.xml.gz"]],
        ["sanctions_eu", ["eu_fsf_2026-08-05_excerpt.xml"]],
        ["sanctions_uk", ["uk_sanctions_list_2026-09-10_excerpt.xml"]],
        ["sanctions_us_csl", ["us_csl_consolidated_2022-05.csv.gz"]],
      ]);
      gw = await createTestGateway(db);
      key = (await gw.createAccount("growth")).apiKey;
    }, 900_000);
    afterAll(async () => close?.());

    const importerFinding = async (name: string, country?: string): Promise<Finding | undefined> => {
      const r = await gw.call("POST", "/api/v1/shipments/validate", { body: shipment(name, country), apiKey: key });
      expect(r.status).toBe(200);
      return r.body.results.find((x: Finding) => x.rule_id === "rule_sanctions_importer");
    };

    it("imports each list with the publisher's date and hashes every entry", async () => {
      const rows = await db.query<{ table_name: string; published_at: string; row_count: number }>(
        "select table_name, published_at::text as published_at, row_count from reference_imports where table_name like 'sanctions_%' order by table_name",
      );
      const byTable = Object.fromEntries(rows.map((r) => [r.table_name, r]));
      expect(byTable.sanctions_un).toMatchObject({ row_count: 1003 });
      expect(byTable.sanctions_un.published_at).toMatch(/^2026-02-27/);
      expect(byTable.sanctions_uk.published_at).toMatch(/^2026-09-10/);
      expect(byTable.sanctions_us_csl.published_at).toMatch(/^2022-05-01/);
      const [{ n }] = await db.query<{ n: number }>("select count(*)::int as n from sanctions_us_csl where entry_hash !~ '^[0-9a-f]{64}$'");
      expect(n).toBe(0);
    });

    it("Azur Air: BIS Denied Persons, an export denial (error)", async () => {
      const f = await importerFinding("Azur Air", "RU");
      expect(f).toMatchObject({ severity: "error", context: { list: "BIS Denied Persons", effect: "export_denial", name: "AZUR AIR" } });
      expect(f!.message).toContain("denied export privileges");
    });

    it("Rigsol and KMA: the Entity List's licence requirement (error)", async () => {
      for (const name of ["Rigsol Well Drilling Equipment Trading", "KMA International Import and Export Co."]) {
        const f = await importerFinding(name, "AE");
        expect(f).toMatchObject({ severity: "error", context: { list: "BIS Entity List", effect: "licence_required" } });
        expect(f!.message).toContain("a licence is required for items subject to the EAR");
      }
    });

    it("Huawei Technologies Co., Ltd.: an error citing the Entity List, with OFAC's CMIC listing named too, one finding", async () => {
      const r = await gw.call("POST", "/api/v1/shipments/validate", { body: shipment("Huawei Technologies Co., Ltd.", "CN"), apiKey: key });
      const findings = r.body.results.filter((x: Finding) => x.rule_id === "rule_sanctions_importer");
      expect(findings).toHaveLength(1);
      const f: Finding = findings[0];
      expect(f).toMatchObject({ severity: "error", context: { list: "BIS Entity List", effect: "licence_required" } });
      const lists = f.context.lists.map((l) => l.list);
      expect(lists[0]).toBe("BIS Entity List");
      expect(lists).toContain("OFAC CMIC");
      expect(lists.filter((l) => l === "OFAC CMIC")).toHaveLength(1); // the CSL's copy of the CMIC entry is not a second listing
      expect(f.context.lists.every((l) => /^[0-9a-f]{64}$/.test(l.entry_hash))).toBe(true);
      expect(f.message).toContain("Also listed: ");
      expect(f.message).toContain("OFAC CMIC 30947");
    });

    it("a UN entry, an EU and a UK excerpt entry are found with their listings", async () => {
      const un = await importerFinding("Butembo Airlines", "CD");
      expect(un?.context.lists.map((l) => l.list)).toContain("UN");
      const eu = await importerFinding("Bin Khalid Fahd Bin Adballah", "PK");
      expect(eu?.context.lists.map((l) => l.list)).toContain("EU");
      const uk = await importerFinding("Haji Khairullah Money Exchange", "AF");
      expect(uk?.context.lists.map((l) => l.list)).toContain("UK");
      expect(uk?.severity).toBe("error");
    });

    it("a UN individual with middle names left out is found: the import marks UN names given names first", async () => {
      // Listed "MOHAMMED SALAHALDIN ABD EL HALIM ZIDANE" (QDi.001): first and last word required, inner ones optional.
      const f = await importerFinding("Mohammed Salahaldin Zidane", "EG");
      expect(f?.context.lists.map((l) => [l.list, l.entry_id])).toContainEqual(["UN", "QDi.001"]);
    });

    it("a fuzzy match whose entry states only other countries is a possible match (warning); an exact one stays an error", async () => {
      // One letter off in a long word; the entry states the United Arab Emirates only.
      const fuzzy = await importerFinding("Rigsol Well Driling Equipment Trading", "DE");
      expect(fuzzy).toMatchObject({ severity: "warning", context: { list: "BIS Entity List", possible_match: true } });
      expect(fuzzy!.message).toContain("a possible match");
      const exact = await importerFinding("Azur Air", "DE");
      expect(exact?.severity).toBe("error");
    });

    it("a re-import that changes nothing records no entry change; a changed entry is recorded", async () => {
      const count = async () => (await db.query<{ n: number }>("select count(*)::int as n from screening_entry_changes"))[0].n;
      const before = await count();
      await importReferenceDir(db, SHARED_DATA, { only: ["sanctions_uk"] });
      expect(await count()).toBe(before);
      await db.query("update sanctions_uk set entry_hash = 'x' where uid = 'AFG0001'");
      await importReferenceDir(db, SHARED_DATA, { only: ["sanctions_uk"] });
      const rows = await db.query<{ list: string; entry_id: string; change: string }>(
        "select list, entry_id, change from screening_entry_changes where id > (select coalesce(max(id), 0) - 1 from screening_entry_changes)",
      );
      expect(rows).toEqual([{ list: "UK", entry_id: "AFG0001", change: "changed" }]);
    }, 600_000);
  });
}
