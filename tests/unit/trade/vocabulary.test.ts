import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { parseIsoCountriesCsv } from "../../../shared/reference/importers/parse-iso-countries.ts";
import { parseIsoCurrenciesCsv } from "../../../shared/reference/importers/parse-iso-currencies.ts";
import {
  COUNTRY_CODES,
  CountryCodeSchema,
  CURRENCY_CODES,
  currencyMinorUnits,
  EU_MEMBER_STATES,
  INCOTERM_WORD,
  INCOTERMS_2010_REPLACED,
  IncotermSchema,
  isEuMember,
  isIncoterm2020,
  TransportModeSchema,
} from "../../../shared/trade/index.ts";
import { hasSharedData, sharedDataFile, sharedDataName } from "../../support/shared-data.ts";

describe("trade vocabulary", () => {
  it("answers the questions the rules, extraction and forms ask", () => {
    expect(EU_MEMBER_STATES.size).toBe(27);
    expect(isEuMember("GR")).toBe(true);
    expect(isEuMember("EL")).toBe(false);
    expect(isEuMember("GB")).toBe(false);
    expect(isEuMember(null)).toBe(false);
    expect(isIncoterm2020("DPU")).toBe(true);
    expect(isIncoterm2020("DAT")).toBe(false);
    expect(INCOTERMS_2010_REPLACED.DAT).toBe("DPU");
    expect(IncotermSchema.safeParse("CIF").success).toBe(true);
    expect(IncotermSchema.safeParse("DDU").success).toBe(false);
    expect(TransportModeSchema.safeParse("multimodal").success).toBe(true);
    expect(TransportModeSchema.safeParse("ship").success).toBe(false);
    expect(CountryCodeSchema.safeParse("DE").success).toBe(true);
    expect(CountryCodeSchema.safeParse("UK").success).toBe(false);
    expect(currencyMinorUnits("JPY")).toBe(0);
    expect(currencyMinorUnits("KWD")).toBe(3);
    expect(currencyMinorUnits("EUR")).toBe(2);
    expect(INCOTERM_WORD.exec("TERMS: FOB HAMBURG")?.[1]).toBe("FOB");
    expect(INCOTERM_WORD.exec("FOBBING")).toBeNull();
  });

  // The reference tables are imported from these files: the compile-time lists must say the same.
  describe.runIf(hasSharedData)(sharedDataName("agrees with the ISO files of the reference data"), () => {
    it("countries: the 249 assigned ISO 3166-1 alpha-2 codes", () => {
      const rows = parseIsoCountriesCsv(readFileSync(sharedDataFile("iso/country-codes.csv"), "utf8"));
      expect([...COUNTRY_CODES].sort()).toEqual(rows.map((r) => r.alpha2).sort());
    });

    it("currencies: every current ISO 4217 code", () => {
      const rows = parseIsoCurrenciesCsv(readFileSync(sharedDataFile("iso/iso4217-currency-codes.csv"), "utf8"));
      const current = rows.filter((r) => r.current).map((r) => r.code);
      // Left out on purpose: funds codes (units of account, not invoice currencies) and the X.. codes of
      // precious metals, SDR, the Arab accounting dinar and testing. XAF, XCD, XOF, XPF and XCG are currencies and are in the list.
      const FUNDS = new Set(["BOV", "CHE", "CHW", "CLF", "COU", "MXV", "USN", "UYI", "UYW"]);
      const missing = current.filter(
        (c) => !CURRENCY_CODES.has(c) && !FUNDS.has(c) && !/^X(AD|AG|AU|BA|BB|BC|BD|DR|PD|PT|SU|TS|UA|XX)$/.test(c),
      );
      expect(missing).toEqual([]);
      // Recently withdrawn codes are still accepted: documents written before the change carry them.
      expect([...CURRENCY_CODES].filter((c) => !current.includes(c)).sort()).toEqual(["ANG", "BGN", "CUC", "SLL"]);
      for (const r of rows.filter((row) => row.current && row.minor_units !== null)) {
        expect(currencyMinorUnits(r.code), r.code).toBe(r.minor_units);
      }
    });
  });
});
