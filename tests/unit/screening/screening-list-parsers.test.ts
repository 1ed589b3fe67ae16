import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { parseEuFsfXml } from "../../../shared/reference/importers/parse-eu-fsf-xml.ts";
import { parseUkSanctionsXml } from "../../../shared/reference/importers/parse-uk-sanctions-xml.ts";
import { parseUnConsolidatedXml } from "../../../shared/reference/importers/parse-un-consolidated-xml.ts";
import { parseUsCslCsv } from "../../../shared/reference/importers/parse-us-csl-csv.ts";
import { statesOnlyOtherCountries } from "../../../shared/rules/checks/listed-countries.ts";
import { effectOf, ofacDisplayList } from "../../../shared/screening/lists/listing-effects.ts";
import { toScreeningMatch } from "../../../shared/screening/lists/screening-match.ts";
import { hasSharedData, SHARED_DATA } from "../../support/shared-data.ts";

const DIR = join(SHARED_DATA, "sanctions");
const text = (name: string) =>
  (name.endsWith(".gz") ? gunzipSync(readFileSync(join(DIR, name))) : readFileSync(join(DIR, name))).toString("utf8");

describe.runIf(hasSharedData)("screening list parsers on the publishers' files", () => {
  it("UN: every individual and entity, id = the reference number, the file's date", () => {
    const r = parseUnConsolidatedXml(text("un_consolidated_2026-02-27.xml.gz"));
    expect(r.rows).toHaveLength(1003);
    expect(r.rows.filter((e) => e.type === "individual")).toHaveLength(730);
    expect(r.generated).toBe("2026-02-27T00:00:09.554Z");
    expect(r.rows[0]).toMatchObject({
      list: "UN",
      uid: "CDi.001",
      name: "ERIC BADEGE",
      programs: ["DRC"],
      countries: ["Democratic Republic of the Congo", "Rwanda"],
      details: { given_names_first: true },
    });
    expect(new Set(r.rows.map((e) => e.uid)).size).toBe(1003);
  });

  it("EU: the test record repeating a reference number is not a second listing", () => {
    const old = parseEuFsfXml(text("eu_fsf_2020-04-15_excerpt.xml"));
    expect(old.rows).toHaveLength(6);
    expect(old.skipped).toBe(1);
    expect(old.rows.map((e) => e.name)).not.toContain("TestOneWord");
    // lastName stated: surname first, as OFAC writes it; the wholeName with the same words is not repeated.
    expect(old.rows.find((e) => e.uid === "EU.3579.2")).toMatchObject({ name: "BIN KHALID, Fahd Bin Adballah" });
    expect(old.rows.find((e) => e.uid === "EU.3579.2")!.aliases.map((a) => a.name)).not.toContain("Fahd Bin Adballah BIN KHALID");
    const r = parseEuFsfXml(text("eu_fsf_2026-08-05_excerpt.xml"));
    expect(r.rows.map((e) => e.uid)).toEqual(["EU.3579.2", "EU.502.12", "EU.3953.70", "EU.3886.3", "EU.3092.36"]);
    expect(r.rows[0]).toMatchObject({ type: "individual", programs: ["TERR"], countries: ["PK"] });
  });

  it("UK: a Designation without a UniqueID is skipped; surname first for individuals; the DateGenerated date", () => {
    const r = parseUkSanctionsXml(text("uk_sanctions_list_2026-08-14_excerpt.xml"));
    expect(r.rows.map((e) => e.uid)).toEqual(["AFG0011", "AQD0128", "AQD0377", "DPR0075"]);
    expect(r.skipped).toBe(1);
    expect(r.generated).toBe("2026-08-14");
    expect(r.rows[0]).toMatchObject({ name: "MANSUR, ABDUL LATIF", type: "individual", countries: ["Afghanistan"] });
    expect(r.rows[3]).toMatchObject({ type: "vessel", details: { ids: [{ type: "IMO", number: "IMO9562233" }] } });
  });

  it("CSL: each agency's list by its source; Treasury rows marked as OFAC's; BIS short names as aliases", () => {
    const r = parseUsCslCsv(text("us_csl_consolidated_2022-05.csv.gz"));
    expect(r.perList).toMatchObject({ "OFAC SDN": 10026, "BIS Entity List": 2001, "BIS Denied Persons": 462, "OFAC CMIC": 68 });
    const azur = r.rows.find((e) => e.name === "AZUR AIR");
    expect(azur).toMatchObject({ list: "BIS Denied Persons", source: null, countries: ["RU"] });
    const huawei = r.rows.find((e) => e.uid === "d05d55fa214aff19c1eb3270d54905e4e362d445");
    expect(huawei).toMatchObject({ list: "BIS Entity List", name: "Huawei Technologies Co., Ltd" });
    expect(huawei!.aliases.map((a) => a.name)).toContain("Huawei");
    expect(r.rows.find((e) => e.uid === "30947")).toMatchObject({ list: "OFAC CMIC", source: "OFAC 30947" });
  });
});

describe("listing effects and one finding per party", () => {
  it("names OFAC's non-SDN sub-lists by programme and ranks a licence requirement above a securities restriction", () => {
    expect(ofacDisplayList("CONS", ["CMIC-EO13959"])).toBe("OFAC CMIC");
    expect(ofacDisplayList("CONS", ["UKRAINE-EO13662", "RUSSIA-EO14024"])).toBe("OFAC SSI");
    expect(ofacDisplayList("SDN", ["SDGT"])).toBe("OFAC SDN");
    expect(effectOf("OFAC CMIC")).toMatchObject({ effect: "restriction", severity: "warning" });
    expect(effectOf("BIS Unverified List")).toMatchObject({ effect: "red_flag", severity: "warning" });
    const base = { matched_name: "HUAWEI TECHNOLOGIES CO., LTD.", score: 1, entry_hash: "h" };
    const m = toScreeningMatch({
      ...base,
      uid: "30947",
      name: "HUAWEI TECHNOLOGIES CO., LTD.",
      program: "CMIC-EO13959",
      list: "OFAC CMIC",
      also: [{ ...base, uid: "d05d", name: "Huawei Technologies Co., Ltd", program: "", list: "BIS Entity List" }],
    });
    expect(m).toMatchObject({ list: "BIS Entity List", entry_id: "d05d", effect: "licence_required", severity: "error" });
    expect(m.lists!.map((l) => l.list)).toEqual(["BIS Entity List", "OFAC CMIC"]);
    expect(m.effect_words).toContain("licence is required for items subject to the EAR");
  });

  it("an entry's countries rule a party out only when every one of them is read and none is the party's", () => {
    expect(statesOnlyOtherCountries(["Democratic Republic of the Congo", "Rwanda"], "DE")).toBe(true);
    expect(statesOnlyOtherCountries(["Rwanda"], "RW")).toBe(false);
    expect(statesOnlyOtherCountries(["IR"], "IR")).toBe(false);
    expect(statesOnlyOtherCountries(["Atlantis"], "DE")).toBe(false);
    expect(statesOnlyOtherCountries([], "DE")).toBe(false);
    expect(statesOnlyOtherCountries(["Iran (Islamic Republic of)"], "DE")).toBe(true);
  });
});
