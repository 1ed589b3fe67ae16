import { describe, expect, it } from "vitest";
import { parseEuCnJson, parseEuTaricCsv } from "../../../shared/reference/importers/parse-eu-cn.ts";

const chapters = JSON.stringify([{ code: "01", rawCode: "01", name: "LIVE ANIMALS", version: 2026, section: "I" }]);
const headings = JSON.stringify([
  { code: "0101", rawCode: "0101", name: "Live horses, asses, mules and hinnies", version: 2026, chapter: "01", section: "I" },
]);
const subheadings = JSON.stringify([
  { code: "010129", rawCode: "0101 29", name: "Other", version: 2026, heading: "0101", chapter: "01", section: "I" },
]);
const sections = JSON.stringify([{ code: "I", rawCode: "I", name: "LIVE ANIMALS; ANIMAL PRODUCTS", version: 2026 }]);
const codes = JSON.stringify([
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
    code: "01012910",
    rawCode: "0101 29 10",
    name: "For slaughter",
    version: 2026,
    subheading: "010129",
    heading: "0101",
    chapter: "01",
    section: "I",
    supplementaryUnit: "PST",
  },
  {
    code: "01013000",
    rawCode: "0101 30 00",
    name: "Asses",
    version: 2026,
    subheading: null,
    heading: "0101",
    chapter: "01",
    section: "I",
    supplementaryUnit: null,
  },
]);

describe("parseEuCnJson", () => {
  it("merges the level files into one table with parents taken from the nearest code present", () => {
    const rows = parseEuCnJson({ codes, subheadings, headings, chapters, sections });
    expect(rows.map((r) => [r.code, r.level, r.parent_code])).toEqual([
      ["01", 2, null],
      ["0101", 4, "01"],
      ["01012100", 8, "0101"],
      ["010129", 6, "0101"],
      ["01012910", 8, "010129"],
      ["01013000", 8, "0101"],
    ]);
    expect(rows.find((r) => r.code === "01012910")).toEqual({
      code: "01012910",
      suffix: "80",
      level: 8,
      indent: null,
      description: "For slaughter",
      parent_code: "010129",
      parent_suffix: "80",
      chapter: "01",
      heading: "0101",
      subheading: "010129",
      section: "I",
      section_name: "LIVE ANIMALS; ANIMAL PRODUCTS",
      raw_code: "0101 29 10",
      supplementary_unit: "PST",
      source: "CN",
      validity_start: null,
      validity_end: null,
    });
  });

  it("works with the codes file alone and rejects a code of the wrong length", () => {
    expect(parseEuCnJson({ codes })).toHaveLength(3);
    expect(() => parseEuCnJson({ codes: JSON.stringify([{ code: "010121" }]) })).toThrow(/not 8 digits/);
  });
});

describe("parseEuTaricCsv", () => {
  it("reads GOODS_CODE,SUFFIX,INDENT,DESCRIPTION,… files with indent parents and hard spaces", () => {
    const csv = [
      "GOODS_CODE,SUFFIX,INDENT,DESCRIPTION,IS_LEAF,START_DATE",
      "0100000000,80,0,LIVE ANIMALS,0,1971-12-31",
      '0101000000,80,0,"Live horses, asses, mules and hinnies",0,1972-01-01',
      "0101210000,10,1,Horses,0,2012-01-01",
      "0101210000,80,2,Pure-bred breeding animals,1,2012-01-01",
      "0101291000,80,3,For slaughter,1,2012-01-01",
      "",
      "8400000000,80,0,NUCLEAR REACTORS; MACHINERY,0,1971-12-31",
      "8471000000,80,0,Automatic data-processing machines,0,1972-01-01",
      "8471300000,80,1,Weighing not more than 10|kg,1,1996-01-01",
    ].join("\r\n");
    const rows = parseEuTaricCsv(csv);
    expect(rows.map((r) => [r.code, r.suffix, r.level, r.indent, r.parent_code, r.parent_suffix])).toEqual([
      ["0100000000", "80", 2, 0, null, null],
      ["0101000000", "80", 4, 0, "0100000000", "80"],
      ["0101210000", "10", 6, 1, "0101000000", "80"],
      ["0101210000", "80", 6, 2, "0101210000", "10"],
      ["0101291000", "80", 8, 3, "0101210000", "80"],
      ["8400000000", "80", 2, 0, null, null],
      ["8471000000", "80", 4, 0, "8400000000", "80"],
      ["8471300000", "80", 6, 1, "8471000000", "80"],
    ]);
    expect(rows[7]).toMatchObject({
      description: "Weighing not more than 10 kg",
      source: "TARIC",
      validity_start: "1996-01-01",
      chapter: "84",
      heading: "8471",
      subheading: "847130",
    });
    expect(rows[0]).toMatchObject({ chapter: "01", heading: null, subheading: null });
  });

  it("reads the 'Goods code' spreadsheet layout with the suffix inside the code and European dates", () => {
    const csv =
      "Goods code;Start date;End date;Language;Hier. Pos.;Indent;Description\n0101291000 80;01/01/2012;31/12/2026;EN;10;3;For slaughter\n";
    expect(parseEuTaricCsv(csv)).toEqual([
      expect.objectContaining({
        code: "0101291000",
        suffix: "80",
        level: 8,
        validity_start: "2012-01-01",
        validity_end: "2026-12-31",
        description: "For slaughter",
      }),
    ]);
  });

  it("explains a file without a goods-code column or with a short code", () => {
    expect(() => parseEuTaricCsv("cn,text\n01012100,x\n")).toThrow(/no goods-code column/);
    expect(() => parseEuTaricCsv("goods_code\n01012100\n")).toThrow(/not 10 digits/);
  });
});
