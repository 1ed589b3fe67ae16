/**
 * flattenToPdfA: a (filled) PDF form → a flattened PDF/A-2b document, pure (bytes in, bytes out,
 * deterministic given `now`).
 *
 *   1. pre-flight + parse (loadPdf); the page tree and the field tree are walked by hand with limits
 *   2. the hidden identity fields (_service_*) and hidden/no-view widgets are dropped, never drawn
 *   3. every text field gets a fresh appearance from its /V in embedded DejaVu Sans (values filled by pdftk,
 *      NeedAppearances viewers or pdf-lib with Helvetica all come out the same; characters DejaVu lacks
 *      become U+FFFD, never .notdef); checkboxes, radio buttons and choice fields likewise (vector marks,
 *      DejaVu text); buttons and signatures keep their appearance when it is self-contained
 *   4. each visible widget's normal appearance is drawn into the page content (BBox × Matrix mapped onto
 *      Rect, ISO 32000-1 12.5.5), then every widget annotation is removed and the AcroForm deleted
 *   5. other annotations are kept only if PDF/A allows them (type, flags, AP with N only, no actions)
 *   6. actions, JavaScript, OpenAction, additional actions, embedded files, page-piece metadata streams are
 *      removed; then a reachability pass deletes unreferenced objects and dangling references
 *   7. the hash stamp is drawn on every page (bottom margin, embedded DejaVu, upright on rotated pages)
 *   8. sRGB OutputIntent, XMP (pdfaid 2/B, dc, xmp, pdf, xmpMM, tds:hashStamp with its extension schema),
 *      Info consistent with XMP, trailer /ID, PDF 1.7 header with the binary comment line (pdf-lib writer)
 *
 * Problems come back as PdfProblemError: the pre-flight codes, plus `not_archivable` when page content uses
 * a font that is not embedded (PDF/A requires every font embedded and this module does not re-embed fonts).
 */
import {
  decodePDFRawStream,
  PDFAcroCheckBox,
  PDFAcroComboBox,
  PDFAcroListBox,
  PDFAcroRadioButton,
  PDFAcroText,
  PDFArray,
  PDFCheckBox,
  PDFContentStream,
  type PDFContext,
  PDFDict,
  type PDFDocument,
  PDFDropdown,
  type PDFFont,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFOptionList,
  PDFRadioGroup,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
  PDFTextField,
} from "pdf-lib";
import { isServiceFieldName } from "../documents/field-paths.ts";
import { fontkit, loadFontBytes, SHAPING_FEATURES } from "../documents/fonts.ts";
import { useNativeDeflate } from "../documents/layout/compress.ts";
import { AnnotFlags, FieldFlags, readFormTree, type TerminalField } from "./form-tree.ts";
import { DEFAULT_INSPECT_LIMITS, type InspectLimits } from "./inspect-pdf.ts";
import { arrayOf, collectPages, dictOf, get, loadPdf, nameOf, numberOf, textOf } from "./pdf-objects.ts";
import { pdfProblem, PdfProblemError } from "./pdf-problem.ts";
import { normalizeFieldValue } from "./read-form-fields.ts";
import { SRGB_OUTPUT_CONDITION, srgbIccProfile } from "./srgb-icc.ts";
import { buildXmp } from "./xmp.ts";

export const PDFA_PRODUCER = "Trade Document Service (PDF/A-2b flattener)";
/** Subset tag of the font embedded for field values and the stamp (fixed: deterministic output). */
export const FLATTEN_FONT_NAME = "TDSFLT+DejaVuSans";
const STAMP_FONT_SIZE = 6;
const STAMP_BASELINE = 8;
const REPLACEMENT = "\uFFFD";
/** Longest field value drawn (layout cost grows with length; no real form field holds more). */
export const MAX_DRAWN_FIELD_CHARS = 20_000;

export interface FlattenOptions {
  /** Shown on every page and stored in the XMP (tds:hashStamp). At most 256 characters. */
  hashStamp?: string;
  /** Document title (dc:title and Info /Title); default: the input's Info /Title. */
  title?: string;
  /** Modification / metadata date; the only clock input (output is deterministic given `now`). */
  now: Date;
  /** OutputIntent profile (an RGB ICC profile); default: the generated sRGB profile (srgb-icc.ts). */
  iccProfile?: Uint8Array;
  limits?: Partial<InspectLimits>;
}

export interface FlattenReport {
  pages: number;
  /** Widget appearances drawn into page content. */
  widgetsDrawn: number;
  /** Widgets removed without drawing: identity fields, hidden / no-view widgets, empty appearances. */
  widgetsDropped: number;
  /** Non-widget annotations removed (types, flags or appearances PDF/A does not allow). */
  annotationsRemoved: number;
  /** Characters in field values that DejaVu Sans cannot show, drawn as U+FFFD. */
  substitutedCharacters: string[];
  /** The input asked viewers to regenerate appearances (values were drawn from /V in any case). */
  needAppearances: boolean;
  /** Fields whose value was longer than MAX_DRAWN_FIELD_CHARS and was drawn cut (with "…"). */
  truncatedFields: string[];
}

