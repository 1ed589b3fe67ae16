import { PDFArray, type PDFContext, PDFDict, PDFName, type PDFObject, PDFRef, PDFStream } from "pdf-lib";
import { dictOf, get, nameOf } from "../pdf-objects.ts";
import { pdfProblem, PdfProblemError } from "../pdf-problem.ts";
import { sanitizeAction } from "./sanitize-action.ts";

const STANDARD_BLEND_MODES = new Set([
  "Normal",
  "Compatible",
  "Multiply",
  "Screen",
  "Overlay",
  "Darken",
  "Lighten",
  "ColorDodge",
  "ColorBurn",
  "HardLight",
  "SoftLight",
  "Difference",
  "Exclusion",
  "Hue",
  "Saturation",
  "Color",
  "Luminosity",
]);
const RENDERING_INTENTS = new Set(["RelativeColorimetric", "AbsoluteColorimetric", "Perceptual", "Saturation"]);

/**
 * One pass over everything reachable from the catalog: removes additional actions, forbidden actions,
 * object-level metadata streams, forbidden stream/image/form/ExtGState keys and dangling references; then
 * deletes every object that is no longer reachable (old fields, widgets, their appearances and fonts).
 * `pending` objects count as present (none are left once the font is embedded).
 */
export function cleanObjectGraph(context: PDFContext, catalog: PDFDict, catalogRef: PDFRef, pending: Set<PDFRef>): void {
  const reachable = new Set<PDFRef>([catalogRef]);
  const seen = new Set<PDFObject>();
  // role: "gstates" for an /ExtGState resource dictionary, "gstate" for one of its entries.
  type Role = "gstates" | "gstate" | undefined;
  const stack: { object: PDFObject; role: Role }[] = [{ object: catalog, role: undefined }];
  const exists = (ref: PDFRef) => pending.has(ref) || context.lookup(ref) !== undefined;
  const visitChild = (value: PDFObject, role: Role) => {
    if (value instanceof PDFRef) {
      if (reachable.has(value)) return;
      reachable.add(value);
      const target = context.lookup(value);
      if (target) stack.push({ object: target, role });
    } else if (value instanceof PDFDict || value instanceof PDFArray || value instanceof PDFStream) {
      stack.push({ object: value, role });
    }
  };
  const isAction = (value: PDFObject) => {
    const action = dictOf(context, value);
    return !!action && (action.has(PDFName.of("S")) || nameOf(context, action.get(PDFName.of("Type"))) === "Action");
  };
  while (stack.length > 0) {
    const { object, role } = stack.pop()!;
    if (seen.has(object)) continue;
    seen.add(object);
    if (object instanceof PDFArray) {
      for (let i = object.size() - 1; i >= 0; i--) {
        const item = object.get(i);
        if (item instanceof PDFRef && !exists(item)) object.remove(i);
      }
      for (let i = 0; i < object.size(); i++) visitChild(object.get(i), undefined);
      continue;
    }
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : undefined;
    if (!dict) continue;
    // Additional actions and JavaScript (6.5); embedded files and associated files (6.8: an embedded file
    // would itself have to be PDF/A-1 or -2, which cannot be verified here).
    for (const key of ["AA", "JS", "EF", "RF", "AF"]) dict.delete(PDFName.of(key));
    if (dict !== catalog) dict.delete(PDFName.of("Metadata"));
    if (object instanceof PDFStream) {
      for (const key of ["F", "FFilter", "FDecodeParms"]) dict.delete(PDFName.of(key));
      const filter = get(context, dict, "Filter");
      const filters = filter instanceof PDFArray ? filter.asArray().map((f) => nameOf(context, f)) : [nameOf(context, filter)];
      if (filters.includes("LZWDecode") || filters.includes("LZW")) {
        throw new PdfProblemError(pdfProblem("not_archivable", "The PDF uses LZW compression, which PDF/A does not allow."));
      }
      const subtype = nameOf(context, dict.get(PDFName.of("Subtype")));
      if (subtype === "Image") {
        for (const key of ["Alternates", "OPI"]) dict.delete(PDFName.of(key));
        if (dict.has(PDFName.of("Interpolate"))) dict.set(PDFName.of("Interpolate"), context.obj(false));
      } else if (subtype === "Form") {
        for (const key of ["OPI", "PS", "Ref"]) dict.delete(PDFName.of(key));
        if (nameOf(context, dict.get(PDFName.of("Subtype2"))) === "PS") dict.delete(PDFName.of("Subtype2"));
      }
    }
    if (role === "gstate") {
      dict.delete(PDFName.of("TR"));
      dict.delete(PDFName.of("HTP"));
      if (dict.has(PDFName.of("TR2")) && nameOf(context, dict.get(PDFName.of("TR2"))) !== "Default") dict.delete(PDFName.of("TR2"));
      const bm = nameOf(context, dict.get(PDFName.of("BM")));
      if (dict.has(PDFName.of("BM")) && (bm === undefined || !STANDARD_BLEND_MODES.has(bm)))
        dict.set(PDFName.of("BM"), PDFName.of("Normal"));
    }
    for (const key of ["RI", "Intent"]) {
      const intent = nameOf(context, dict.get(PDFName.of(key)));
      if (intent !== undefined && !RENDERING_INTENTS.has(intent)) dict.set(PDFName.of(key), PDFName.of("RelativeColorimetric"));
    }
    for (const [key, value] of dict.entries()) {
      const name = key.decodeText();
      if (value instanceof PDFRef && !exists(value)) {
        dict.delete(key);
        continue;
      }
      if ((name === "A" || name === "OpenAction") && isAction(value) && !sanitizeAction(context, value)) {
        dict.delete(key);
        continue;
      }
      visitChild(value, name === "ExtGState" ? "gstates" : role === "gstates" ? "gstate" : undefined);
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reachable.has(ref)) context.delete(ref);
  }
}
