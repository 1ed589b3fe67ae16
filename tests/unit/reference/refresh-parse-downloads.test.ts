import { describe, expect, it } from "vitest";
import { hasSharedData, officialBytes, sharedDataName } from "../../support/reference-source-server.ts";
import { FormatError, parseDownloadedTable } from "../../../shared/reference/refresh/parse-downloads.ts";
import type { DownloadedFile } from "../../../shared/reference/refresh/download-source.ts";

function file(key: string, bytes: Uint8Array, meta: Partial<DownloadedFile> = {}): DownloadedFile {
  return { key, url: `http://127.0.0.1/${key}`, finalUrl: `http://127.0.0.1/${key}`, fileName: key, bytes, lastModified: null, ...meta };
}
const bytes = (s: string) => new TextEncoder().encode(s);

describe.runIf(hasSharedData)(sharedDataName("downloaded official formats → rows and the publisher's version"), () => {
  it("USITC JSON export: the revision comes from the publisher's file name", async () => {
    const r = await parseDownloadedTable("hs_codes_us", [
      file("hts.json", officialBytes("us_hts/usitc_hts_2026_revision_10.json.gz"), { fileName: "hts_2026_revision_10_json.json" }),
    ]);
    expect(r.rows).toHaveLength(35_509);
    expect(r.vintage).toBe("HTS 2026 Revision 10");
  });

  it("UK commodities-report: the version comes from the address after redirects", async () => {
    const finalUrl = "http://127.0.0.1/v1/datasets/uk-tariff-2021-01-01/versions/v4.0.1205/tables/commodities-report/data?format=csv";
    const r = await parseDownloadedTable("hs_codes_uk", [
      file("commodities-report.csv", officialBytes("uk_tariff/uk_tariff_commodities_report_v4.0.1205.csv.gz"), {
        finalUrl,
        fileName: "data",
      }),
    ]);
    expect(r.rows).toHaveLength(25_650);
    expect(r.vintage).toBe("UK Tariff v4.0.1205");
  });

  it("EU CN JSON and WCO HS CSV: the edition comes from the content", async () => {
    const eu = await parseDownloadedTable("hs_codes_eu", [
      file("cnCodes.json", officialBytes("eu_cn/eu_cn2026_codes.json.gz")),
      ...(["subheadings", "headings", "chapters", "sections"] as const).map((k) =>
        file(`cn${k[0].toUpperCase()}${k.slice(1)}.json`, officialBytes(`eu_cn/eu_cn2026_${k}.json.gz`)),
      ),
    ]);
    expect(eu.rows).toHaveLength(12_680);
    expect(eu.vintage).toBe("CN 2026");
    const wco = await parseDownloadedTable("hs_codes_wco", [
      file("harmonized-system.csv", officialBytes("hs/wco_hs2022.csv")),
      file("sections.csv", officialBytes("hs/wco_hs2022_sections.csv")),
    ]);
    expect(wco.rows).toHaveLength(6_936);
    expect(wco.vintage).toBe("HS 2022");
  });

  it("India HSN master: the GST portal's XLSX (HSN sheet) and its CSV give the same rows", async () => {
    const csv = officialBytes("in_hsn/india_gst_hsn_master_goods.csv.gz");
    const fromCsv = await parseDownloadedTable("hs_codes_in", [file("HSN_SAC.xlsx", csv)]);
    expect(fromCsv.rows).toHaveLength(21_561);
    // A small hand-made workbook in the portal's layout: sheet "HSN", header HSNCode / Description.
    const ExcelJS = (await import("exceljs")).default;
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet("SAC").addRow(["SAC_CD", "SAC_Description"]);
    const sheet = wb.addWorksheet("HSN");
    sheet.addRow(["HSNCode", "Description"]);
    for (const [code, d] of [
      ["01", "LIVE ANIMALS"],
      ["0101", "LIVE HORSES, ASSES, MULES AND HINNIES."],
      ["01011010", "LIVE HORSES PURE-BRED BREEDING ANIMALS"],
    ])
      sheet.addRow([code, d]);
    const xlsx = new Uint8Array(await wb.xlsx.writeBuffer());
    const fromXlsx = await parseDownloadedTable("hs_codes_in", [file("HSN_SAC.xlsx", xlsx)]);
    expect(fromXlsx.rows.map((r) => r.code)).toEqual(["01", "0101", "01011010"]);
    expect(fromXlsx.rows[2]).toMatchObject({ parent_code: "0101", description: "LIVE HORSES PURE-BRED BREEDING ANIMALS" });
  });

  it("refuses what is not the format, saying what was found", async () => {
    await expect(parseDownloadedTable("hs_codes_us", [file("hts.json", bytes('[{"htsno": "0101"'))])).rejects.toThrow(FormatError);
    await expect(parseDownloadedTable("port_codes", [file("unlocode.zip", bytes("PK\x03\x04garbage"))])).rejects.toThrow(
      /not a readable zip/,
    );
    await expect(parseDownloadedTable("port_codes", [file("unlocode.zip", bytes("Country,Location\nDE,HAM\n"))])).rejects.toThrow(
      /not a UN\/LOCODE code list part/,
    );
    await expect(
      parseDownloadedTable("hs_codes_uk", [file("commodities-report.csv", bytes("<html><body>Not found</body></html>"))]),
    ).rejects.toThrow(/HTML page/);
  });
});
