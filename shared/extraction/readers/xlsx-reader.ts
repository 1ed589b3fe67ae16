/** XLSX cells with exceljs (cached formula results, rich text, dates as ISO dates; merged cells once). */
import type { DocumentText } from "../document-text.ts";
import { ExtractionFailure } from "../extraction-failure.ts";
import { numberText, sheetsToDocument, type SheetCell } from "./spreadsheet-cells.ts";

const MAX_CELLS = 200_000;

function cellText(value: unknown): { text: string; number?: number } {
  if (value === null || value === undefined) return { text: "" };
  if (typeof value === "number") return Number.isFinite(value) ? { text: numberText(value), number: value } : { text: "" };
  if (typeof value === "string") return { text: value };
  if (typeof value === "boolean") return { text: value ? "TRUE" : "FALSE" };
  if (value instanceof Date) return { text: Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10) };
  if (typeof value === "object") {
    const v = value as {
      richText?: { text: string }[];
      result?: unknown;
      text?: string;
      error?: string;
      sharedFormula?: string;
      formula?: string;
    };
    if (Array.isArray(v.richText)) return { text: v.richText.map((r) => r.text).join("") };
    if ("result" in v || v.formula || v.sharedFormula) return cellText(v.result);
    if (typeof v.text === "string") return { text: v.text }; // hyperlink
    if (v.error) return { text: "" };
  }
  return { text: "" };
}

export async function readXlsx(bytes: Uint8Array, options: { maxPages: number }): Promise<DocumentText> {
  const ExcelJS = (await import("exceljs")).default;
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch (e) {
    throw new ExtractionFailure(`The XLSX file could not be read (corrupt or not a spreadsheet): ${(e as Error).message}`);
  }
  const sheets: SheetCell[][] = [];
  let count = 0;
  for (const ws of workbook.worksheets.slice(0, options.maxPages)) {
    if (ws.state && ws.state !== "visible") continue;
    const cells: SheetCell[] = [];
    ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      row.eachCell({ includeEmpty: false }, (cell, colNumber) => {
        if (cell.isMerged && cell.master !== cell) return;
        if (++count > MAX_CELLS) return;
        const { text, number } = cellText(cell.value);
        if (text.trim()) cells.push({ row: rowNumber, col: colNumber, text, ...(number !== undefined ? { number } : {}) });
      });
    });
    sheets.push(cells);
  }
  return sheetsToDocument(sheets);
}
