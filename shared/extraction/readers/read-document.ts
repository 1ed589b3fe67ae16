/**
 * Bytes → DocumentText, by the sniffed kind. The heavy readers (pdfjs, tesseract.js, exceljs) are
 * imported on first use only, so modules that merely import the extraction area (the router, the
 * worker) load fine on Deno and on the edge; reading itself is Node-only in practice.
 */
import type { DocumentText } from "../document-text.ts";
import type { FileKind } from "../file-kinds.ts";

export async function readDocument(bytes: Uint8Array, kind: FileKind, options: { maxPages: number }): Promise<DocumentText> {
  switch (kind) {
    case "pdf":
      return (await import("./pdf-reader.ts")).readPdf(bytes, options);
    case "png":
    case "jpeg":
    case "tiff": {
      const { ocrImage } = await import("./ocr-reader.ts");
      const { buildLines } = await import("../document-text.ts");
      return { source: "image-ocr", pageCount: 1, lines: buildLines(await ocrImage(bytes, 1)) };
    }
    case "xlsx":
      return (await import("./xlsx-reader.ts")).readXlsx(bytes, options);
    case "xls":
      return (await import("./xls-reader.ts")).readXls(bytes, options);
  }
}