export interface FlattenResult {
  bytes: Uint8Array;
  report: FlattenReport;
}

let charsetCache: Set<number> | null = null;

function fontCharset(font: PDFFont): Set<number> {
  if (!charsetCache) charsetCache = new Set(font.getCharacterSet());
  return charsetCache;
}

function validateOptions(options: FlattenOptions): void {
  if (!(options.now instanceof Date) || Number.isNaN(options.now.getTime()))
    throw new TypeError("flattenToPdfA: `now` must be a valid Date");
  if (options.hashStamp !== undefined) {
    // eslint-disable-next-line no-control-regex
    if (
      typeof options.hashStamp !== "string" ||
      options.hashStamp.trim() === "" ||
      options.hashStamp.length > 256 ||
      /[\u0000-\u001f\u007f]/.test(options.hashStamp)
    ) {
      throw new TypeError("flattenToPdfA: `hashStamp` must be 1–256 printable characters");
    }
  }
  if (options.title !== undefined && (typeof options.title !== "string" || options.title.length > 1000)) {
    throw new TypeError("flattenToPdfA: `title` must be a string of at most 1000 characters");
  }
}

// ---------------------------------------------------------------------------------------------------------
// Small geometry and formatting helpers

type Matrix = [number, number, number, number, number, number];

function num(v: number): string {
  const rounded = Math.round(v * 10000) / 10000;
  return Object.is(rounded, -0) ? "0" : String(rounded);
}

function numbers(context: PDFContext, object: PDFObject | undefined, count: number): number[] | undefined {
  const array = arrayOf(context, object);
  if (!array || array.size() < count) return undefined;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const n = numberOf(context, array.get(i));
    if (n === undefined || !Number.isFinite(n)) return undefined;
    out.push(n);
  }
  return out;
}

function normalizedRect(r: number[]): [number, number, number, number] {
  return [Math.min(r[0], r[2]), Math.min(r[1], r[3]), Math.max(r[0], r[2]), Math.max(r[1], r[3])];
}

