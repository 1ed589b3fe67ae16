import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends, withoutReferenceData } from "../support/databases.ts";
import type { Db } from "../../shared/db/types.ts";
import { findReferenceFiles, importReferenceDir, importReferenceDirIfEmpty } from "../../shared/reference/import-reference-dir.ts";
import { gatherReferenceFacts } from "../../shared/reference/gather-reference-facts.ts";
import { readImportRecords } from "../../shared/reference/import-records.ts";
import { REFERENCE_TABLES } from "../../shared/reference/load-reference-table.ts";
import { createBaseApp } from "../../shared/http/function-app.ts";
import { mountRoutes } from "../../shared/http/route.ts";
import { referenceDataRouter } from "../../shared/reference/reference-data-router.ts";
import { provideServices, createBlobStore } from "../../shared/runtime/services.ts";
import { loadConfig } from "../../shared/runtime/config.ts";
import { createAccount, createApiKey } from "../../shared/accounts/account-repository.ts";

// Small hand-written files in the official formats, laid out (and gzipped) like ../shared/data.
const FIXTURES: Record<string, string | { latin1: string }> = {
  "hs/wco_hs2022.csv": [
    "section,hscode,description,parent,level",
    "I,01,Animals; live,TOTAL,2",
    'I,0101,"Horses, asses, mules and hinnies; live",01,4',
    'I,010121,"Horses; live, pure-bred breeding animals",0101,6',
    "XVI,84,Nuclear reactors; machinery,TOTAL,2",
    "XVI,8471,Automatic data processing machines,84,4",
    "XVI,847130,Portable automatic data processing machines,8471,6",
    "TOTAL,TOTAL,Total of all HS2022 commodities,TOTAL,5",
  ].join("\n"),
  "hs/wco_hs2022_sections.csv": "\uFEFFsection,name\nI,live animals; animal products\nXVI,machinery\n",
  "us_hts/usitc_hts_2026_revision_10.json.gz": JSON.stringify([
    {
      htsno: "0101",
      indent: "0",
      description: "Live horses, asses, mules and hinnies:",
      units: [],
      general: "",
      special: "",
      other: "",
      footnotes: [],
    },
    { htsno: "", indent: "1", description: "Horses:", superior: "true", units: [], general: "", special: "", other: "", footnotes: null },
    {
      htsno: "0101.21.00",
      indent: "2",
      description: "Purebred breeding animals",
      units: [],
      general: "Free",
      special: "",
      other: "Free",
      footnotes: [],
    },
    { htsno: "0101.21.00.10", indent: "3", description: "Males", units: ["No."], general: "", special: "", other: "", footnotes: [] },
    {
      htsno: "8471",
      indent: "0",
      description: "Automatic data processing machines:",
      units: [],
      general: "",
      special: "",
      other: "",
      footnotes: [],
    },
    {
      htsno: "8471.30.01.00",
      indent: "1",
      description: "Portable automatic data processing machines",
      units: ["No."],
      general: "Free",
      special: "",
      other: "35%",
      footnotes: [],
    },
  ]),
  // An older revision in the other official format: must lose to revision 10.
  "us_hts/usitc_hts_2026_revision_4.csv.gz":
    "\uFEFFHTS Number,Indent,Description,Unit of Quantity,General Rate of Duty,Special Rate of Duty,Column 2 Rate of Duty,Quota Quantity,Additional Duties\r\n" +
    '"0101","0","Live horses","","","","","",""\r\n',
  "eu_cn/eu_cn2026_codes.json.gz": JSON.stringify([
    {
      code: "01012100",
      rawCode: "0101 21 00",
      name: "Pure-bred breeding animals",
      version: 2026,
      subheading: null,
      heading: "0101",
      chapter: "01",
      section: "I",
      supplementaryUnit: "PST",
    },
    {
      code: "84713000",
      rawCode: "8471 30 00",
      name: "Portable automatic data-processing machines",
      version: 2026,
      subheading: null,
      heading: "8471",
      chapter: "84",
      section: "XVI",
      supplementaryUnit: "PST",
    },
  ]),
  "eu_cn/eu_cn2026_headings.json.gz": JSON.stringify([
    { code: "0101", rawCode: "0101", name: "Live horses", version: 2026, chapter: "01", section: "I" },
    { code: "8471", rawCode: "8471", name: "Automatic data-processing machines", version: 2026, chapter: "84", section: "XVI" },
  ]),
  "eu_cn/eu_cn2026_chapters.json.gz": JSON.stringify([{ code: "01", rawCode: "01", name: "LIVE ANIMALS", version: 2026, section: "I" }]),
  "eu_cn/eu_cn2026_sections.json.gz": JSON.stringify([{ code: "I", rawCode: "I", name: "LIVE ANIMALS; ANIMAL PRODUCTS", version: 2026 }]),
  "eu_cn/eu_cn2025_codes.json.gz": JSON.stringify([{ code: "99999999", rawCode: "9999 99 99", name: "Old edition", version: 2025 }]),
  "uk_tariff/uk_tariff_commodities_report_v4.0.1205.csv.gz": [
    '"id","commodity__sid","commodity__code","commodity__suffix","commodity__description","commodity__validity_start","commodity__validity_end","parent__sid","parent__code","parent__suffix"',
    '1,27623,"0100000000","80","LIVE ANIMALS","1971-12-31","#NA","#NA","#NA","#NA"',
    '2,27624,"0101000000","80","Live horses, asses, mules and hinnies","1972-01-01","#NA",27623,"0100000000","80"',
    '3,93797,"0101210000","10","Horses","2012-01-01","#NA",27624,"0101000000","80"',
    '4,93796,"0101210000","80","Pure-bred breeding animals","2012-01-01","#NA",93797,"0101210000","10"',
    '5,93798,"0101290000","10","Other","2012-01-01","#NA",93797,"0101210000","10"',
    '6,85158,"2841908500","80","Other","2007-01-01","2020-01-01","#NA","#NA","#NA"',
    '7,99999,"2841908600","80","Not yet valid","2999-01-01","#NA","#NA","#NA","#NA"',
  ].join("\r\n"),
  // Version 4.0.999 is older than 4.0.1205 although it sorts after it as text.
  "uk_tariff/uk_tariff_commodities_report_v4.0.999.csv.gz": '"id","commodity__sid"\n1,1\n',
  "in_hsn/india_gst_hsn_master_goods.csv.gz":
    '\uFEFF"\r\nHSNCode",Description\r\n01,LIVE ANIMALS\r\n0101,"LIVE HORSES, ASSES"\r\n01011010,"PURE-BRED HORSES"\r\n8471,ADP MACHINES\r\n84713010,PERSONAL COMPUTER\r\n"3074330","SQUID \r\r\nTUBES"\r\n',
  // Part 2 is ISO-8859-1, as UN/LOCODE releases used to be.
  "unlocode/official_2025-1_UNLOCODE_CodeListPart1.csv.gz":
    ",BE,,.BELGIUM,,,,,,,,\r\n,BE,BRU,Brussel (Bruxelles),Brussel (Bruxelles),BRU,1234----,AI,1101,,5050N 00420E,\r\n,BE,BRU,Bruxelles (Brussel),Bruxelles (Brussel),BRU,1234----,AI,1101,,5050N 00420E,\r\n,BE,,Antwerp = Antwerpen,Antwerp = Antwerpen,,,,,,,\r\n,DE,,.GERMANY,,,,,,,,\r\n,DE,HAM,Hamburg,Hamburg,HH,12345---,AF,2001,,5331N 00956E,",
  "unlocode/official_2025-1_UNLOCODE_CodeListPart2.csv.gz": {
    latin1:
      ",FR,,.FRANCE,,,,,,,,\r\n,FR,LEH,Le Havre,Le Havre,76,1234----,AF,0601,,4929N 00006E,\r\n,FR,ZCH,Châlons-en-Champagne,Chalons-en-Champagne,51,--3-----,RL,0307,,,\r\nX,FR,ZZZ,Obsolète,Obsolete,,--3-----,RL,0001,,,",
  },
  "unlocode/official_2025-1_UNLOCODE_CodeListPart3.csv.gz":
    ",US,,.UNITED STATES,,,,,,,,\r\n,US,LAX,Los Angeles,Los Angeles,CA,1--45---,AI,0001,,,\r\n,US,NYC,New York,New York,NY,12345---,AI,0001,,4042N 07400W,",
  // An older release and the derived single file: both must be ignored.
  "unlocode/official_2024-2_UNLOCODE_CodeListPart1.csv.gz": ",ZZ,OLD,Old release,Old release,,1-------,AI,0001,,,",
  "unlocode/unlocode_2025-1_codelist.csv.gz": "Change,Country,Location,Name\n,ZZ,DER,Derived,Derived,,1-------,AI,0001,,,\n",
  "ofac/ofac_sdn_2024-05-03.csv.gz":
    '36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n' +
    '2686,"NASRALLAH, Hasan","individual","SDGT] [SYRIA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 31 Aug 1960; Effective Da"\r\n\u001a',
  "ofac/ofac_alt_2026-06.csv.gz": '36,12,"aka","AERO-CARIBBEAN",-0- \r\n50000,1,"aka","LATER DESIGNATION",-0- \r\n\u001a',
  "ofac/ofac_add_2026-06.csv.gz": '36,25,-0- ,"Havana","Cuba",-0- \r\n\u001a',
  "ofac/ofac_sdn_comments_2025-12.csv.gz": '2686,"te 1 Jan 2020."\r\n\u001a',
  "ofac/ofac_cons_prim_2025-12.csv.gz":
    '9639,"HANIYA, Ismail Abdul Salah","individual","NS-PLC",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1962; POB Shati."\r\n\u001a',
  "ofac/ofac_cons_alt_2025-12.csv.gz": '9639,9150,"aka","HANIYA, Ismail",-0- \r\n\u001a',
  // The other screening lists, one invented entry each in the publisher's own format (shared/reference/importers).
  "sanctions/un_consolidated_2026-02-27.xml.gz":
    '<?xml version="1.0" encoding="UTF-8"?><CONSOLIDATED_LIST dateGenerated="2026-02-27T00:00:09.554Z"><INDIVIDUALS/>' +
    "<ENTITIES><ENTITY><DATAID>9900001</DATAID><FIRST_NAME>ZYXQUORT TEST TRADING</FIRST_NAME><UN_LIST_TYPE>DPRK</UN_LIST_TYPE>" +
    "<REFERENCE_NUMBER>KPe.999</REFERENCE_NUMBER><ENTITY_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>ZQT</ALIAS_NAME></ENTITY_ALIAS>" +
    "<ENTITY_ADDRESS><COUNTRY>Democratic People's Republic of Korea</COUNTRY></ENTITY_ADDRESS></ENTITY></ENTITIES></CONSOLIDATED_LIST>",
  "sanctions/eu_fsf_2026-08-05_excerpt.xml":
    '<?xml version="1.0" encoding="UTF-8"?><export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="2026-08-05T16:47:04.449+02:00">' +
    '<sanctionEntity euReferenceNumber="EU.9999.1" logicalId="999991"><regulation programme="RUS"/><subjectType code="enterprise"/>' +
    '<nameAlias wholeName="Velmorokh Fictitious Shipping LLC" strong="true"/><address countryIso2Code="RU"/></sanctionEntity></export>',
  "sanctions/uk_sanctions_list_2026-09-10_excerpt.xml":
    '<?xml version="1.0" encoding="utf-8"?><Designations><DateGenerated>10/09/2026</DateGenerated><Designation>' +
    "<UniqueID>RUS9999</UniqueID><RegimeName>Russia</RegimeName><IndividualEntityShip>Entity</IndividualEntityShip>" +
    "<Names><Name><Name6>Quarneth Test Holdings</Name6><NameType>Primary Name</NameType></Name></Names>" +
    "<SanctionsImposed>Asset freeze</SanctionsImposed></Designation></Designations>",
  "sanctions/us_csl_consolidated_2022-05.csv.gz": [
    "_id,source,entity_number,type,programs,name,title,addresses,federal_register_notice,start_date,end_date,standard_order,license_requirement,license_policy,call_sign,vessel_type,gross_tonnage,gross_registered_tonnage,vessel_flag,vessel_owner,remarks,source_list_url,alt_names,citizenships,dates_of_birth,nationalities,places_of_birth,source_information_url,ids",
    'abc123,Entity List (EL) - Bureau of Industry and Security,,Entity,,Ilyavor Test Electronics,,"1 Test Road, Testville, CN",,,,,For all items subject to the EAR.,Presumption of denial.,,,,,,,,,,,,,,,',
  ].join("\n"),
  "iso/country-codes.csv": [
    "FIFA,Dial,ISO3166-1-Alpha-3,ISO3166-1-numeric,ISO3166-1-Alpha-2,official_name_en,CLDR display name",
    "GER,49,DEU,276,DE,Germany,Germany",
    "USA,1,USA,840,US,United States of America,US",
    "NAM,264,NAM,516,NA,Namibia,Namibia",
  ].join("\n"),
  "iso/iso4217-currency-codes.csv": [
    "Entity,Currency,AlphabeticCode,NumericCode,MinorUnit,WithdrawalDate",
    "GERMANY,Euro,EUR,978,2,",
    "UNITED STATES OF AMERICA (THE),US Dollar,USD,840,2,",
    "GERMANY,Deutsche Mark,DEM,276,,2002-03",
  ].join("\r\n"),
  "uk_tariff/search_references/search_references.json": JSON.stringify({ "air fryer": "8516792000", camiseta: "6109100010" }),
  "uk_tariff/search_references/brands.csv": [
    "CMDTYCODE,GDSDESC,GDSDESC (Brand / Product),Description for context / augmenting,Comments,Initials",
    "040510,Anchor butter,Anchor,butter,,LR",
  ].join("\n"),
};

