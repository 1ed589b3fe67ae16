import { describe, expect, it } from "vitest";
import { parseUkBrandsCsv, parseUkSearchReferencesJson } from "../../../shared/reference/importers/parse-uk-search-references.ts";

// Hand-written lines in the forms of HMRC's search_references.json and brands.csv.
describe("UK Trade Tariff search references importer", () => {
  it("reads term → commodity code pairs, lower-cased, skipping codes that are not 6–10 digits", () => {
    const { rows, skipped } = parseUkSearchReferencesJson(
      JSON.stringify({ "Air  Fryer": "8516792000", "abalone, prepared or preserved": "1605570000", broken: "12", nothing: null }),
    );
    expect(rows).toEqual([
      { kind: "reference", term: "air fryer", code: "8516792000", brand: null, context: null },
      { kind: "reference", term: "abalone, prepared or preserved", code: "1605570000", brand: null, context: null },
    ]);
    expect(skipped).toBe(2);
  });

  it("refuses a file that is not the references", () => {
    expect(() => parseUkSearchReferencesJson("[1, 2]")).toThrow(/JSON object/);
    expect(() => parseUkSearchReferencesJson("{}")).toThrow(/no search references/);
    expect(() => parseUkBrandsCsv("a,b\n1,2\n")).toThrow(/CMDTYCODE/);
  });

  it("reads brand lines with the brand and HMRC's context words", () => {
    const csv = [
      "CMDTYCODE,GDSDESC,GDSDESC (Brand / Product),Description for context / augmenting,Comments,Initials",
      "04029910,Muller Frijj Milk drink banana,Muller Frijj,Milk drink,Can only go to 4 digits,ER",
      '040510,"Anchor butter",Anchor,butter,,LR',
      "0405,Too short,X,,,",
    ].join("\r\n");
    const { rows, skipped } = parseUkBrandsCsv(csv);
    expect(rows).toEqual([
      { kind: "brand", term: "Muller Frijj Milk drink banana", code: "04029910", brand: "Muller Frijj", context: "Milk drink" },
      { kind: "brand", term: "Anchor butter", code: "040510", brand: "Anchor", context: "butter" },
    ]);
    expect(skipped).toBe(1);
  });
});
