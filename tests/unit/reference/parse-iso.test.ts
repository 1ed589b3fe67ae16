import { describe, expect, it } from "vitest";
import { parseIsoCountriesCsv } from "../../../shared/reference/importers/parse-iso-countries.ts";
import { parseIsoCurrenciesCsv } from "../../../shared/reference/importers/parse-iso-currencies.ts";

describe("parseIsoCountriesCsv", () => {
  it("reads the DataHub country-codes columns, pads numeric codes and keeps NA (Namibia)", () => {
    const csv = [
      "FIFA,Dial,ISO3166-1-Alpha-3,ISO3166-1-numeric,ISO3166-1-Alpha-2,official_name_en,UNTERM English Formal,CLDR display name,Region Name,Sub-region Name,Capital,Continent,ISO4217-currency_alphabetic_code,is_independent",
      "AFG,93,AFG,4,AF,Afghanistan,the Islamic Republic of Afghanistan,Afghanistan,Asia,Southern Asia,Kabul,AS,AFN,Yes",
      "ALD,358,ALA,248,AX,Åland Islands,,Åland,Europe,Northern Europe,Mariehamn,EU,EUR,Part of FI",
      "NAM,264,NAM,516,NA,Namibia,the Republic of Namibia,Namibia,Africa,Sub-Saharan Africa,Windhoek,AF,NAD,Yes",
      ",,,,,Sark,,,,,,,,",
    ].join("\n");
    const rows = parseIsoCountriesCsv(csv);
    expect(rows.map((r) => [r.alpha2, r.alpha3, r.numeric, r.name])).toEqual([
      ["AF", "AFG", "004", "Afghanistan"],
      ["AX", "ALA", "248", "Åland Islands"],
      ["NA", "NAM", "516", "Namibia"],
    ]);
    expect(rows[1]).toMatchObject({
      official_name: null,
      short_name: "Åland",
      continent: "EU",
      currency_code: "EUR",
      is_independent: "Part of FI",
    });
  });

  it("also reads the UNSD M49 semicolon layout", () => {
    const csv = "Global Code;Global Name;Country or Area;M49 Code;ISO-alpha2 Code;ISO-alpha3 Code\n001;World;Germany;276;DE;DEU\n";
    expect(parseIsoCountriesCsv(csv)).toEqual([expect.objectContaining({ alpha2: "DE", alpha3: "DEU", numeric: "276", name: "Germany" })]);
  });

  it("rejects a file without alpha codes", () => {
    expect(() => parseIsoCountriesCsv("name\nGermany\n")).toThrow(/alpha-2/);
  });
});

describe("parseIsoCurrenciesCsv", () => {
  const csv = [
    "Entity,Currency,AlphabeticCode,NumericCode,MinorUnit,WithdrawalDate",
    "AFGHANISTAN,Afghani,AFN,971,2,",
    "ÅLAND ISLANDS,Euro,EUR,978,2,",
    "AUSTRIA,Euro,EUR,978,2,",
    "ANTARCTICA,No universal currency,,,,",
    "ZZ07_Gold,Gold,XAU,959,N.A.,",
    "CROATIA,Croatian Kuna,HRK,191,,2015-06",
    "CROATIA,Kuna,HRK,191,,2023-01",
    "SERBIA AND MONTENEGRO,Euro,EUR,978,,2006-10",
    '"VENEZUELA, BOLIVARIAN REPUBLIC OF",Bolívar,VEF,937,2,2018-08',
  ].join("\r\n");
  const rows = parseIsoCurrenciesCsv(csv);

  it("folds entities into one row per code; a code used anywhere today is current", () => {
    expect(rows.map((r) => [r.code, r.current, r.numeric, r.minor_units])).toEqual([
      ["AFN", true, "971", 2],
      ["EUR", true, "978", 2],
      ["HRK", false, "191", null],
      ["VEF", false, "937", 2],
      ["XAU", true, "959", null],
    ]);
    expect(rows[1].countries).toEqual(["ÅLAND ISLANDS", "AUSTRIA"]);
    expect(rows[1].withdrawal_date).toBeNull();
  });

  it("keeps the latest withdrawal date and the entities of a withdrawn code", () => {
    expect(rows[2]).toMatchObject({ name: "Croatian Kuna", withdrawal_date: "2023-01", countries: ["CROATIA"] });
    expect(rows[3]).toMatchObject({ name: "Bolívar", countries: ["VENEZUELA, BOLIVARIAN REPUBLIC OF"] });
  });
});
