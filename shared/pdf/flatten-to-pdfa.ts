/**
 * flattenToPdfA: a (filled) PDF form → a flattened PDF/A-2b document, pure (bytes in, bytes out,
 * deterministic given `now`). The steps live in ./flatten/, one module each, sharing a FlattenContext:
 *
 *   1. pre-flight + parse; the page tree and the field tree are walked by hand with limits
 *   2. every text field gets a fresh appearance from its /V in DejaVu Sans: the document's own subset when it
 *      has every character to draw (the renderer's documents), else DejaVu Sans embedded (characters DejaVu
 *      lacks become U+FFFD, never .notdef); checkboxes, radio buttons and choice fields likewise; the hidden
 *      identity fields (_service_*) are dropped, never drawn
 *   3. each visible widget's normal appearance is drawn into the page content, every widget annotation is
 *      removed; other annotations are kept only if PDF/A allows them; the hash stamp is drawn on every page
 *   4. every font that renders must be embedded (`not_archivable` otherwise: fonts are not re-embedded)
 *   5. the AcroForm, actions, JavaScript, embedded files and page-piece metadata are removed, then
 *      unreachable objects and dangling references
 *   6. with `pdfa3`: the caller's files embedded as associated files (PDF/A-3b, e.g. Factur-X's factur-x.xml)
 *   7. trailer /ID, Info consistent with XMP (pdfaid 2/B or 3/B, tds:hashStamp), sRGB OutputIntent; PDF 1.7
 *      written by pdf-lib with the binary comment line
 *
 * Problems come back as PdfProblemError: the pre-flight codes, plus `not_archivable`.
 */
import { attachFile } from "./attach-file.ts";
import { readFormTree } from "./form-tree.ts";
import { cleanObjectGraph } from "./flatten/clean-object-graph.ts";
import { compressContentStreams } from "./flatten/compress-content-streams.ts";
import { hashStampText } from "./flatten/draw-hash-stamp.ts";
import { embedFlattenFont } from "./flatten/embed-flatten-font.ts";
import { requireEmbeddedFonts } from "./flatten/find-non-embedded-fonts.ts";
import { flattenPages } from "./flatten/flatten-pages.ts";
import { createFlattenContext, type FlattenOptions, type FlattenResult } from "./flatten/flatten-types.ts";
import { listDrawnCharacters } from "./flatten/list-drawn-characters.ts";
import { loadDocument } from "./flatten/load-document.ts";
import { regenerateFieldAppearances } from "./flatten/regenerate-field-appearances.ts";
import { reuseEmbeddedFont } from "./flatten/reuse-embedded-font.ts";
import { sanitizeCatalog } from "./flatten/sanitize-catalog.ts";
import { validateFlattenOptions } from "./flatten/validate-flatten-options.ts";
import { readSourceMetadata, writePdfAMetadata } from "./flatten/write-pdfa-metadata.ts";

export {
  FLATTEN_FONT_NAME,
  type FlattenOptions,
  type FlattenReport,
  type FlattenResult,
  MAX_DRAWN_FIELD_CHARS,
  PDFA_PRODUCER,
} from "./flatten/flatten-types.ts";

export async function flattenToPdfAWithReport(bytes: Uint8Array, options: FlattenOptions): Promise<FlattenResult> {
  const { icc, limits } = validateFlattenOptions(options);
  const { doc, context, catalog, catalogRef, pages } = await loadDocument(bytes, limits);
  const tree = readFormTree(context, catalog);
  const stampText = hashStampText(options);
  const font = reuseEmbeddedFont(doc, pages, listDrawnCharacters(context, tree.fields, stampText)) ?? (await embedFlattenFont(doc));
  const ctx = createFlattenContext(doc, font);
  const plan = regenerateFieldAppearances(ctx, tree.fields);
  const work = flattenPages(ctx, pages, plan, stampText);
  requireEmbeddedFonts(context, pages, ctx.pending);
  await ctx.font.embed(); // all glyphs are known now; embeds the subset so the cleanup sees real objects
  ctx.pending.clear();
  const source = readSourceMetadata(context, options);
  sanitizeCatalog(context, catalog);
  cleanObjectGraph(context, catalog, catalogRef, ctx.pending);
  for (const file of options.pdfa3?.attachments ?? []) attachFile(doc, file);
  await writePdfAMetadata(context, catalog, source, { bytes, options, icc });
  compressContentStreams(context);
  const out = await doc.save({ useObjectStreams: false, updateFieldAppearances: false, addDefaultPage: false, objectsPerTick: Infinity });
  return {
    bytes: out,
    report: {
      pages: pages.length,
      widgetsDrawn: work.drawn,
      widgetsDropped: work.dropped,
      annotationsRemoved: work.removedAnnotations,
      substitutedCharacters: [...ctx.substituted].sort(),
      needAppearances: tree.needAppearances,
      truncatedFields: ctx.truncated,
    },
  };
}

/** Flattens a PDF (form) into PDF/A-2b; see the module comment. Throws PdfProblemError for unusable input. */
export async function flattenToPdfA(bytes: Uint8Array, options: FlattenOptions): Promise<Uint8Array> {
  return (await flattenToPdfAWithReport(bytes, options)).bytes;
}