const TARIC_CSV = [
  "GOODS_CODE,SUFFIX,INDENT,DESCRIPTION,IS_LEAF,START_DATE",
  "0100000000,80,0,LIVE ANIMALS,0,1971-12-31",
  "0101000000,80,0,Live horses,0,1972-01-01",
  "0101210000,80,1,Pure-bred breeding animals,1,2012-01-01",
  "8471300000,80,1,Portable automatic data-processing machines,1,1996-01-01",
].join("\n");

async function writeFixtures(dir: string, files: Record<string, string | { latin1: string }>) {
  for (const [rel, content] of Object.entries(files)) {
    const path = join(dir, rel);
    await mkdir(dirname(path), { recursive: true });
    const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : Buffer.from(content.latin1, "latin1");
    await writeFile(path, rel.endsWith(".gz") ? gzipSync(bytes) : bytes);
  }
}

const EXPECTED_ROWS = {
  hs_codes_wco: 6,
  hs_codes_us: 6,
  hs_codes_eu: 5,
  hs_codes_uk: 7,
  hs_codes_in: 6,
  port_codes: 8,
  sanctions_ofac: 3,
  sanctions_un: 1,
  sanctions_eu: 1,
  sanctions_uk: 1,
  sanctions_us_csl: 1,
  countries: 3,
  currencies: 3,
  hs_search_references: 3,
};

