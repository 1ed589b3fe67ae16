import type { DocumentText, TextLine } from "../document-text.ts";

/** A cell as the spreadsheet readers report it: row and column from 1, text, and the number if numeric. */
export interface SheetCell {
  row: number;
  col: number;
  text: string;
  number?: number;
}

/** Each non-empty row becomes a line and each cell a segment spanning its column (x0 = col − 1). */
export function sheetsToDocument(sheets: SheetCell[][]): DocumentText {
  const lines: TextLine[] = [];
  sheets.forEach((cells, i) => {
    const rows = new Map<number, SheetCell[]>();
    for (const c of cells) if (c.text.trim() !== "") rows.set(c.row, [...(rows.get(c.row) ?? []), c]);
    for (const row of [...rows.keys()].sort((a, b) => a - b)) {
      const segs = rows.get(row)!.sort((a, b) => a.col - b.col);
      lines.push({
        page: i + 1,
        y: row,
        height: 1,
        segments: segs.map((c) => ({
          text: c.text.replace(/\s+/g, " ").trim(),
          x0: c.col - 1,
          x1: c.col,
          confidence: 1,
          ...(c.number !== undefined ? { number: c.number } : {}),
        })),
      });
    }
  });
  return { source: "spreadsheet", pageCount: sheets.length, lines };
}

/** Shortest round-trip text of a number (no float noise such as 0.30000000000000004). */
export function numberText(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(12)));
}
