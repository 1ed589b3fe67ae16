import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkTaxIds, gstinCheckCharacter, normalizeTaxId, taxIdProblem } from "../../../shared/parties/tax-ids.ts";
import { COUNTRY_CODES as ISO_COUNTRY_CODES } from "../../../shared/trade/countries.ts";
import { foldPartyName, partySearchWords } from "../../../shared/parties/party-service.ts";
import { parseIsoCountriesCsv } from "../../../shared/reference/importers/parse-iso-countries.ts";
import { hasSharedData, sharedDataFile, sharedDataName } from "../../support/shared-data.ts";

describe("tax ids", () => {
  it("normalises the known ids and keeps other ids as typed", () => {
    expect(normalizeTaxId("ein", " 123456789 ")).toBe("12-3456789");
    expect(normalizeTaxId("ein", "12-3456789")).toBe("12-3456789");
    expect(normalizeTaxId("eori", "de 1234-5678.90")).toBe("DE1234567890");
    expect(normalizeTaxId("gstin", "27aapfu0939f1zv")).toBe("27AAPFU0939F1ZV");
    expect(normalizeTaxId("vat", "  DE 123  456 ")).toBe("DE 123 456");
  });

  it("checks each format like the rule library does", () => {
    const ok: Array<[Parameters<typeof taxIdProblem>[0], string]> = [
      ["ein", "12-3456789"],
      ["eori", "DE1234567890123"],
      ["eori", "GB123456789"],
      ["eori", "GB123456789000"],
      ["eori", "XI123456789000"],
      ["iec", "AAPFU0939F"],
      ["iec", "0123456789"],
      ["gstin", "27AAPFU0939F1ZV"],
      ["pan", "AAPFU0939F"],
    ];
    for (const [k, v] of ok) expect(taxIdProblem(k, v), `${k} ${v}`).toBeNull();
    const bad: Array<[Parameters<typeof taxIdProblem>[0], string]> = [
      ["ein", "123-456789"],
      ["eori", "DE"],
      ["eori", "DE1234567890123456"],
      ["eori", "GB12345678"],
      ["eori", "QQ12345"],
      ["eori", "de123"],
      ["iec", "AAPFU0939"],
      ["gstin", "27AAPFU0939F1ZX"],
      ["gstin", "27AAPFU0939F0ZV"],
      ["pan", "AAPFU09390"],
    ];
    for (const [k, v] of bad) expect(taxIdProblem(k, v), `${k} ${v}`).not.toBeNull();
  });

  it("computes the GSTIN check character", () => {
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
    expect(gstinCheckCharacter("29AAGCB7383J1Z")).toBe("4");
  });

  it("checks a GSTIN against the PAN it contains", () => {
    expect(checkTaxIds({ gstin: "27AAPFU0939F1ZV", pan: "AAPFU0939F" })).toEqual([]);
    expect(checkTaxIds({ gstin: "27AAPFU0939F1ZV", pan: "ABCDE1234F" })).toEqual([
      { key: "gstin", message: expect.stringContaining("contains the PAN") },
    ]);
    expect(checkTaxIds({ vat: "anything at all" })).toEqual([]);
    expect(checkTaxIds({ ein: "1", pan: "2" }).map((i) => i.key)).toEqual(["ein", "pan"]);
  });
});

describe("party names", () => {
  it("folds names for search", () => {
    expect(foldPartyName("Łódź Textiles Sp. z o.o.")).toBe("lodz textiles sp z o o");
    expect(foldPartyName("Müller & Söhne GmbH")).toBe("muller sohne gmbh");
    expect(foldPartyName("Straße-Œuvre")).toBe("strasse oeuvre");
    expect(partySearchWords("  ŁÓDŹ   text, TEXT ")).toEqual(["lodz", "text"]);
    expect(partySearchWords("%_\\")).toEqual([]);
  });
});

const ISO_FILE = sharedDataFile("iso/country-codes.csv");

describe.runIf(hasSharedData)(sharedDataName("ISO country list"), () => {
  it("is the same set as the imported ISO 3166 file", () => {
    const rows = parseIsoCountriesCsv(readFileSync(ISO_FILE, "utf8"));
    expect([...ISO_COUNTRY_CODES].sort()).toEqual(rows.map((r) => r.alpha2).sort());
  });
});
