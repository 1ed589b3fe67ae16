/**
 * PDF text layer with pdfjs-dist 5 (legacy build, which runs on Node 20). Pages without a usable text
 * layer (scans) are read by OCR: a page that is a single scanned image is read from that image at its
 * own resolution; any other is rendered at 200 dpi with @napi-rs/canvas (pdfjs-dist's optional
 * dependency for Node). Node only in practice; the extractors never see pdfjs, only DocumentText.
 */
import { buildLines, splitOnWideSpaces, type DocumentText, type PositionedWord } from "../document-text.ts";
import { ExtractionFailure } from "../extraction-failure.ts";
import type { EmbeddedFile } from "../embedded/read-embedded-invoice.ts";
import { scanEmbeddedFiles } from "../embedded/scan-embedded-files.ts";
import { ocrImageThrice, type PageReadings } from "./ocr-reader.ts";
import { encodeGrayPgm, toGray } from "./gray-raster.ts";
import { PixelLimitExceeded } from "../../decompression/byte-budget.ts";
import { pixelBudgetError } from "./read-budget.ts";

/** A page with fewer visible characters than this in its text layer is treated as a scan. */
const MIN_TEXT_CHARS = 25;
const OCR_DPI = 200;

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let pdfjsModule: Promise<PdfJs> | null = null;
let standardFontDataUrl: string | undefined;

