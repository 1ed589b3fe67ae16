/**
 * Per page: each visible widget's appearance drawn into the content (widget annotations then removed),
 * other annotations kept only when PDF/A allows them, page-level actions and metadata removed, the hash
 * stamp drawn on top.
 */
import { PDFArray, type PDFContext, type PDFDict, PDFName, type PDFObject, PDFRef, PDFStream } from "pdf-lib";
import { dictOf, dictsIn, nameOf, type PageEntry } from "../pdf-objects.ts";
import { drawHashStamp } from "./draw-hash-stamp.ts";
import { drawWidgetAppearance } from "./draw-widget-appearance.ts";
import type { FlattenContext } from "./flatten-types.ts";
import { inherited, shallowCopy } from "./pdf-geometry.ts";
import type { WidgetPlan } from "./regenerate-field-appearances.ts";
import { sanitizeAnnotation } from "./sanitize-annotation.ts";

export interface PageWork {
  drawn: number;
  dropped: number;
  removedAnnotations: number;
}

function pageResources(context: PDFContext, page: PDFDict): PDFDict {
  // Explicit, page-owned resources (6.2.2: no inherited resources), copied so shared dictionaries stay intact.
  const resources = shallowCopy(context, dictOf(context, inherited(context, page, "Resources")));
  for (const key of ["XObject", "Font"]) {
    const sub = dictOf(context, resources.get(PDFName.of(key)));
    if (sub) resources.set(PDFName.of(key), shallowCopy(context, sub));
  }
  page.set(PDFName.of("Resources"), resources);
  return resources;
}

function appendContent(context: PDFContext, page: PDFDict, ops: string[]): void {
  if (ops.length === 0) return;
  const existing = page.get(PDFName.of("Contents"));
  const resolved = existing instanceof PDFRef ? context.lookup(existing) : existing;
  const items: PDFObject[] = [];
  if (resolved instanceof PDFArray) for (let i = 0; i < resolved.size(); i++) items.push(resolved.get(i));
  else if (resolved instanceof PDFStream) items.push(existing!);
  if (items.length === 0) {
    page.set(PDFName.of("Contents"), context.register(context.flateStream(`${ops.join("\n")}\n`)));
    return;
  }
  // Isolate the original content's graphics state (q … Q), then draw on top.
  const open = context.register(context.stream("q\n"));
  const tail = context.register(context.flateStream(`Q\n${ops.join("\n")}\n`));
  page.set(PDFName.of("Contents"), context.obj([open, ...items, tail]));
}

export function flattenPages(
  ctx: FlattenContext,
  pages: readonly PageEntry[],
  plan: ReadonlyMap<PDFDict, WidgetPlan>,
  stampText: string | undefined,
): PageWork {
  const { context } = ctx;
  const work: PageWork = { drawn: 0, dropped: 0, removedAnnotations: 0 };
  for (const { dict: page } of pages) {
    const resources = pageResources(context, page);
    const ops: string[] = [];
    const kept: PDFObject[] = [];
    for (const { entry, dict: annot } of dictsIn(context, page.get(PDFName.of("Annots")))) {
      if (nameOf(context, annot.get(PDFName.of("Subtype"))) === "Widget") {
        const planned = plan.get(annot);
        if (!planned?.drop && drawWidgetAppearance(ctx, annot, planned?.field, planned?.regenerated ?? false, resources, ops)) work.drawn++;
        else work.dropped++;
      } else if (sanitizeAnnotation(context, annot, ctx.pending)) {
        kept.push(entry);
      } else {
        work.removedAnnotations++;
      }
    }
    if (kept.length > 0) page.set(PDFName.of("Annots"), context.obj(kept));
    else page.delete(PDFName.of("Annots"));
    for (const key of ["AA", "PresSteps", "Metadata"]) page.delete(PDFName.of(key));
    if (stampText !== undefined) ops.push(drawHashStamp(ctx, page, resources, stampText));
    appendContent(context, page, ops);
  }
  return work;
}
