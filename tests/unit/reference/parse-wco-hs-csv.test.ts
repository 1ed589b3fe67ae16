import { describe, expect, it } from "vitest";
import { parseWcoHsCsv, parseWcoSectionsCsv } from "../../../shared/reference/importers/parse-wco-hs-csv.ts";

const HS = [
  "section,hscode,description,parent,level",
  "I,01,Animals; live,TOTAL,2",
  'I,0101,"Horses, asses, mules and hinnies; live",01,4',
  'I,010121,"Horses; live, pure-bred breeding animals",0101,6',
  "",
  "TOTAL,99,Commodities not specified according to kind,TOTAL,2",
  "TOTAL,9999,Commodities not specified according to kind,99,4",
  "TOTAL,999999,Commodities not specified according to kind,9999,6",
  "TOTAL,TOTAL,Total of all HS2022 commodities,TOTAL,5",
].join("\n");

describe("parseWcoHsCsv", () => {
  const sections = parseWcoSectionsCsv("\uFEFFsection,name\nI,live animals; animal products\n");

  it("reads codes with their level, parent and section, and skips Comtrade's residual rows", () => {
    const { rows, skipped } = parseWcoHsCsv(HS, sections);
    expect(skipped).toBe(4);
    expect(rows).toEqual([
      {
        code: "01",
        description: "Animals; live",
        level: 2,
        parent_code: null,
        chapter: "01",
        heading: null,
        subheading: null,
        section: "I",
        section_name: "live animals; animal products",
      },
      {
        code: "0101",
        description: "Horses, asses, mules and hinnies; live",
        level: 4,
        parent_code: "01",
        chapter: "01",
        heading: "0101",
        subheading: null,
        section: "I",
        section_name: "live animals; animal products",
      },
      {
        code: "010121",
        description: "Horses; live, pure-bred breeding animals",
        level: 6,
        parent_code: "0101",
        chapter: "01",
        heading: "0101",
        subheading: "010121",
        section: "I",
        section_name: "live animals; animal products",
      },
    ]);
  });

  it("rejects a file without the expected header", () => {
    expect(() => parseWcoHsCsv("code,text\n01,x\n")).toThrow(/missing column/);
  });
});
