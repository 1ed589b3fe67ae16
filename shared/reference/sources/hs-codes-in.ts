/** India's 8-digit Customs Tariff items, from the GST portal's HSN master (HSN sheet), quarterly. */
import { parseIndiaHsnCsv } from "../importers/parse-india-hsn.ts";
import { type DownloadedFiles, FormatError, isZip, need, type ParsedTable, parseText, text } from "./download-files.ts";
import { type FoundFile, GZ, matches, newest, readText } from "./folder-files.ts";
import { asRows, type FolderPlan, INTERVAL_DAYS, type ReferenceSource } from "./reference-source.ts";

function find(files: readonly FoundFile[]): FolderPlan | null {
  const best = newest([
    ...matches(files, new RegExp(`^india_gst_hsn_master_goods(?:_(.+?))?\\.csv${GZ}`), (m) => [m[1]]),
    ...matches(files, new RegExp(`^HSN_SAC\\.csv${GZ}`, "i"), () => [""]),
  ]);
  if (!best) return null;
  return {
    files: [best.file],
    // The GST master carries no edition; a suffix in the file name (…_2025-05.csv) is taken as one.
    vintage: best.m[1] ?? null,
    source: "GST portal HSN master (HSN sheet, CSV); 8-digit Customs Tariff items",
    parse: async () => {
      const { rows, skipped } = parseIndiaHsnCsv((await readText(best.file)).text);
      const notes =
        skipped.length > 0 ? [`${skipped.length} rows skipped: ${skipped.map((s) => `"${s.raw}" ${s.reason}`).join("; ")}`] : [];
      return { rows: asRows(rows), notes };
    },
  };
}

/** The "HSN" sheet (or the first) of the GST portal's HSN_SAC.xlsx, as CSV text for the CSV parser. */
async function xlsxSheetAsCsv(bytes: Uint8Array): Promise<string> {
  const ExcelJS = (await import("exceljs")).default;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const sheet = workbook.getWorksheet("HSN") ?? workbook.worksheets[0];
  if (!sheet) throw new FormatError("HSN_SAC.xlsx: the workbook has no sheet");
  const quote = (v: unknown) => `"${String(v ?? "").replace(/"/g, '""')}"`;
  const lines: string[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = (row.values as unknown[])
      .slice(1)
      .map((v) =>
        v && typeof v === "object" && "richText" in v ? (v as { richText: { text: string }[] }).richText.map((t) => t.text).join("") : v,
      );
    lines.push(values.slice(0, 2).map(quote).join(","));
  });
  return lines.join("\n");
}

async function parseDownload(files: DownloadedFiles): Promise<ParsedTable> {
  const file = need(files, "HSN_SAC.xlsx");
  const s = isZip(file.bytes) ? await xlsxSheetAsCsv(file.bytes) : await text(file);
  const result = parseText(file.key, s, parseIndiaHsnCsv, "the GST HSN master");
  const notes = result.skipped.length > 0 ? [`${result.skipped.length} rows skipped`] : [];
  return { rows: asRows(result.rows), vintage: null, notes };
}

export const hsCodesIn: ReferenceSource<"hs_codes_in"> = {
  table: "hs_codes_in",
  publisher: "GST portal HSN master (HSN sheet); 8-digit Customs Tariff items",
  files: [{ key: "HSN_SAC.xlsx", url: "https://tutorial.gst.gov.in/downloads/HSN_SAC.xlsx" }],
  intervalDays: INTERVAL_DAYS.quarter,
  minRows: 10_000,
  // A dated file name ("…_2025-05.csv") states the month; an unnamed master counts as old.
  age: { from: "publication" },
  find,
  parseDownload,
};