async function counts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of Object.keys(EXPECTED_ROWS)) out[t] = (await db.query<{ n: number }>(`select count(*)::int as n from ${t}`))[0].n;
  return out;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "tds-reference-"));
  await writeFixtures(dir, FIXTURES);
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("findReferenceFiles", () => {
  it("picks the newest vintage of every dataset and the official files over derived ones", async () => {
    const found = await findReferenceFiles(dir);
    expect(found.hs_codes_us).toEqual({ files: ["us_hts/usitc_hts_2026_revision_10.json.gz"], vintage: "HTS 2026 Revision 10" });
    expect(found.hs_codes_uk?.vintage).toBe("UK Tariff v4.0.1205");
    expect(found.hs_codes_eu?.vintage).toBe("CN 2026");
    expect(found.hs_codes_eu?.files).toEqual([
      "eu_cn/eu_cn2026_codes.json.gz",
      "eu_cn/eu_cn2026_headings.json.gz",
      "eu_cn/eu_cn2026_chapters.json.gz",
      "eu_cn/eu_cn2026_sections.json.gz",
    ]);
    expect(found.port_codes).toEqual({
      files: [1, 2, 3].map((n) => `unlocode/official_2025-1_UNLOCODE_CodeListPart${n}.csv.gz`),
      vintage: "UN/LOCODE 2025-1",
    });
    expect(found.sanctions_ofac?.files).toHaveLength(6);
    expect(found.sanctions_ofac?.vintage).toBe("SDN 2024-05-03 (alt 2026-06, add 2026-06, comments 2025-12); consolidated 2025-12");
  });
});

