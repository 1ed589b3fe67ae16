import { type PDFContext, PDFDict, PDFName, type PDFObject, PDFRef, PDFStream } from "pdf-lib";
import type { TerminalField } from "../form-tree.ts";
import { dictOf, nameOf } from "../pdf-objects.ts";

/** The normal appearance stream of a widget for its current state (/AS, else the field's /V, else Off), or undefined. */
export function selectNormalAppearance(context: PDFContext, widget: PDFDict, field: TerminalField | undefined): PDFObject | undefined {
  const ap = dictOf(context, widget.get(PDFName.of("AP")));
  if (!ap) return undefined;
  const n = ap.get(PDFName.of("N"));
  const resolved = n instanceof PDFRef ? context.lookup(n) : n;
  if (resolved instanceof PDFStream) return n;
  if (!(resolved instanceof PDFDict)) return undefined;
  let state = nameOf(context, widget.get(PDFName.of("AS")));
  if (state === undefined && field) {
    const v = nameOf(context, field.value);
    if (v !== undefined && resolved.has(PDFName.of(v))) state = v;
  }
  if (state === undefined) state = "Off";
  const stream = resolved.get(PDFName.of(state));
  return (stream instanceof PDFRef ? context.lookup(stream) : stream) instanceof PDFStream ? stream : undefined;
}
