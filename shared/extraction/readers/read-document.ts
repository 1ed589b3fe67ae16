/**
 * Bytes → DocumentText, by the sniffed kind. The heavy readers (pdfjs, tesseract.js, exceljs) are
 * imported on first use only, so modules that merely import the extraction area (the router, the
 * worker) load fine on Deno and on the edge; reading itself is Node-only in practice.
 */
import type { DocumentText } from "../document-text.ts";
import type { FileKind } from "../file-kinds.ts";
import { type ByteAndPixelBudgets, checkReadBudgets, DEFAULT_READ_BUDGETS } from "./read-budget.ts";

export interface ReadOptions {
  maxPages: number;
  /** Decompressed bytes and pixels (read-budget.ts); the defaults when absent. */
  budgets?: ByteAndPixelBudgets;
}

export async function readDocument(bytes: Uint8Array, kind: FileKind, options: ReadOptions): Promise<DocumentText> {
  const budgets = options.budgets ?? DEFAULT_READ_BUDGETS;
  // Before any parser: a bomb is refused by counting, not by holding what it expands to.
  await checkReadBudgets(bytes, kind, budgets);
  switch (kind) {
    case "pdf":
      return (await import("./pdf-reader.ts")).readPdf(bytes, { maxPages: options.maxPages, maxPixels: budgets.maxPixels });
    case "png":
    case "jpeg":
    case "tiff": {
      const { ocrImageThrice } = await import("./ocr-reader.ts");
      const { buildLines } = await import("../document-text.ts");
      const { words, second, third } = await ocrImageThrice(bytes, 1);
      return {
        source: "image-ocr",
        pageCount: 1,
        lines: buildLines(words),
        ...(second ? { secondReading: buildLines(second) } : {}),
        ...(third ? { thirdReading: buildLines(third) } : {}),
      };
    }
    case "xlsx":
      return (await import("./xlsx-reader.ts")).readXlsx(bytes, options);
    case "xls":
      return (await import("./xls-reader.ts")).readXls(bytes, options);
  }
}
