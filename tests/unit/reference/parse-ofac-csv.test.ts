import { describe, expect, it } from "vitest";
import { ofacValue, parseOfacList, parseOfacPrimary, splitPrograms } from "../../../shared/reference/importers/parse-ofac-csv.ts";

// Legacy OFAC CSV as published: no header, CRLF, "-0- " nulls, a quoted comma, a final Ctrl-Z.
const SDN =
  '36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n' +
  '173,"ANGLO-CARIBBEAN CO., LTD.",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n' +
  '2686,"NASRALLAH, Hasan","individual","SDGT] [SYRIA","Secretary General of Hizballah",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 31 Aug 1960; POB Al Basuriyah, Lebanon; Effective Date (EO 14024 Direc"\r\n' +
  '9001,"SEA STAR","vessel","IRAN","",-0- ,"Crude Oil Tanker",-0- ,"52,000",-0-,"Panama",-0- \r\n' +
  "\u001a";
const ALT = '36,12,"aka","AERO-CARIBBEAN",-0- \r\n173,57,"fka","AVIA IMPORT","old name"\r\n99999,1,"aka","NOBODY",-0- \r\n\u001a';
const ADD =
  '36,25,-0- ,"Havana","Cuba",-0- \r\n' + '173,129,"Ibex House, The Minories","London EC3N 1DY","United Kingdom",-0- \r\n' + "\u001a";
const COMMENTS = '2686,"tive 3): 24 Feb 2022."\r\n5,"orphan"\r\n\u001a';

describe("OFAC legacy CSV", () => {
  it("reads -0- (with or without its space) as null and splits programs", () => {
    expect(ofacValue("-0- ")).toBeNull();
    expect(ofacValue("-0-")).toBeNull();
    expect(ofacValue(" x ")).toBe("x");
    expect(splitPrograms("SDGT] [SYRIA")).toEqual(["SDGT", "SYRIA"]);
    expect(splitPrograms("[IRAN]")).toEqual(["IRAN"]);
    expect(splitPrograms(null)).toEqual([]);
  });

  it("reads primary entries with their type (a null type is an entity)", () => {
    const rows = parseOfacPrimary(SDN, "SDN");
    expect(rows.map((r) => [r.uid, r.name, r.type, r.programs])).toEqual([
      [36, "AEROCARIBBEAN AIRLINES", "entity", ["CUBA"]],
      [173, "ANGLO-CARIBBEAN CO., LTD.", "entity", ["CUBA"]],
      [2686, "NASRALLAH, Hasan", "individual", ["SDGT", "SYRIA"]],
      [9001, "SEA STAR", "vessel", ["IRAN"]],
    ]);
    expect(rows[3]).toMatchObject({
      title: null,
      vessel_type: "Crude Oil Tanker",
      tonnage: null,
      grt: "52,000",
      vessel_flag: null,
      vessel_owner: "Panama",
      remarks: null,
    });
  });

  it("folds aliases, addresses and the remarks overflow into their entries and counts orphans", () => {
    const { rows, orphans } = parseOfacList("SDN", { primary: SDN, alt: ALT, add: ADD, comments: COMMENTS });
    expect(rows[0]).toMatchObject({
      list: "SDN",
      aliases: [{ name: "AERO-CARIBBEAN", type: "aka" }],
      addresses: [{ address: null, city_state_province_postal: "Havana", country: "Cuba", remarks: null }],
    });
    expect(rows[1].aliases).toEqual([{ name: "AVIA IMPORT", type: "fka", remarks: "old name" }]);
    expect(rows[1].addresses[0].address).toBe("Ibex House, The Minories");
    expect(rows[2].remarks).toBe("DOB 31 Aug 1960; POB Al Basuriyah, Lebanon; Effective Date (EO 14024 Directive 3): 24 Feb 2022.");
    expect(orphans).toEqual({ alt: 1, add: 0, comments: 1 });
  });

  it("marks consolidated entries as CONS", () => {
    const cons = '9639,"HANIYA, Ismail Abdul Salah","individual","NS-PLC",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1962; POB Shati."\r\n';
    expect(parseOfacList("CONS", { primary: cons }).rows[0]).toMatchObject({
      list: "CONS",
      uid: 9639,
      programs: ["NS-PLC"],
      remarks: "DOB 1962; POB Shati.",
    });
  });

  it("rejects a file with the wrong number of fields", () => {
    expect(() => parseOfacPrimary('36,"X",-0- \r\n', "SDN")).toThrow(/3 fields, expected 12/);
  });
});
