/**
 * An XLSX workbook's sheet as CSV text, for a descriptor whose publisher offers only a workbook (the GST
 * portal's HSN_SAC.xlsx). exceljs is loaded here, in the refresh, and only when a workbook arrives.
 */
import { FormatError } from "../sources/download-files.ts";
import type { DownloadedFile } from "./download-source.ts";

/** The named sheet (or the first) of the workbook, its first two columns quoted as CSV. */
export async function workbookSheetAsCsv(file: DownloadedFile, sheetName: string): Promise<string> {
  const bytes = file.bytes;
  const ExcelJS = (await import("exceljs")).default;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const sheet = workbook.getWorksheet(sheetName) ?? workbook.worksheets[0];
  if (!sheet) throw new FormatError(`${file.key}: the workbook has no sheet`);
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
