import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { parseIndiaHsnCsv } from "../../../shared/reference/importers/parse-india-hsn.ts";
import { hasSharedData, sharedDataFile, sharedDataName } from "../../support/shared-data.ts";

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

// The real GST master (../shared/data/SOURCES.md, §6): its 5- and 7-digit groups lost their leading zero
// and look like 4- and 6-digit codes of the wrong chapter ("8023" Walnuts, "3023"/"3034" Tunas).
const REAL_FILE = sharedDataFile("in_hsn/india_gst_hsn_master_goods.csv.gz");

describe.runIf(hasSharedData)(sharedDataName("parseIndiaHsnCsv on the real file"), () => {
  // The collector runs even when the suite is skipped: read the file only when it is there.
  const { rows, skipped } = hasSharedData
    ? parseIndiaHsnCsv(gunzipSync(readFileSync(REAL_FILE)).toString("utf8"))
    : { rows: [], skipped: [] };
  const byCode = new Map(rows.map((r) => [r.code, r]));

  it.each([
    ["8023", "08023", "0802", /^Walnuts$/],
    ["3023", "03023", "0302", /^Tunas/],
    ["3034", "03034", "0303", /^Tunas/],
    ["802901", "0802901", "080290", /^Betel nuts$/],
    ["901111", "0901111", "090111", /^Arabica plantation$/],
    ["3037", "03037", "0303", /^Other fish/],
  ])("%s is stored as %s under %s", (raw, code, parent, description) => {
    expect(byCode.has(raw)).toBe(false);
    expect(byCode.get(code)).toMatchObject({ code, raw_code: raw, level: code.length, parent_code: parent, chapter: code.slice(0, 2) });
    expect(byCode.get(code)!.description).toMatch(description);
  });

  it("keeps real headings and subheadings as they are", () => {
    expect(byCode.get("0802")).toMatchObject({ raw_code: null, parent_code: "08" });
    expect(byCode.get("08023100")).toMatchObject({ raw_code: null, parent_code: "080231" });
    expect(byCode.get("3004")).toMatchObject({ raw_code: null, chapter: "30" });
    expect(byCode.get("8001")).toMatchObject({ raw_code: null, chapter: "80" });
    // No chapter 30 or 80 heading without lines below it is left over from chapters 03 or 08.
    const strays = rows.filter(
      (r) => r.level === 4 && /^(30|80)/.test(r.code) && !rows.some((o) => o.code.length > 4 && o.code.startsWith(r.code)),
    );
    expect(strays.map((r) => r.code)).toEqual([]);
    expect(skipped.filter((s) => /^\d+$/.test(s.raw)).length).toBeLessThan(20);
  });
});
