import { describe, expect, it } from "vitest";
import { parseIndiaHsnCsv } from "../../../shared/reference/importers/parse-india-hsn.ts";

// The GST master as saved from the spreadsheet: BOM, a quoted header with a line break, CRLF,
// a code with a space, codes that lost their leading zero, and a description with "\r\r\n" inside.
const CSV =
  '\uFEFF"\r\nHSNCode",Description\r\n' +
  "01,LIVE ANIMALS\r\n" +
  '0101,"LIVE HORSES, ASSES, MULES AND HINNIES."\r\n' +
  '01011010,"LIVE HORSES, ASSES, MULES AND HINNIES PURE-BRED BREEDING ANIMALS HORSES"\r\n' +
  "03,FISH\r\n" +
  "0305,FISH DRIED\r\n" +
  '30559,"FISH ~\r\r\nOther:"\r\n' +
  "2307,WINE LEES\r\n" +
  "2307 00,Wine lees; argol\r\n" +
  "230700,WINE LEES AND ARGOL\r\n" +
  "\r\n" +
  "ABC,not a code\r\n";

describe("parseIndiaHsnCsv", () => {
  const { rows, skipped } = parseIndiaHsnCsv(CSV);

  it("normalises codes (spaces, lost leading zeros) and derives levels and parents", () => {
    expect(rows.map((r) => [r.code, r.level, r.parent_code, r.raw_code])).toEqual([
      ["01", 2, null, null],
      ["0101", 4, "01", null],
      ["01011010", 8, "0101", null],
      ["03", 2, null, null],
      ["0305", 4, "03", null],
      ["030559", 6, "0305", "30559"],
      ["2307", 4, null, null],
      ["230700", 6, "2307", "2307 00"],
    ]);
    expect(rows[5].description).toBe("FISH ~ Other:");
    expect(rows[2]).toMatchObject({ chapter: "01", heading: "0101", subheading: "010110" });
  });

  it("reports the repeated code and the non-code it skipped", () => {
    expect(skipped).toEqual([
      { raw: "230700", reason: "repeats 230700" },
      { raw: "ABC", reason: "not a 2–8 digit code" },
    ]);
  });

  it("needs the HSNCode and Description columns", () => {
    expect(() => parseIndiaHsnCsv("code;text\n01;x\n")).toThrow(/HSNCode and Description/);
  });
});