for (const backend of testBackends()) {
  describe(`reference import on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ db, close } = await backend.open());
      await withoutReferenceData(db); // this suite is about the first import into empty tables
    });
    afterAll(async () => close?.());

    it("starts with empty tables and a status listing every table as never imported", async () => {
      const status = await readImportRecords(db);
      expect(status.map((s) => s.table)).toEqual([...REFERENCE_TABLES]);
      expect(status.every((s) => s.row_count === 0 && s.source === null && s.vintage === null && s.imported_at === null)).toBe(true);
      const facts = await gatherReferenceFacts(db, { hsCodes: { us: ["8471300100"] }, ports: ["DEHAM"] });
      expect(facts.loaded).toEqual({
        us: false,
        eu: false,
        uk: false,
        in: false,
        wco: false,
        ports: false,
        sanctions: false,
        countries: false,
        currencies: false,
      });
      expect(facts.hsCodes.us.size).toBe(0);
      expect(facts.ports.size).toBe(0);
    });

    it("imports every dataset with progress, counts and notes", async () => {
      const progress: Array<[string, number, number]> = [];
      const result = await importReferenceDir(db, dir, { batchSize: 2, onProgress: (t, d, n) => progress.push([t, d, n]) });
      expect(result.missing).toEqual([]);
      expect(Object.fromEntries(result.tables.map((t) => [t.table, t.rows]))).toEqual(EXPECTED_ROWS);
      expect(await counts(db)).toEqual(EXPECTED_ROWS);
      // Batches of 2: the 8 ports arrive as 0, 2, 4, 6, 8.
      expect(progress.filter(([t]) => t === "port_codes").map(([, d, n]) => `${d}/${n}`)).toEqual(["0/8", "2/8", "4/8", "6/8", "8/8"]);
      const ports = result.tables.find((t) => t.table === "port_codes")!;
      expect(ports.notes).toContain("encoding utf-8/windows-1252");
      expect(ports.notes[0]).toBe("skipped 4 country header rows, 1 see-reference rows, 0 duplicates, 0 malformed");
      const ofac = result.tables.find((t) => t.table === "sanctions_ofac")!;
      expect(ofac.notes[0]).toBe("SDN: 2 entries; records for entries not in the primary file: 1 alt, 0 add, 0 comments");
    });

    it("stores the rows as parsed: Latin-1 names decoded, hierarchy, rates, aliases", async () => {
      const [zch] = await db.query<{ name: string; name_wo_diacritics: string }>(
        "select name, name_wo_diacritics from port_codes where code = 'FRZCH'",
      );
      expect(zch).toEqual({ name: "Châlons-en-Champagne", name_wo_diacritics: "Chalons-en-Champagne" });
      const [ham] = await db.query<{ latitude: string; longitude: string }>(
        "select latitude::text, longitude::text from port_codes where code = 'DEHAM'",
      );
      expect(ham).toEqual({ latitude: "53.51667", longitude: "9.93333" });
      const [us] = await db.query(
        "select parent_code, effective_general_rate, rate_line_code, units from hs_codes_us where code = '0101210010'",
      );
      expect(us).toEqual({ parent_code: "01012100", effective_general_rate: "Free", rate_line_code: "01012100", units: ["No."] });
      const [sdn] = await db.query<{ programs: string[]; aliases: unknown; addresses: unknown; type: string }>(
        "select programs, aliases, addresses, type from sanctions_ofac where list = 'SDN' and uid = 36",
      );
      expect(sdn).toEqual({
        programs: ["CUBA"],
        aliases: [{ name: "AERO-CARIBBEAN", type: "aka" }],
        addresses: [{ address: null, city_state_province_postal: "Havana", country: "Cuba", remarks: null }],
        type: "entity",
      });
      const [remarks] = await db.query<{ remarks: string }>("select remarks from sanctions_ofac where uid = 2686");
      expect(remarks.remarks).toBe("DOB 31 Aug 1960; Effective Date 1 Jan 2020.");
      const [india] = await db.query("select code, raw_code, description from hs_codes_in where raw_code is not null");
      expect(india).toEqual({ code: "03074330", raw_code: "3074330", description: "SQUID TUBES" });
    });

    it("records each import in reference_imports and the status endpoint's data", async () => {
      const status = await readImportRecords(db);
      const us = status.find((s) => s.table === "hs_codes_us")!;
      expect(us).toMatchObject({ source: "USITC Harmonized Tariff Schedule (JSON export)", vintage: "HTS 2026 Revision 10", row_count: 6 });
      expect(Date.parse(us.imported_at!)).toBeGreaterThan(Date.now() - 600_000);
      expect(status.find((s) => s.table === "duty_rates")).toEqual({
        table: "duty_rates",
        source: null,
        vintage: null,
        row_count: 0,
        imported_at: null,
      });
      const [files] = await db.query<{ files: string[] }>("select files from reference_imports where table_name = 'port_codes'");
      expect(files.files).toHaveLength(3);
    });

    it("answers batched lookups: prefixes, exact 10 digits, CN8 for EU 10-digit codes, validity", async () => {
      const facts = await gatherReferenceFacts(db, {
        hsCodes: {
          us: ["8471300100", "8471.30.01.00", "847130", "8471300199", "0101210010", "not a code"],
          eu: ["8471300000", "8471300099", "84713000", "010121", "9999999999"],
          uk: ["0101210000", "01012100", "0101290000", "2841908500", "2841908600"],
          in: ["84713010", "8471301000", "03074330", "84719000"],
          wco: ["847130", "8471300100", "999999"],
        },
        ports: ["DEHAM", "us lax", "FRZCH", "FRZZZ", "BEBRU", "XXXXX", "ZZOLD", "ZZDER", "bad"],
      });
      expect(facts.loaded).toEqual({
        us: true,
        eu: true,
        uk: true,
        in: true,
        wco: true,
        ports: true,
        sanctions: true,
        countries: true,
        currencies: true,
      });
      expect(facts.euCodeLength).toBe(8);
      expect([...facts.hsCodes.us].sort()).toEqual(["0101210010", "847130", "8471300100"]);
      // Without TARIC, a 10-digit EU code is checked on its CN8 prefix.
      expect([...facts.hsCodes.eu].sort()).toEqual(["010121", "84713000", "8471300000", "8471300099"]);
      // Suffix 10 lines are headings, 2841908500 ended in 2020, 2841908600 starts in 2999.
      expect([...facts.hsCodes.uk].sort()).toEqual(["01012100", "0101210000"]);
      expect([...facts.hsCodes.in].sort()).toEqual(["03074330", "84713010", "8471301000"]);
      expect([...facts.hsCodes.wco].sort()).toEqual(["847130", "8471300100"]);
      expect([...facts.ports.keys()].sort()).toEqual(["BEBRU", "DEHAM", "FRZCH", "USLAX"]);
      expect(facts.ports.get("BEBRU")?.name).toBe("Brussel (Bruxelles)");
      expect(facts.ports.get("DEHAM")).toEqual({
        code: "DEHAM",
        country: "DE",
        name: "Hamburg",
        subdivision: "HH",
        functions: {
          port: true,
          rail: true,
          road: true,
          airport: true,
          postal: true,
          multimodal: false,
          fixed_transport: false,
          inland_water: false,
          border_crossing: false,
        },
      });
      expect(facts.ports.get("USLAX")?.functions).toMatchObject({ port: true, rail: false, airport: true });
      expect([...facts.countries].sort()).toEqual(["DE", "NA", "US"]);
      expect([...facts.currencies].sort()).toEqual(["EUR", "USD"]);
      expect(facts.sanctions.size).toBe(0);
      expect(facts.embargoes.map((e) => e.country)).toEqual(["CU", "IR", "KP"]);
    });

    it("re-import replaces rows instead of appending, and imported_at moves on", async () => {
      const before = await readImportRecords(db);
      await importReferenceDir(db, dir);
      expect(await counts(db)).toEqual(EXPECTED_ROWS);
      const after = await readImportRecords(db);
      const t = (s: typeof before, table: string) => Date.parse(s.find((x) => x.table === table)!.imported_at!);
      expect(t(after, "port_codes")).toBeGreaterThan(t(before, "port_codes"));
      expect(after.find((s) => s.table === "port_codes")!.row_count).toBe(8);
    });

    it("a TARIC file makes EU codes 10 digits and exact, and the cached facts notice the import", async () => {
      await writeFixtures(dir, { "eu_cn/eu_taric_2026-06.csv.gz": TARIC_CSV });
      try {
        const result = await importReferenceDir(db, dir, { only: ["hs_codes_eu"] });
        expect(result.tables.map((t) => [t.table, t.rows, t.vintage])).toEqual([["hs_codes_eu", 9, "CN 2026 + TARIC 2026-06"]]);
        const facts = await gatherReferenceFacts(db, { hsCodes: { eu: ["8471300000", "8471300099", "84713000"] }, ports: [] });
        expect(facts.euCodeLength).toBe(10);
        expect([...facts.hsCodes.eu].sort()).toEqual(["84713000", "8471300000"]);
      } finally {
        await rm(join(dir, "eu_cn/eu_taric_2026-06.csv.gz"));
        await importReferenceDir(db, dir, { only: ["hs_codes_eu"] });
      }
      expect((await gatherReferenceFacts(db, { hsCodes: {}, ports: [] })).euCodeLength).toBe(8);
    });

    it("a failing import leaves the table's previous rows in place", async () => {
      await writeFixtures(dir, {
        "uk_tariff/uk_tariff_commodities_report_v4.0.2000.csv.gz":
          '"id","commodity__sid","commodity__code","commodity__suffix","commodity__description","commodity__validity_start","commodity__validity_end","parent__sid"\n1,1,"01","80","x","2020-01-01","#NA","#NA"\n',
      });
      try {
        await expect(importReferenceDir(db, dir, { only: ["hs_codes_uk"] })).rejects.toThrow(/hs_codes_uk .*not 10 digits/);
        const summary = await importReferenceDir(db, dir, { only: ["hs_codes_uk", "countries"], continueOnError: true });
        expect(summary.tables.map((t) => [t.table, Boolean(t.error)])).toEqual([
          ["hs_codes_uk", true],
          ["countries", false],
        ]);
        expect((await counts(db)).hs_codes_uk).toBe(7);
        expect((await readImportRecords(db)).find((s) => s.table === "hs_codes_uk")?.vintage).toBe("UK Tariff v4.0.1205");
      } finally {
        await rm(join(dir, "uk_tariff/uk_tariff_commodities_report_v4.0.2000.csv.gz"));
      }
      await expect(importReferenceDir(db, dir, { only: ["no_such_table"] })).rejects.toThrow(/unknown reference table/);
    });

    it("importReferenceDirIfEmpty fills only the empty tables", async () => {
      await db.query("delete from countries");
      await db.query("delete from currencies");
      const result = await importReferenceDirIfEmpty(db, dir);
      expect(result.tables.map((t) => t.table)).toEqual(["countries", "currencies"]);
      expect(result.missing).toEqual([]);
      expect(await counts(db)).toEqual(EXPECTED_ROWS);
      expect((await importReferenceDirIfEmpty(db, dir)).tables).toEqual([]);
    });

    it("GET /api/v1/reference-data lists the tables for an API key and refuses without one", async () => {
      const config = loadConfig({ publicBaseUrl: "http://127.0.0.1:54321" });
      provideServices({ db, config, blobs: createBlobStore(config, db) });
      const app = createBaseApp();
      mountRoutes(app, referenceDataRouter);
      const account = await createAccount(db, "Reference test", "growth");
      const key = await createApiKey(db, account.id, "ref");
      const res = await app.request("/api/v1/reference-data", { headers: { authorization: `Bearer ${key.api_key}` } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { tables: Array<{ table: string; row_count: number; vintage: string | null }> };
      expect(body.tables.map((t) => t.table)).toEqual([...REFERENCE_TABLES]);
      expect(body.tables.find((t) => t.table === "port_codes")).toMatchObject({ row_count: 8, vintage: "UN/LOCODE 2025-1" });
      expect((await app.request("/api/v1/reference-data")).status).toBe(401);
    });
  });
}