function transformPoint(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** The matrix that maps an appearance (BBox transformed by its Matrix) onto the annotation Rect. */
function appearanceMatrix(rect: [number, number, number, number], bbox: [number, number, number, number], matrix: Matrix): Matrix | null {
  const corners = [
    transformPoint(matrix, bbox[0], bbox[1]),
    transformPoint(matrix, bbox[2], bbox[1]),
    transformPoint(matrix, bbox[0], bbox[3]),
    transformPoint(matrix, bbox[2], bbox[3]),
  ];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const [tx1, ty1, tx2, ty2] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  const tw = tx2 - tx1;
  const th = ty2 - ty1;
  const rw = rect[2] - rect[0];
  const rh = rect[3] - rect[1];
  if (tw <= 0 || th <= 0 || rw <= 0 || rh <= 0) return null;
  const sx = rw / tw;
  const sy = rh / th;
  return [sx, 0, 0, sy, rect[0] - tx1 * sx, rect[1] - ty1 * sy];
}

function inherited(context: PDFContext, page: PDFDict, key: string): PDFObject | undefined {
  let node: PDFDict | undefined = page;
  for (let depth = 0; node && depth < 64; depth++) {
    const value = node.get(PDFName.of(key));
    if (value !== undefined) return value;
    node = dictOf(context, node.get(PDFName.of("Parent")));
  }
  return undefined;
}

function uniqueKey(dict: PDFDict, prefix: string): PDFName {
  for (let i = 0; ; i++) {
    const name = PDFName.of(`${prefix}${i}`);
    if (!dict.has(name)) return name;
  }
}

function shallowCopy(context: PDFContext, dict: PDFDict | undefined): PDFDict {
  const copy = context.obj({});
  if (dict) for (const [key, value] of dict.entries()) copy.set(key, value);
  return copy;
}

// ---------------------------------------------------------------------------------------------------------
// Fonts: embedded or not

function isFontEmbedded(context: PDFContext, fontObject: PDFObject | undefined, pending: Set<PDFRef>): boolean {
  if (fontObject instanceof PDFRef && pending.has(fontObject)) return true;
  const font = dictOf(context, fontObject);
  if (!font) return true; // dangling: removed later, renders nothing
  const subtype = nameOf(context, font.get(PDFName.of("Subtype")));
  if (subtype === "Type3") return true;
  let descriptorOwner: PDFDict | undefined = font;
  if (subtype === "Type0") {
    const descendants = arrayOf(context, font.get(PDFName.of("DescendantFonts")));
    descriptorOwner = descendants && descendants.size() > 0 ? dictOf(context, descendants.get(0)) : undefined;
  }
  const descriptor = descriptorOwner ? dictOf(context, descriptorOwner.get(PDFName.of("FontDescriptor"))) : undefined;
  if (!descriptor) return false;
  return ["FontFile", "FontFile2", "FontFile3"].some((key) => descriptor.has(PDFName.of(key)));
}

/** Names of non-embedded fonts reachable from a resource dictionary (forms, patterns, Type 3 fonts). */
function nonEmbeddedFonts(
  context: PDFContext,
  resources: PDFObject | undefined,
  pending: Set<PDFRef>,
  seen = new Set<PDFDict>(),
): string[] {
  const out: string[] = [];
  const stack: (PDFObject | undefined)[] = [resources];
  while (stack.length > 0) {
    const dict = dictOf(context, stack.pop());
    if (!dict || seen.has(dict)) continue;
    seen.add(dict);
    const fonts = dictOf(context, dict.get(PDFName.of("Font")));
    if (fonts) {
      for (const [, fontObject] of fonts.entries()) {
        if (!isFontEmbedded(context, fontObject, pending)) {
          const font = dictOf(context, fontObject);
          out.push(nameOf(context, font?.get(PDFName.of("BaseFont"))) ?? "unnamed font");
        }
        const font = dictOf(context, fontObject);
        if (font && nameOf(context, font.get(PDFName.of("Subtype"))) === "Type3") stack.push(font.get(PDFName.of("Resources")));
      }
    }
    for (const key of ["XObject", "Pattern"]) {
      const group = dictOf(context, dict.get(PDFName.of(key)));
      if (!group) continue;
      for (const [, child] of group.entries()) {
        const childDict = dictOf(context, child);
        if (childDict) stack.push(childDict.get(PDFName.of("Resources")));
      }
    }
  }
  return out;
}

/** An appearance stream that can be drawn as is: its fonts are embedded and it names its resources. */
function appearanceUsable(context: PDFContext, stream: PDFObject | undefined, pending: Set<PDFRef>): boolean {
  const value = stream instanceof PDFRef ? context.lookup(stream) : stream;
  if (!(value instanceof PDFStream)) return false;
  const resources = value.dict.get(PDFName.of("Resources"));
  if (nonEmbeddedFonts(context, resources, pending).length > 0) return false;
  if (!dictOf(context, resources)?.has(PDFName.of("Font")) && value instanceof PDFRawStream) {
    // Text drawn with a font taken from the AcroForm /DR (not allowed once the form is gone).
    try {
      const content = decodePDFRawStream(value).getBytes(256 * 1024);
      for (let i = 0; i + 1 < content.length; i++) if (content[i] === 0x54 && content[i + 1] === 0x66) return false; // "Tf"
    } catch {
      return false;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------------
// Field appearances

interface Context {
  doc: PDFDocument;
  context: PDFContext;
  font: PDFFont;
  charset: Set<number>;
  substituted: Set<string>;
  truncated: string[];
  pending: Set<PDFRef>;
}

function sanitizeText(ctx: Context, text: string): string {
  let out = "";
  for (const ch of normalizeFieldValue(text)) {
    const cp = ch.codePointAt(0)!;
    if (ch === "\n") out += ch;
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) out += " ";
    else if (ctx.charset.has(cp)) out += ch;
    else {
      ctx.substituted.add(ch);
      out += REPLACEMENT;
    }
  }
  return out;
}

function sanitizeTextObject(ctx: Context, object: PDFObject | undefined): PDFObject | undefined {
  const value = object instanceof PDFRef ? ctx.context.lookup(object) : object;
  if (value instanceof PDFArray) {
    const items: PDFObject[] = [];
    for (let i = 0; i < value.size(); i++) items.push(sanitizeTextObject(ctx, value.get(i)) ?? value.get(i));
    return ctx.context.obj(items);
  }
  const text = textOf(ctx.context, value);
  if (text === undefined || value instanceof PDFName) return object;
  return PDFHexString.fromText(sanitizeText(ctx, text));
}

/** CMYK colours in DA strings and MK arrays become RGB (DeviceCMYK needs a CMYK output intent). */
function rgbFromCmyk(c: number, m: number, y: number, k: number): [number, number, number] {
  return [(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)];
}

function normalizeDa(da: string): string {
  return da.replace(/(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+k\b/g, (_m, c: string, m: string, y: string, k: string) => {
    const [r, g, b] = rgbFromCmyk(Number(c), Number(m), Number(y), Number(k));
    return `${num(r)} ${num(g)} ${num(b)} rg`;
  });
}

function normalizeWidgetColours(context: PDFContext, widget: PDFDict): void {
  const mk = dictOf(context, widget.get(PDFName.of("MK")));
  if (!mk) return;
  for (const key of ["BG", "BC"]) {
    const colour = numbers(context, mk.get(PDFName.of(key)), 4);
    if (colour && arrayOf(context, mk.get(PDFName.of(key)))?.size() === 4) {
      mk.set(PDFName.of(key), context.obj(rgbFromCmyk(colour[0], colour[1], colour[2], colour[3])));
    }
  }
}

function daFontSize(da: string): number | undefined {
  const m = da.match(/(-?[\d.]+)\s+Tf\b/);
  return m ? Number(m[1]) : undefined;
}

/**
 * Wraps a multi-line field's text before pdf-lib lays it out: pdf-lib's line splitter re-measures the whole
 * remaining text for every word it drops (cubic in the text length — a 10,000-character address takes
 * minutes). Greedy word wrap with per-character widths (additive: kerning and ligatures are off), breaking
 * words longer than a line, keeping only the lines that fit in the field (one more, clipped).
 */
function prewrap(ctx: Context, field: TerminalField, text: string, da: string): { text: string; da: string } {
  const { context, font } = ctx;
  let size = daFontSize(da) ?? 0;
  if (size <= 0) {
    if (text.length <= 1000) return { text, da };
    size = 4; // pdf-lib's auto size would shrink to its minimum for such a text anyway
    da = /\bTf\b/.test(da) ? da.replace(/(-?[\d.]+)(\s+Tf\b)/, "4$2") : `/${font.name} 4 Tf 0 g`;
  }
  let width = Number.POSITIVE_INFINITY;
  let height = Number.POSITIVE_INFINITY;
  for (const widget of field.widgets) {
    const rect = numbers(context, widget.dict.get(PDFName.of("Rect")), 4);
    if (!rect) continue;
    const [x1, y1, x2, y2] = normalizedRect(rect);
    const mk = dictOf(context, widget.dict.get(PDFName.of("MK")));
    const quarter = Math.round(((((numberOf(context, mk?.get(PDFName.of("R"))) ?? 0) % 360) + 360) % 360) / 90) % 2;
    const bs = dictOf(context, widget.dict.get(PDFName.of("BS")));
    const inset = 2 * ((numberOf(context, bs?.get(PDFName.of("W"))) ?? 0) + 1);
    width = Math.min(width, (quarter ? y2 - y1 : x2 - x1) - inset);
    height = Math.min(height, (quarter ? x2 - x1 : y2 - y1) - inset);
  }
  if (!Number.isFinite(width) || width <= 0) return { text, da };
  const maxWidth = width - 0.5;
  const lineHeight = font.heightAtSize(size) * 1.2;
  const maxLines = Math.max(1, Math.floor(height / lineHeight) + 1);
  const widths = new Map<string, number>();
  const widthOf = (ch: string) => {
    let w = widths.get(ch);
    if (w === undefined) widths.set(ch, (w = font.widthOfTextAtSize(ch, size)));
    return w;
  };
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    let lineWidth = 0;
    for (const word of paragraph.split(" ")) {
      const gap = line === "" ? "" : " ";
      let wordWidth = 0;
      for (const ch of word) wordWidth += widthOf(ch);
      if (lineWidth + (gap ? widthOf(" ") : 0) + wordWidth < maxWidth) {
        line += gap + word;
        lineWidth += (gap ? widthOf(" ") : 0) + wordWidth;
        continue;
      }
      if (line !== "") lines.push(line);
      line = "";
      lineWidth = 0;
      for (const ch of word) {
        const w = widthOf(ch);
        if (lineWidth + w >= maxWidth && line !== "") {
          lines.push(line);
          line = "";
          lineWidth = 0;
          if (lines.length > maxLines) break;
        }
        line += ch;
        lineWidth += w;
      }
      if (lines.length > maxLines) break;
    }
    lines.push(line);
    if (lines.length > maxLines) break;
  }
  return { text: lines.slice(0, maxLines).join("\n"), da };
}

function fieldRef(ctx: Context, field: TerminalField): PDFRef {
  return field.ref ?? ctx.context.register(field.dict);
}

/** Regenerates a field's appearances in the embedded font. Returns false when it cannot be done. */
function regenerate(ctx: Context, field: TerminalField): boolean {
  const { context, doc, font } = ctx;
  const dict = field.dict;
  for (const widget of field.widgets) normalizeWidgetColours(context, widget.dict);
  let da = normalizeDa(field.da ?? "");
  if (!/\bTf\b/.test(da)) da = `/${font.name} 0 Tf 0 g`;
  dict.set(PDFName.of("DA"), PDFString.of(da));
  const ref = fieldRef(ctx, field);
  try {
    switch (field.kind) {
      case "text": {
        let value = sanitizeText(ctx, textOf(context, field.value) ?? "");
        if (value.length > MAX_DRAWN_FIELD_CHARS) {
          value = `${value.slice(0, MAX_DRAWN_FIELD_CHARS)}…`;
          ctx.truncated.push(field.name);
        }
        if (field.flags & FieldFlags.Multiline && value.length > 80) {
          const wrapped = prewrap(ctx, field, value, da);
          value = wrapped.text;
          if (wrapped.da !== da) dict.set(PDFName.of("DA"), PDFString.of(wrapped.da));
        }
        dict.set(PDFName.of("V"), PDFHexString.fromText(value));
        dict.delete(PDFName.of("RV"));
        dict.set(PDFName.of("Ff"), PDFNumber.of(field.flags & ~FieldFlags.RichText));
        const textField = PDFTextField.of(PDFAcroText.fromDict(dict, ref), ref, doc);
        try {
          textField.updateAppearances(font);
        } catch {
          // e.g. a comb field holding more characters than cells: draw it as a plain field.
          dict.set(PDFName.of("Ff"), PDFNumber.of(field.flags & ~FieldFlags.RichText & ~(1 << 24)));
          textField.updateAppearances(font);
        }
        return true;
      }
      case "checkbox":
        PDFCheckBox.of(PDFAcroCheckBox.fromDict(dict, ref), ref, doc).updateAppearances();
        return true;
      case "radio":
        PDFRadioGroup.of(PDFAcroRadioButton.fromDict(dict, ref), ref, doc).updateAppearances();
        return true;
      case "dropdown":
      case "option_list": {
        const value = sanitizeTextObject(ctx, field.value);
        if (value) dict.set(PDFName.of("V"), value);
        const opt = get(context, dict, "Opt");
        if (opt) dict.set(PDFName.of("Opt"), sanitizeTextObject(ctx, opt)!);
        if (field.kind === "dropdown") PDFDropdown.of(PDFAcroComboBox.fromDict(dict, ref), ref, doc).updateAppearances(font);
        else PDFOptionList.of(PDFAcroListBox.fromDict(dict, ref), ref, doc).updateAppearances(font);
        return true;
      }
      default:
        return false;
    }
  } catch {
    return false;
  }
}

/** The normal appearance stream of a widget for its current state, or undefined. */
function normalAppearance(context: PDFContext, widget: PDFDict, field: TerminalField | undefined): PDFObject | undefined {
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

// ---------------------------------------------------------------------------------------------------------
// Annotations and actions PDF/A-2 allows

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
const ALLOWED_ACTIONS = new Set(["GoTo", "GoToR", "GoToE", "Thread", "URI"]);
const ALLOWED_NAMED_ACTIONS = new Set(["NextPage", "PrevPage", "FirstPage", "LastPage"]);

/** True when an action dictionary is allowed by ISO 19005-2 6.5.1 (chained /Next actions are dropped). */
function sanitizeAction(context: PDFContext, object: PDFObject | undefined): boolean {
  const action = dictOf(context, object);
  if (!action) return false;
  action.delete(PDFName.of("Next"));
  const type = nameOf(context, action.get(PDFName.of("S")));
  if (type === "Named") return ALLOWED_NAMED_ACTIONS.has(nameOf(context, action.get(PDFName.of("N"))) ?? "");
  return type !== undefined && ALLOWED_ACTIONS.has(type);
}

/** Keeps an annotation PDF/A-clean in place; false when it has to go. */
function sanitizeAnnotation(ctx: Context, annot: PDFDict): boolean {
  const { context } = ctx;
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
    const normal = normalAppearance(context, annot, undefined);
    if (!normal) {
      annot.delete(PDFName.of("AP"));
    } else {
      if (!appearanceUsable(context, normal, ctx.pending)) return false;
      annot.set(PDFName.of("AP"), context.obj({ N: normal }));
    }
  }
  if (!annot.has(PDFName.of("AP")) && !degenerate && subtype !== "Popup" && subtype !== "Link") return false;
  return true;
}

// ---------------------------------------------------------------------------------------------------------
// Pages

interface PageWork {
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

function subDict(context: PDFContext, dict: PDFDict, key: string): PDFDict {
  let sub = dictOf(context, dict.get(PDFName.of(key)));
  if (!sub) {
    sub = context.obj({});
    dict.set(PDFName.of(key), sub);
  }
  return sub;
}

function flattenWidget(
  ctx: Context,
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
  const appearance = normalAppearance(context, widget, field);
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

function stampOps(ctx: Context, page: PDFDict, resources: PDFDict, text: string): string {
  const { context, font } = ctx;
  const media = numbers(context, inherited(context, page, "MediaBox"), 4) ?? [0, 0, 595.28, 841.89];
  const crop = numbers(context, inherited(context, page, "CropBox"), 4);
  let [x0, y0, x1, y1] = normalizedRect(media);
  if (crop) {
    const c = normalizedRect(crop);
    [x0, y0, x1, y1] = [Math.max(x0, c[0]), Math.max(y0, c[1]), Math.min(x1, c[2]), Math.min(y1, c[3])];
    if (x1 <= x0 || y1 <= y0) [x0, y0, x1, y1] = normalizedRect(media);
  }
  const rotate = (((numberOf(context, inherited(context, page, "Rotate")) ?? 0) % 360) + 360) % 360;
  const quarter = Math.round(rotate / 90) % 4;
  // Visual coordinates (origin at the displayed bottom-left) -> user space.
  const transforms: Matrix[] = [
    [1, 0, 0, 1, x0, y0],
    [0, 1, -1, 0, x1, y0],
    [-1, 0, 0, -1, x1, y1],
    [0, -1, 1, 0, x0, y1],
  ];
  const width = quarter % 2 === 0 ? x1 - x0 : y1 - y0;
  const safe = sanitizeText(ctx, text).replace(/\n/g, " ");
  let size = STAMP_FONT_SIZE;
  const textWidth = (s: number) => font.widthOfTextAtSize(safe, s);
  while (size > 2 && textWidth(size) > width - 24) size -= 0.5;
  const x = Math.max(4, (width - textWidth(size)) / 2);
  const fonts = subDict(context, resources, "Font");
  const key = uniqueKey(fonts, "TDSStamp");
  fonts.set(key, font.ref);
  return `q ${transforms[quarter].map(num).join(" ")} cm BT ${key.toString()} ${num(size)} Tf 0.3 g ${num(x)} ${num(STAMP_BASELINE)} Td ${font.encodeText(safe).toString()} Tj ET Q`;
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

// ---------------------------------------------------------------------------------------------------------
// Document-level cleanup

function sanitizeCatalog(ctx: Context, catalog: PDFDict): void {
  const { context } = ctx;
  for (const key of [
    "AcroForm",
    "OpenAction",
    "AA",
    "NeedsRendering",
    "Requirements",
    "Perms",
    "Version",
    "Collection",
    "Metadata",
    "OutputIntents",
  ]) {
    catalog.delete(PDFName.of(key));
  }
  const names = dictOf(context, catalog.get(PDFName.of("Names")));
  if (names) {
    for (const key of ["JavaScript", "EmbeddedFiles", "AlternatePresentations"]) names.delete(PDFName.of(key));
    if (names.keys().length === 0) catalog.delete(PDFName.of("Names"));
  }
  // Optional content configurations need a unique /Name and no /AS (6.9).
  const oc = dictOf(context, catalog.get(PDFName.of("OCProperties")));
  if (oc) {
    const configs: PDFDict[] = [];
    const d = dictOf(context, oc.get(PDFName.of("D")));
    if (d) configs.push(d);
    const more = arrayOf(context, oc.get(PDFName.of("Configs")));
    if (more)
      for (let i = 0; i < more.size(); i++) {
        const c = dictOf(context, more.get(i));
        if (c) configs.push(c);
      }
    const used = new Set<string>();
    configs.forEach((config, i) => {
      config.delete(PDFName.of("AS"));
      let name = textOf(context, config.get(PDFName.of("Name"))) ?? "";
      if (name === "" || used.has(name)) name = `Configuration ${i + 1}`;
      used.add(name);
      config.set(PDFName.of("Name"), PDFHexString.fromText(name));
    });
  }
  // Outline items may carry actions.
  const outlines = dictOf(context, catalog.get(PDFName.of("Outlines")));
  if (outlines) {
    const seen = new Set<PDFDict>();
    const stack: (PDFObject | undefined)[] = [outlines.get(PDFName.of("First"))];
    while (stack.length > 0 && seen.size < 100_000) {
      const item = dictOf(context, stack.pop());
      if (!item || seen.has(item)) continue;
      seen.add(item);
      if (item.has(PDFName.of("A")) && !sanitizeAction(context, item.get(PDFName.of("A")))) item.delete(PDFName.of("A"));
      stack.push(item.get(PDFName.of("Next")), item.get(PDFName.of("First")));
    }
  }
}

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
 */
function cleanAndCollect(ctx: Context, catalog: PDFDict, catalogRef: PDFRef): void {
  const { context, pending } = ctx;
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

/**
 * pdf-lib builds appearance streams as PDFContentStreams that it deflates with pako (pure JS) while saving;
 * re-register them as natively deflated raw streams (node:zlib, see shared/documents/layout/compress.ts).
 */
function compressContentStreams(context: PDFContext): void {
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFContentStream)) continue;
    const raw = context.flateStream(object.getUnencodedContents());
    for (const [key, value] of object.dict.entries()) {
      const name = key.decodeText();
      if (name !== "Length" && name !== "Filter" && name !== "DecodeParms") raw.dict.set(key, value);
    }
    context.assign(ref, raw);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Metadata, output intent, identifiers

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase();
}

function uuidOf(bytes: Uint8Array): string {
  const h = hex(bytes.subarray(0, 16)).toLowerCase().padEnd(32, "0");
  return `uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

async function sha256(parts: (Uint8Array | string)[]): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const chunks = parts.map((p) => (typeof p === "string" ? encoder.encode(p) : p));
  const total = new Uint8Array(chunks.reduce((n, c) => n + c.length + 1, 0));
  let at = 0;
  for (const c of chunks) {
    total.set(c, at);
    at += c.length + 1; // separator byte 0
  }
  return new Uint8Array(await crypto.subtle.digest("SHA-256", total));
}

function truncateToSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

function validateIcc(profile: Uint8Array): void {
  const ascii = (at: number) => String.fromCharCode(...profile.subarray(at, at + 4));
  if (profile.length < 132 || ascii(36) !== "acsp" || ascii(16) !== "RGB " || !["mntr", "prtr"].includes(ascii(12))) {
    throw new TypeError("flattenToPdfA: `iccProfile` must be an RGB display or output ICC profile");
  }
}

function dateOf(context: PDFContext, object: PDFObject | undefined): Date | undefined {
  const value = object instanceof PDFRef ? context.lookup(object) : object;
  if (!(value instanceof PDFString || value instanceof PDFHexString)) return undefined;
  try {
    const date = value.decodeDate();
    return Number.isNaN(date.getTime()) ? undefined : date;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------

export async function flattenToPdfAWithReport(bytes: Uint8Array, options: FlattenOptions): Promise<FlattenResult> {
  validateOptions(options);
  const icc = options.iccProfile ?? srgbIccProfile();
  validateIcc(icc);
  const limits = { ...DEFAULT_INSPECT_LIMITS, ...options.limits };
  const { doc } = await loadPdf(bytes, limits);
  useNativeDeflate(doc);
  const context = doc.context;
  const catalog = doc.catalog;
  const catalogRef = context.trailerInfo.Root;
  if (!(catalogRef instanceof PDFRef))
    throw new PdfProblemError(pdfProblem("corrupt", "The PDF is damaged: its catalog is not an indirect object."));
  const pages = collectPages(context, catalog, limits.maxPages);
  if (pages.length === 0) throw new PdfProblemError(pdfProblem("corrupt", "The PDF has no pages."));

  doc.registerFontkit(fontkit as never);
  const fontBytes = await loadFontBytes();
  const font = await doc.embedFont(fontBytes.regular, { subset: true, features: SHAPING_FEATURES, customName: FLATTEN_FONT_NAME });
  const ctx: Context = {
    doc,
    context,
    font,
    charset: fontCharset(font),
    substituted: new Set(),
    truncated: [],
    pending: new Set([font.ref]),
  };

  // Fields: drop the hidden ones, regenerate the others' appearances.
  const info = dictOf(context, context.trailerInfo.Info);
  const tree = readFormTree(context, catalog);
  const plan = new Map<PDFDict, { field: TerminalField; drop: boolean; regenerated: boolean }>();
  for (const field of tree.fields) {
    const drop = isServiceFieldName(field.name);
    const regenerated = !drop && regenerate(ctx, field);
    for (const widget of field.widgets) plan.set(widget.dict, { field, drop, regenerated });
  }

  const report: FlattenReport = {
    pages: pages.length,
    widgetsDrawn: 0,
    widgetsDropped: 0,
    annotationsRemoved: 0,
    substitutedCharacters: [],
    needAppearances: tree.needAppearances,
    truncatedFields: [],
  };
  const stampText =
    options.hashStamp !== undefined
      ? `PDF/A-2b archival copy · hash ${options.hashStamp} · flattened ${options.now.toISOString().slice(0, 16).replace("T", " ")} UTC`
      : undefined;
  const work: PageWork = { drawn: 0, dropped: 0, removedAnnotations: 0 };

  for (const { dict: page } of pages) {
    const resources = pageResources(context, page);
    const ops: string[] = [];
    const annots = arrayOf(context, page.get(PDFName.of("Annots")));
    const kept: PDFObject[] = [];
    if (annots) {
      for (let i = 0; i < annots.size(); i++) {
        const entry = annots.get(i);
        const annot = dictOf(context, entry);
        if (!annot) continue;
        if (nameOf(context, annot.get(PDFName.of("Subtype"))) === "Widget") {
          const planned = plan.get(annot);
          if (!planned?.drop && flattenWidget(ctx, annot, planned?.field, planned?.regenerated ?? false, resources, ops)) work.drawn++;
          else work.dropped++;
        } else if (sanitizeAnnotation(ctx, annot)) {
          kept.push(entry);
        } else {
          work.removedAnnotations++;
        }
      }
    }
    if (kept.length > 0) page.set(PDFName.of("Annots"), context.obj(kept));
    else page.delete(PDFName.of("Annots"));
    for (const key of ["AA", "PresSteps", "Metadata"]) page.delete(PDFName.of(key));
    if (stampText !== undefined) ops.push(stampOps(ctx, page, resources, stampText));
    appendContent(context, page, ops);
  }
  report.widgetsDrawn = work.drawn;
  report.widgetsDropped = work.dropped;
  report.annotationsRemoved = work.removedAnnotations;

  // Everything that renders must use embedded fonts (6.2.11.4.1).
  const missing = new Set<string>();
  const fontsSeen = new Set<PDFDict>();
  for (const { dict: page } of pages)
    for (const name of nonEmbeddedFonts(context, page.get(PDFName.of("Resources")), ctx.pending, fontsSeen)) missing.add(name);
  if (missing.size > 0) {
    throw new PdfProblemError(
      pdfProblem(
        "not_archivable",
        `The PDF uses fonts that are not embedded (${[...missing].slice(0, 5).join(", ")}); PDF/A requires embedded fonts.`,
      ),
    );
  }

  await font.embed(); // all glyphs are known now; embeds the subset so the cleanup sees real objects
  ctx.pending.clear();

  const oldTitle = info ? textOf(context, info.get(PDFName.of("Title"))) : undefined;
  const meta = {
    title: options.title ?? oldTitle,
    author: info ? textOf(context, info.get(PDFName.of("Author"))) : undefined,
    subject: info ? textOf(context, info.get(PDFName.of("Subject"))) : undefined,
    keywords: info ? textOf(context, info.get(PDFName.of("Keywords"))) : undefined,
    creatorTool: info ? textOf(context, info.get(PDFName.of("Creator"))) : undefined,
    createDate: truncateToSeconds((info ? dateOf(context, info.get(PDFName.of("CreationDate"))) : undefined) ?? options.now),
    modifyDate: truncateToSeconds(options.now),
  };
  const oldId = arrayOf(context, context.trailerInfo.ID as PDFObject | undefined);
  const oldFirstId = oldId && oldId.size() > 0 ? context.lookup(oldId.get(0)) : undefined;

  sanitizeCatalog(ctx, catalog);
  cleanAndCollect(ctx, catalog, catalogRef);

  // File identifiers: keep the original permanent identifier, a new one for this version (14.4).
  const digest = await sha256([bytes, options.now.toISOString(), options.hashStamp ?? "", options.title ?? ""]);
  const instance = digest.slice(0, 16);
  const permanent =
    (oldFirstId instanceof PDFHexString || oldFirstId instanceof PDFString) && oldFirstId.asBytes().length >= 16
      ? oldFirstId.asBytes().slice(0, 16)
      : digest.slice(16, 32);
  context.trailerInfo.ID = context.obj([PDFHexString.of(hex(permanent)), PDFHexString.of(hex(instance))]);
  context.trailerInfo.Encrypt = undefined;

  // Info dictionary, consistent with the XMP below.
  const infoDict = context.obj({});
  const setText = (key: string, value: string | undefined) => {
    if (value !== undefined) infoDict.set(PDFName.of(key), PDFHexString.fromText(value));
  };
  setText("Title", meta.title);
  setText("Author", meta.author);
  setText("Subject", meta.subject);
  setText("Keywords", meta.keywords);
  setText("Creator", meta.creatorTool);
  setText("Producer", PDFA_PRODUCER);
  infoDict.set(PDFName.of("CreationDate"), PDFString.fromDate(meta.createDate));
  infoDict.set(PDFName.of("ModDate"), PDFString.fromDate(meta.modifyDate));
  context.trailerInfo.Info = context.register(infoDict);

  const xmp = buildXmp({
    ...meta,
    producer: PDFA_PRODUCER,
    documentId: uuidOf(permanent),
    instanceId: uuidOf(instance),
    hashStamp: options.hashStamp,
  });
  const metadata = context.stream(new TextEncoder().encode(xmp), { Type: "Metadata", Subtype: "XML" });
  catalog.set(PDFName.of("Metadata"), context.register(metadata));

  const profile = context.register(context.flateStream(icc, { N: 3 }));
  const intent = context.obj({
    Type: "OutputIntent",
    S: "GTS_PDFA1",
    OutputConditionIdentifier: PDFString.of(SRGB_OUTPUT_CONDITION),
    RegistryName: PDFString.of("http://www.color.org"),
    Info: PDFString.of(SRGB_OUTPUT_CONDITION),
    DestOutputProfile: profile,
  });
  catalog.set(PDFName.of("OutputIntents"), context.obj([context.register(intent)]));

  report.substitutedCharacters = [...ctx.substituted].sort();
  report.truncatedFields = ctx.truncated;
  compressContentStreams(context);
  const out = await doc.save({
    useObjectStreams: false,
    updateFieldAppearances: false,
    addDefaultPage: false,
    objectsPerTick: Number.POSITIVE_INFINITY,
  });
  return { bytes: out, report };
}

/** Flattens a PDF (form) into PDF/A-2b; see the module comment. Throws PdfProblemError for unusable input. */
export async function flattenToPdfA(bytes: Uint8Array, options: FlattenOptions): Promise<Uint8Array> {
  return (await flattenToPdfAWithReport(bytes, options)).bytes;
}
