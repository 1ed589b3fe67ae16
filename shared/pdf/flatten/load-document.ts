import { type PDFContext, type PDFDict, type PDFDocument, PDFRef } from "pdf-lib";
import { useNativeDeflate } from "../native-deflate.ts";
import type { InspectLimits } from "../inspect-pdf.ts";
import { collectPages, loadPdf, type PageEntry } from "../pdf-objects.ts";
import { pdfProblem, PdfProblemError } from "../pdf-problem.ts";

export interface LoadedDocument {
  doc: PDFDocument;
  context: PDFContext;
  catalog: PDFDict;
  catalogRef: PDFRef;
  pages: PageEntry[];
}

/** Pre-flight and parse (loadPdf), then the catalog and the page tree walked by hand with limits. */
export async function loadDocument(bytes: Uint8Array, limits: InspectLimits): Promise<LoadedDocument> {
  const { doc } = await loadPdf(bytes, limits);
  useNativeDeflate(doc);
  const context = doc.context;
  const catalog = doc.catalog;
  const catalogRef = context.trailerInfo.Root;
  if (!(catalogRef instanceof PDFRef))
    throw new PdfProblemError(pdfProblem("corrupt", "The PDF is damaged: its catalog is not an indirect object."));
  const pages = collectPages(context, catalog, limits.maxPages);
  if (pages.length === 0) throw new PdfProblemError(pdfProblem("corrupt", "The PDF has no pages."));
  return { doc, context, catalog, catalogRef, pages };
}
