import { describe, expect, it } from "vitest";
import { parseCsv, parseCsvWithHeader, requireColumns } from "../../../shared/reference/importers/csv.ts";

describe("parseCsv (RFC 4180)", () => {
  it("reads quoted commas, doubled quotes and line breaks inside quotes", () => {
    const text = 'a,"b, c","say ""hi"""\r\n1,"two\r\nlines",3\r\n';
    expect(parseCsv(text)).toEqual([
      ["a", "b, c", 'say "hi"'],
      ["1", "two\r\nlines", "3"],
    ]);
  });

  it("accepts LF and lone CR line ends, a missing final line end and empty fields", () => {
    expect(parseCsv("x,y\ny,\r,z")).toEqual([
      ["x", "y"],
      ["y", ""],
      ["", "z"],
    ]);
    expect(parseCsv("a,b,")).toEqual([["a", "b", ""]]);
  });

  it("skips blank lines unless told not to", () => {
    expect(parseCsv("a\n\n\nb\n")).toEqual([["a"], ["b"]]);
    expect(parseCsv("a\n\nb", { skipBlankLines: false })).toEqual([["a"], [""], ["b"]]);
  });

  it("drops a UTF-8 BOM and keeps non-ASCII text", () => {
    expect(parseCsv("\uFEFFÅland,Escàs\n")).toEqual([["Åland", "Escàs"]]);
  });

  it('tolerates text after a closing quote (OFAC\'s `"x" ,`) and an unterminated last quote', () => {
    expect(parseCsv('"x" ,-0- \n"open')).toEqual([["x ", "-0- "], ["open"]]);
  });

  it("supports another delimiter", () => {
    expect(parseCsv('a;"b;c"\n', { delimiter: ";" })).toEqual([["a", "b;c"]]);
  });

  it("maps a header to objects, trimming header names, and names missing columns", () => {
    const t = parseCsvWithHeader('"\r\nHSNCode",Description\r\n01,LIVE ANIMALS\r\n0101\r\n');
    expect(t.header).toEqual(["HSNCode", "Description"]);
    expect(t.rows).toEqual([
      { HSNCode: "01", Description: "LIVE ANIMALS" },
      { HSNCode: "0101", Description: "" },
    ]);
    expect(() => requireColumns(t.header, ["HSNCode", "Level"], "Test CSV")).toThrow(/Test CSV: missing column\(s\) Level/);
  });
});
