import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPglite } from "../support/databases.ts";
import type { Db } from "../../shared/db/types.ts";
import { importReferenceDir, type ReferenceImportResult } from "../../shared/reference/import-reference-dir.ts";
import { gatherReferenceFacts } from "../../shared/reference/gather-reference-facts.ts";
import { SHARED_DATA, hasSharedData, sharedDataName } from "../support/shared-data.ts";

// The workspace's real reference files (see ../shared/data/SOURCES.md); absent in a bare checkout.
const DATA_DIR = SHARED_DATA;

describe.runIf(hasSharedData)(sharedDataName("full reference import from ../shared/data (PGlite)"), () => {
  let db: Db;
  let result: ReferenceImportResult;
  let seconds = 0;

  beforeAll(async () => {
    db = await openTestPglite();
    const started = performance.now();
    result = await importReferenceDir(db, DATA_DIR);
    seconds = (performance.now() - started) / 1000;
    console.info(`full reference import into PGlite: ${seconds.toFixed(1)} s`);
  }, 600_000); // the whole ../shared/data into PGlite: several minutes on a busy 2-core machine
  afterAll(async () => db?.close());

  const count = async (sql: string) => (await db.query<{ n: number }>(`select count(*)::int as n ${sql}`))[0].n;

  it("imports every table (the time is reported, not asserted: speed belongs to the benchmarks)", () => {
    expect(result.missing).toEqual([]);
    expect(result.tables.filter((t) => t.error)).toEqual([]);
    expect(Object.fromEntries(result.tables.map((t) => [t.table, t.rows]))).toEqual({
      hs_codes_wco: 6936,
      hs_codes_us: 35509,
      hs_codes_eu: 12680,
      hs_codes_uk: 25650,
      hs_codes_in: 21561,
      port_codes: 116074,
      sanctions_ofac: 15407,
      // The newest file of each list by its date (sanctions/PROVENANCE.md): UN 1,003 entries; the CSL's 14,160
      // rows less one that names no list; the EU and UK excerpts' 5 entries each.
      sanctions_un: 1003,
      sanctions_eu: 5,
      sanctions_uk: 5,
      sanctions_us_csl: 14159,
      countries: 249,
      currencies: 307,
      hs_search_references: 4145,
    });
  });

  it("matches the counts documented in SOURCES.md", async () => {
    expect(await count("from hs_codes_wco where level = 6")).toBe(5612);
    expect(await count("from hs_codes_wco where level = 4")).toBe(1228);
    expect(await count("from hs_codes_us where level = 10")).toBe(19856);
    expect(await count("from hs_codes_us where level = 8")).toBe(6687);
    expect(await count("from hs_codes_us where code is null")).toBe(5912);
    expect(await count("from hs_codes_eu where level = 8")).toBe(9791);
    expect(await count("from hs_codes_uk where suffix = '80'")).toBe(22163);
    expect(await count("from hs_codes_uk where is_leaf")).toBe(16602);
    expect(await count("from hs_codes_in where level = 8")).toBe(14343);
    expect(await count("from port_codes where port")).toBe(17582);
    expect(await count("from port_codes where coordinates is not null")).toBe(92757);
    expect(await count("from (select distinct country from port_codes) c")).toBe(249);
    expect(await count("from sanctions_ofac where list = 'SDN'")).toBe(14965);
    expect(await count("from sanctions_ofac where list = 'SDN' and type = 'individual'")).toBe(6854);
    expect(await count("from sanctions_ofac where list = 'SDN' and type = 'vessel'")).toBe(851);
    expect(await count("from sanctions_ofac where list = 'SDN' and type = 'aircraft'")).toBe(376);
    expect(await count("from sanctions_ofac where list = 'CONS'")).toBe(442);
    expect(await count("from currencies where current")).toBe(178);
    const ports = result.tables.find((t) => t.table === "port_codes")!;
    expect(ports.notes).toEqual(["skipped 249 country header rows, 95 see-reference rows, 0 duplicates, 0 malformed", "encoding utf-8"]);
  });

  it("has the same HS 2022 6-digit set in the WCO table and under the CN8 codes", async () => {
    const mismatches = await count(`from (select code from hs_codes_wco where level = 6) w
      full join (select distinct left(code, 6) as code from hs_codes_eu where level = 8) e on e.code = w.code
      where w.code is null or e.code is null`);
    expect(mismatches).toBe(0);
  });

  it("answers real lookups", async () => {
    const facts = await gatherReferenceFacts(db, {
      hsCodes: {
        us: ["8471300100", "8471.30.01.00", "0101210010", "8471300199"],
        eu: ["84713000", "8471300000", "01012100", "84713001"],
        // 2841908520 ended on 2026-01-01.
        uk: ["8471300000", "0101210000", "2841908520"],
        in: ["84713010", "84713000"],
        wco: ["847130", "010121", "847199"],
      },
      ports: ["DEHAM", "USLAX", "CNSHA", "CNSGH", "NLRTM", "BEBRU", "ADEAC", "ZZZZZ"],
    });
    expect([...facts.hsCodes.us].sort()).toEqual(["0101210010", "8471300100"]);
    expect([...facts.hsCodes.eu].sort()).toEqual(["01012100", "84713000", "8471300000"]);
    expect([...facts.hsCodes.uk].sort()).toEqual(["0101210000", "8471300000"]);
    expect([...facts.hsCodes.in]).toEqual(["84713010"]);
    expect([...facts.hsCodes.wco].sort()).toEqual(["010121", "847130"]);
    expect(facts.euCodeLength).toBe(8);
    expect(facts.ports.get("DEHAM")).toMatchObject({
      country: "DE",
      name: "Hamburg",
      functions: { port: true, rail: true, road: true, airport: true },
    });
    expect(facts.ports.get("USLAX")).toMatchObject({ country: "US", name: "Los Angeles", functions: { port: true } });
    expect(facts.ports.get("NLRTM")).toMatchObject({ country: "NL", name: "Rotterdam", functions: { port: true } });
    // In release 2025-1 CNSHA is Shanghai Hongqiao airport; the seaport is CNSGH.
    expect(facts.ports.get("CNSHA")).toMatchObject({ country: "CN", functions: { port: false, airport: true } });
    expect(facts.ports.get("CNSGH")).toMatchObject({ country: "CN", name: "Shanghai", functions: { port: true } });
    expect(facts.ports.get("ADEAC")?.name).toBe("Escàs");
    expect(facts.ports.has("ZZZZZ")).toBe(false);
    expect(facts.countries.size).toBe(249);
    expect(["DE", "US", "NA", "CN", "GB"].every((c) => facts.countries.has(c))).toBe(true);
    expect(facts.currencies.has("EUR") && facts.currencies.has("USD")).toBe(true);
    expect(facts.currencies.has("HRK")).toBe(false);
  });

  it("keeps the US rates, hierarchy and OFAC aliases of real entries", async () => {
    const [us] = await db.query(
      "select description, effective_general_rate, effective_column2_rate, parent_code from hs_codes_us where code = '8471300100'",
    );
    expect(us).toMatchObject({ effective_general_rate: "Free", effective_column2_rate: "35%", parent_code: "8471" });
    const [horse] = await db.query("select effective_general_rate, rate_line_code from hs_codes_us where code = '0101210010'");
    expect(horse).toEqual({ effective_general_rate: "Free", rate_line_code: "01012100" });
    const [bnc] = await db.query<{
      name: string;
      programs: string[];
      aliases: Array<{ name: string }>;
      addresses: Array<{ country: string }>;
    }>("select name, programs, aliases, addresses from sanctions_ofac where list = 'SDN' and uid = 306");
    expect(bnc.name).toBe("BANCO NACIONAL DE CUBA");
    expect(bnc.programs).toEqual(["CUBA"]);
    expect(bnc.aliases.map((a) => a.name)).toContain("NATIONAL BANK OF CUBA");
    expect(bnc.addresses.map((a) => a.country)).toContain("Switzerland");
  });
});
