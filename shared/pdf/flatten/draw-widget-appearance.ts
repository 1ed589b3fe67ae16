import { type PDFDict, PDFName, PDFRef, PDFStream } from "pdf-lib";
import { AnnotFlags, type TerminalField } from "../form-tree.ts";
import { numberOf } from "../pdf-objects.ts";
import { appearanceUsable } from "./find-non-embedded-fonts.ts";
import type { FlattenContext } from "./flatten-types.ts";
import { appearanceMatrix, type Matrix, normalizedRect, num, numbers, subDict, uniqueKey } from "./pdf-geometry.ts";
import { selectNormalAppearance } from "./select-normal-appearance.ts";

/**
 * Draws a visible widget's normal appearance into the page: registers it as a form XObject in the page's
 * resources and pushes the operators that place it (BBox × Matrix mapped onto Rect, ISO 32000-1 12.5.5).
 * False when there is nothing (allowed) to draw.
 */
export function drawWidgetAppearance(
  ctx: FlattenContext,
  widget: PDFDict,
  field: TerminalField | undefined,
  regenerated: boolean,
  resources: PDFDict,
  ops: string[],
): boolean {
  const { context } = ctx;
  const flags = numberOf(context, widget.get(PDFName.of("F"))) ?? 0;
  if (flags & (AnnotFlags.Hidden | AnnotFlags.NoView)) return false;
  const rectValues = numbers(context, widget.get(PDFName.of("Rect")), 4);
  if (!rectValues) return false;
  const rect = normalizedRect(rectValues);
  const appearance = selectNormalAppearance(context, widget, field);
  if (!appearance) return false;
  if (!regenerated && !appearanceUsable(context, appearance, ctx.pending)) return false;
  const stream = context.lookup(appearance as PDFRef) ?? appearance;
  if (!(stream instanceof PDFStream)) return false;
  const dict = stream.dict;
  const bbox = numbers(context, dict.get(PDFName.of("BBox")), 4);
  const matrix = (numbers(context, dict.get(PDFName.of("Matrix")), 6) ?? [1, 0, 0, 1, 0, 0]) as Matrix;
  const box = bbox ? normalizedRect(bbox) : ([0, 0, rect[2] - rect[0], rect[3] - rect[1]] as [number, number, number, number]);
  if (!bbox) dict.set(PDFName.of("BBox"), context.obj(box));
  dict.set(PDFName.of("Type"), PDFName.of("XObject"));
  dict.set(PDFName.of("Subtype"), PDFName.of("Form"));
  const m = appearanceMatrix(rect, box, matrix);
  if (!m) return false;
  const xobjects = subDict(context, resources, "XObject");
  const key = uniqueKey(xobjects, "TDSFlat");
  xobjects.set(key, appearance instanceof PDFRef ? appearance : context.register(stream));
  ops.push(`q ${m.map(num).join(" ")} cm ${key.toString()} Do Q`);
  return true;
}
