import { type PDFContext, type PDFDict, PDFName, PDFNumber, type PDFRef } from "pdf-lib";
import { AnnotFlags } from "../form-tree.ts";
import { dictOf, nameOf, numberOf } from "../pdf-objects.ts";
import { appearanceUsable } from "./find-non-embedded-fonts.ts";
import { numbers } from "./pdf-geometry.ts";
import { sanitizeAction } from "./sanitize-action.ts";
import { selectNormalAppearance } from "./select-normal-appearance.ts";

/** The annotation types PDF/A-2 allows (ISO 19005-2 6.3.1). */
const ALLOWED_ANNOTATIONS = new Set([
  "Text",
  "Link",
  "FreeText",
  "Line",
  "Square",
  "Circle",
  "Polygon",
  "PolyLine",
  "Highlight",
  "Underline",
  "Squiggly",
  "StrikeOut",
  "Stamp",
  "Caret",
  "Ink",
  "Popup",
  "PrinterMark",
  "TrapNet",
  "Watermark",
  "Redact",
]);

/** Keeps a (non-widget) annotation PDF/A-clean in place; false when it has to go. */
export function sanitizeAnnotation(context: PDFContext, annot: PDFDict, pending: Set<PDFRef>): boolean {
  const subtype = nameOf(context, annot.get(PDFName.of("Subtype")));
  if (!subtype || !ALLOWED_ANNOTATIONS.has(subtype)) return false;
  annot.delete(PDFName.of("AA"));
  if (annot.has(PDFName.of("A")) && !sanitizeAction(context, annot.get(PDFName.of("A")))) annot.delete(PDFName.of("A"));
  if (subtype !== "Popup") {
    const flags = numberOf(context, annot.get(PDFName.of("F"))) ?? 0;
    if (flags & (AnnotFlags.Hidden | AnnotFlags.NoView)) return false;
    annot.set(PDFName.of("F"), PDFNumber.of((flags | AnnotFlags.Print) & ~AnnotFlags.Invisible & ~AnnotFlags.ToggleNoView));
  }
  const rect = numbers(context, annot.get(PDFName.of("Rect")), 4);
  const degenerate = !rect || (rect[0] === rect[2] && rect[1] === rect[3]);
  const ap = dictOf(context, annot.get(PDFName.of("AP")));
  if (ap) {
    const normal = selectNormalAppearance(context, annot, undefined);
    if (!normal) {
      annot.delete(PDFName.of("AP"));
    } else {
      if (!appearanceUsable(context, normal, pending)) return false;
      annot.set(PDFName.of("AP"), context.obj({ N: normal }));
    }
  }
  if (!annot.has(PDFName.of("AP")) && !degenerate && subtype !== "Popup" && subtype !== "Link") return false;
  return true;
}