async function loadPdfJs(): Promise<PdfJs> {
  pdfjsModule ??= (async () => {
    const { createRequire } = await import("node:module");
    const { dirname, join } = await import("node:path");
    const require = createRequire(import.meta.url);
    standardFontDataUrl = `${join(dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;
    return import("pdfjs-dist/legacy/build/pdf.mjs");
  })();
  return pdfjsModule;
}

export async function readPdf(bytes: Uint8Array, options: { maxPages: number; maxPixels?: number }): Promise<DocumentText> {
  const pdfjs = await loadPdfJs();
  let pdf: import("pdfjs-dist/legacy/build/pdf.mjs").PDFDocumentProxy;
  try {
    pdf = await pdfjs.getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      standardFontDataUrl,
      verbosity: 0,
      stopAtErrors: false,
    }).promise;
  } catch (e) {
    const name = (e as { name?: string }).name;
    if (name === "PasswordException") throw new ExtractionFailure("The PDF is protected by a password");
    throw new ExtractionFailure(`The PDF could not be read (corrupt or not a PDF): ${(e as Error).message}`);
  }
  try {
    const words: PositionedWord[] = [];
    // The second and third readings of OCR'd pages (ocrImageThrice), with the text-layer pages as they
    // are; a reading counts only when every OCR'd page gave it.
    const others = [
      { words: [] as PositionedWord[], pages: 0 },
      { words: [] as PositionedWord[], pages: 0 },
    ];
    let ocrPages = 0;
    const pages = Math.min(pdf.numPages, options.maxPages);
    for (let n = 1; n <= pages; n++) {
      const page = await pdf.getPage(n);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const pageWords: PositionedWord[] = [];
      // pdfjs reports the spaces inside one drawn string as separate " " items: a space of normal
      // width glues the words around it into one run, a gap without one does not.
      let run: (PositionedWord & { baseline: number }) | null = null;
      let glue = false;
      const flush = () => {
        if (run) pageWords.push(...splitOnWideSpaces(run));
        run = null;
        glue = false;
      };
      for (const item of content.items) {
        if (!("str" in item)) continue;
        const [a, b, , d, e, f] = item.transform as number[];
        if (!item.str.trim()) {
          const size = Math.abs(d) || 10;
          glue =
            run !== null &&
            item.str.length > 0 &&
            item.width <= size * 0.7 * item.str.length &&
            Math.abs(f - run.baseline) < 0.5 &&
            Math.abs(e - run.x1) < size * 0.3;
          if (!glue) flush();
          continue;
        }
        // Only upright text: rotated stamps and vertical labels are not part of the data.
        if (Math.abs(b) > Math.abs(a) * 0.2) {
          flush();
          continue;
        }
        const size = Math.abs(d) || item.height || 10;
        const top = viewport.height - f - size * 0.8;
        const current = run as (PositionedWord & { baseline: number }) | null;
        if (current && glue && Math.abs(f - current.baseline) < 0.5 && e >= current.x1 - 0.5 && e - current.x1 < size * 1.2) {
          current.text += ` ${item.str}`;
          current.x1 = e + item.width;
          glue = false;
          continue;
        }
        flush();
        run = { page: n, text: item.str, x0: e, x1: e + item.width, y0: top, y1: top + size, confidence: 1, baseline: f };
      }
      flush();
      const visible = pageWords.reduce((sum, w) => sum + w.text.replace(/\s/g, "").length, 0);
      if (visible >= MIN_TEXT_CHARS) {
        words.push(...pageWords);
        for (const o of others) o.words.push(...pageWords);
      } else {
        const read = await ocrPage(pdf, page, n, options.maxPixels ?? Number.POSITIVE_INFINITY);
        words.push(...read.words);
        [read.second, read.third].forEach((more, i) => {
          if (!more) return;
          others[i].words.push(...more);
          others[i].pages++;
        });
        ocrPages++;
      }
      page.cleanup();
    }
    const attachments = await readAttachments(pdf, bytes, pages);
    return {
      source: ocrPages > 0 ? "pdf-ocr" : "pdf-text",
      pageCount: pages,
      lines: buildLines(words),
      ...(ocrPages > 0 && others[0].pages === ocrPages ? { secondReading: buildLines(others[0].words) } : {}),
      ...(ocrPages > 0 && others[1].pages === ocrPages ? { thirdReading: buildLines(others[1].words) } : {}),
      ...(attachments.length ? { attachments } : {}),
    };
  } catch (e) {
    if (e instanceof ExtractionFailure) throw e;
    throw new ExtractionFailure(`The PDF could not be read: ${(e as Error).message}`);
  } finally {
    await pdf.destroy();
  }
}

/**
 * Embedded files (Factur-X/ZUGFeRD invoices carry their XML this way): the EmbeddedFiles name tree,
 * file attachment annotations, and — when neither gives an XML — the embedded-file streams found in
 * the bytes (files listed only in the catalog's /AF array). A broken name tree is no attachments.
 */
async function readAttachments(
  pdf: import("pdfjs-dist/legacy/build/pdf.mjs").PDFDocumentProxy,
  bytes: Uint8Array,
  pages: number,
): Promise<EmbeddedFile[]> {
  const found = (await pdf.getAttachments().catch(() => null)) as Record<string, { filename?: string; content?: Uint8Array }> | null;
  const files: EmbeddedFile[] = Object.entries(found ?? {})
    .filter(([, a]) => a?.content instanceof Uint8Array)
    .map(([key, a]) => ({ name: a.filename ?? key, bytes: a.content as Uint8Array }));
  for (let n = 1; n <= pages; n++) {
    const annotations = (await (await pdf.getPage(n)).getAnnotations().catch(() => [])) as {
      file?: { filename?: string; content?: Uint8Array };
    }[];
    for (const a of annotations)
      if (a.file?.content instanceof Uint8Array) files.push({ name: a.file.filename ?? "attachment", bytes: a.file.content });
  }
  const looksXml = (f: EmbeddedFile) => /^\s*</.test(new TextDecoder().decode(f.bytes.subarray(0, 64)).replace(/^\uFEFF/, ""));
  if (!files.some(looksXml)) files.push(...(await scanEmbeddedFiles(bytes).catch(() => [])));
  return files;
}

/**
 * A page that is one scanned image: that image as a greyscale PGM at its own resolution (no
 * rendering, no resampling), or null when the page holds anything else.
 */
async function embeddedScan(
  pdfjs: PdfJs,
  page: import("pdfjs-dist/legacy/build/pdf.mjs").PDFPageProxy,
): Promise<{ image: Uint8Array; scale: number } | null> {
  const ops = await page.getOperatorList();
  const ids: string[] = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    if (fn === pdfjs.OPS.paintImageXObject) ids.push(ops.argsArray[i][0] as string);
    else if (fn === pdfjs.OPS.paintInlineImageXObject || fn === pdfjs.OPS.paintImageXObjectRepeat || fn === pdfjs.OPS.paintImageMaskXObject)
      return null;
  }
  if (ids.length !== 1) return null;
  const store = ids[0].startsWith("g_") ? page.commonObjs : page.objs;
  const img = await new Promise<{ width: number; height: number; kind: number; data?: Uint8Array } | null>((resolve) => {
    try {
      store.get(ids[0], (v: unknown) => resolve((v as never) ?? null));
    } catch {
      resolve(null);
    }
  });
  if (!img?.data || !img.width || !img.height) return null;
  const viewport = page.getViewport({ scale: 1 });
  const scale = img.width / viewport.width;
  // Too coarse to read, or not a page-sized image: render the page instead.
  if (scale < 100 / 72 || Math.abs(img.height / img.width - viewport.height / viewport.width) > 0.05) return null;
  const gray = toGray({ width: img.width, height: img.height, kind: img.kind, data: img.data });
  return gray ? { image: encodeGrayPgm(gray, img.width, img.height), scale } : null;
}

async function ocrPage(
  pdf: import("pdfjs-dist/legacy/build/pdf.mjs").PDFDocumentProxy,
  page: import("pdfjs-dist/legacy/build/pdf.mjs").PDFPageProxy,
  n: number,
  maxPixels: number,
): Promise<PageReadings> {
  const scan = await embeddedScan(await loadPdfJs(), page).catch(() => null);
  if (scan) return ocrImageThrice(scan.image, n, scan.scale);
  const scale = OCR_DPI / 72;
  const viewport = page.getViewport({ scale });
  // A page declaring a huge MediaBox would allocate its raster here: the same pixel budget as images.
  if (viewport.width * viewport.height > maxPixels)
    throw pixelBudgetError(new PixelLimitExceeded(viewport.width * viewport.height, maxPixels, `Page ${n} rendered at ${OCR_DPI} dpi`));
  const factory = (pdf as unknown as { canvasFactory?: { create(w: number, h: number): { canvas: unknown; context: unknown } } })
    .canvasFactory;
  if (!factory)
    throw new ExtractionFailure("This PDF has no text layer and scanned pages cannot be rendered here (@napi-rs/canvas is missing)");
  const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const c = context as CanvasRenderingContext2D;
  c.fillStyle = "#ffffff";
  c.fillRect(0, 0, Math.ceil(viewport.width), Math.ceil(viewport.height));
  await page.render({ canvasContext: c, canvas: canvas as HTMLCanvasElement, viewport }).promise;
  const png = (canvas as { toBuffer(type: string): Uint8Array }).toBuffer("image/png");
  return ocrImageThrice(png, n, scale);
}
