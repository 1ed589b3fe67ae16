/**
 * Reuses the DejaVu Sans subset a document already embeds (the renderer's, with the form characters) for
 * field values and the stamp, when it has every character they need: no fontkit, no font parsing or
 * subsetting, no second font program in the output. Characters map to CIDs through its ToUnicode map;
 * metrics come from the embedded TrueType program's head, hhea and hmtx tables (what fontkit reads, so
 * pdf-lib lays text out exactly as with DejaVu Sans itself) and must agree with the /W widths viewers use.
 * Only a Type0 / Identity-H / CIDFontType2 font with an Identity CIDToGIDMap qualifies, and only CIDs the
 * program has.
 */
import { inflateSync } from "node:zlib";
import {
  CustomFontEmbedder,
  decodePDFRawStream,
  type PDFContext,
  type PDFDict,
  type PDFDocument,
  PDFFont,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFRef,
} from "pdf-lib";
import { arrayOf, dictOf, get, nameOf, numberOf, type PageEntry } from "../pdf-objects.ts";
import type { FlattenFont } from "./flatten-types.ts";
import { inherited } from "./pdf-geometry.ts";

const REUSABLE_BASE_FONT = /^[A-Z]{6}\+DejaVuSans$/;
/** The name pdf-lib gives DejaVu Sans (its PostScript name): field DA strings stay as with the embedded font. */
const FONT_NAME = "DejaVuSans";
const MAX_CMAP_ENTRIES = 65_536;
/** Larger than any font program or CMap worth reusing (DejaVu Sans whole is 0.7 MB). */
const MAX_DECODED_BYTES = 8 * 1024 * 1024;

interface Glyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

/** The parts of a fontkit font pdf-lib's CustomFontEmbedder reads, in font units. */
interface PdfFontMetrics {
  postscriptName: string;
  unitsPerEm: number;
  ascent: number;
  descent: number;
  bbox: { minX: number; minY: number; maxX: number; maxY: number };
  characterSet: number[];
  layout(text: string): { glyphs: Glyph[] };
}

/** pdf-lib's embedder over an already embedded font: measuring and encoding work, embedding writes nothing. */
class EmbeddedFontEmbedder extends CustomFontEmbedder {
  constructor(metrics: PdfFontMetrics) {
    super(metrics as never, new Uint8Array(0));
  }

  override embedIntoContext(_context: PDFContext, ref?: PDFRef): Promise<PDFRef> {
    if (!ref) throw new Error("an embedded font is used by reference");
    return Promise.resolve(ref);
  }
}

function utf16(hex: string): string {
  let out = "";
  for (let i = 0; i + 4 <= hex.length; i += 4) out += String.fromCharCode(Number.parseInt(hex.slice(i, i + 4), 16));
  return out;
}

/** Single-character ToUnicode mappings (bfchar and bfrange), as code point → CID (the lowest CID wins). */
function parseToUnicode(cmap: string): Map<number, number> | undefined {
  const out = new Map<number, number>();
  let entries = 0;
  const add = (cid: number, text: string) => {
    const cp = text.codePointAt(0);
    if (cp === undefined || String.fromCodePoint(cp) !== text) return; // ligatures and sequences: not reusable
    const known = out.get(cp);
    if (known === undefined || cid < known) out.set(cp, cid);
  };
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>/g)) {
      if (++entries > MAX_CMAP_ENTRIES) return undefined;
      add(Number.parseInt(m[1], 16), utf16(m[2]));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]*>|\[[^\]]*\])/g)) {
      const lo = Number.parseInt(m[1], 16);
      const hi = Number.parseInt(m[2], 16);
      if (hi < lo || (entries += hi - lo + 1) > MAX_CMAP_ENTRIES) return undefined;
      if (m[3].startsWith("[")) {
        const targets = [...m[3].matchAll(/<([0-9A-Fa-f]*)>/g)].map((t) => utf16(t[1]));
        for (let cid = lo; cid <= hi && cid - lo < targets.length; cid++) add(cid, targets[cid - lo]);
      } else {
        const base = utf16(m[3].slice(1, -1));
        if (base.length !== 1) continue;
        for (let cid = lo; cid <= hi; cid++) add(cid, String.fromCharCode(base.charCodeAt(0) + (cid - lo)));
      }
    }
  }
  return out;
}

/** CID → width from a CIDFont's /W array (ISO 32000-1 9.7.4.3). */
function parseWidths(context: PDFContext, w: PDFObject | undefined): Map<number, number> | undefined {
  const array = arrayOf(context, w);
  const out = new Map<number, number>();
  if (!array) return out;
  for (let i = 0; i < array.size(); ) {
    const first = numberOf(context, array.get(i));
    const next = array.get(i + 1);
    const list = arrayOf(context, next);
    if (first === undefined) return undefined;
    if (list) {
      for (let j = 0; j < list.size(); j++) {
        const width = numberOf(context, list.get(j));
        if (width === undefined) return undefined;
        out.set(first + j, width);
      }
      i += 2;
    } else {
      const last = numberOf(context, next);
      const width = numberOf(context, array.get(i + 2));
      if (last === undefined || width === undefined || last < first || last - first > MAX_CMAP_ENTRIES) return undefined;
      for (let cid = first; cid <= last; cid++) out.set(cid, width);
      i += 3;
    }
    if (out.size > MAX_CMAP_ENTRIES) return undefined;
  }
  return out;
}

interface TrueTypeMetrics {
  unitsPerEm: number;
  bbox: { minX: number; minY: number; maxX: number; maxY: number };
  ascent: number;
  descent: number;
  numGlyphs: number;
  /** Advance width of a glyph, in font units. */
  advance(gid: number): number;
}

/**
 * The metrics fontkit would report for a TrueType program (head, hhea, maxp, hmtx): the same numbers
 * make pdf-lib lay out field text exactly as with DejaVu Sans loaded by fontkit. Undefined when a table
 * is missing or out of bounds.
 */
function readTrueTypeMetrics(program: Uint8Array): TrueTypeMetrics | undefined {
  if (program.length < 12) return undefined;
  const view = new DataView(program.buffer, program.byteOffset, program.byteLength);
  const tables = new Map<string, { offset: number; length: number }>();
  const count = view.getUint16(4);
  for (let i = 0; i < count && 12 + 16 * (i + 1) <= program.length; i++) {
    const record = 12 + 16 * i;
    const offset = view.getUint32(record + 8);
    const length = view.getUint32(record + 12);
    if (offset + length > program.length) return undefined;
    tables.set(String.fromCharCode(...program.subarray(record, record + 4)), { offset, length });
  }
  const head = tables.get("head");
  const hhea = tables.get("hhea");
  const maxp = tables.get("maxp");
  const hmtx = tables.get("hmtx");
  if (!head || head.length < 54 || !hhea || hhea.length < 36 || !maxp || maxp.length < 6 || !hmtx) return undefined;
  const metricsCount = view.getUint16(hhea.offset + 34);
  if (metricsCount === 0 || metricsCount * 4 > hmtx.length) return undefined;
  const unitsPerEm = view.getUint16(head.offset + 18);
  if (unitsPerEm === 0) return undefined;
  return {
    unitsPerEm,
    bbox: {
      minX: view.getInt16(head.offset + 36),
      minY: view.getInt16(head.offset + 38),
      maxX: view.getInt16(head.offset + 40),
      maxY: view.getInt16(head.offset + 42),
    },
    ascent: view.getInt16(hhea.offset + 4),
    descent: view.getInt16(hhea.offset + 6),
    numGlyphs: view.getUint16(maxp.offset + 4),
    advance: (gid) => view.getUint16(hmtx.offset + 4 * Math.min(gid, metricsCount - 1)),
  };
}

/**
 * A stream's decoded bytes. Plain FlateDecode (the renderer's fonts and CMaps) goes through node:zlib,
 * capped: pdf-lib's JavaScript inflater took ~30 ms of a cold function's CPU for one font program.
 */
function decodedStream(context: PDFContext, object: PDFObject | undefined): Uint8Array | undefined {
  const stream = object instanceof PDFRef ? context.lookup(object) : object;
  if (!(stream instanceof PDFRawStream)) return undefined;
  try {
    if (stream.dict.get(PDFName.of("Filter")) === PDFName.of("FlateDecode") && !stream.dict.has(PDFName.of("DecodeParms")))
      return new Uint8Array(inflateSync(stream.contents, { maxOutputLength: MAX_DECODED_BYTES }));
    return decodePDFRawStream(stream).decode();
  } catch {
    return undefined;
  }
}

/** The metrics of a font dictionary when it is a DejaVu Sans subset this module can draw with. */
function readMetrics(context: PDFContext, font: PDFDict): PdfFontMetrics | undefined {
  if (nameOf(context, font.get(PDFName.of("Subtype"))) !== "Type0") return undefined;
  if (nameOf(context, font.get(PDFName.of("Encoding"))) !== "Identity-H") return undefined;
  if (!REUSABLE_BASE_FONT.test(nameOf(context, font.get(PDFName.of("BaseFont"))) ?? "")) return undefined;
  const descendants = arrayOf(context, font.get(PDFName.of("DescendantFonts")));
  const cidFont = descendants?.size() === 1 ? dictOf(context, descendants.get(0)) : undefined;
  if (!cidFont || nameOf(context, cidFont.get(PDFName.of("Subtype"))) !== "CIDFontType2") return undefined;
  if (nameOf(context, cidFont.get(PDFName.of("CIDToGIDMap"))) !== "Identity") return undefined;
  const descriptor = dictOf(context, cidFont.get(PDFName.of("FontDescriptor")));
  const program = descriptor && decodedStream(context, descriptor.get(PDFName.of("FontFile2")));
  const truetype = program && readTrueTypeMetrics(program);
  const toUnicode = decodedStream(context, font.get(PDFName.of("ToUnicode")));
  if (!truetype || !toUnicode) return undefined;
  const cids = parseToUnicode(new TextDecoder("latin1").decode(toUnicode));
  const widths = parseWidths(context, get(context, cidFont, "W"));
  if (!cids || !widths) return undefined;
  const defaultWidth = numberOf(context, cidFont.get(PDFName.of("DW"))) ?? 1000;
  const glyphs = new Map<number, Glyph>();
  for (const [cp, cid] of cids) {
    if (cid <= 0 || cid >= truetype.numGlyphs) continue;
    const advanceWidth = truetype.advance(cid);
    // Viewers draw with /W, pdf-lib lays out with the program's advances: they must agree (PDF/A 6.2.11.5).
    if (Math.abs((widths.get(cid) ?? defaultWidth) - (advanceWidth * 1000) / truetype.unitsPerEm) > 1) return undefined;
    glyphs.set(cp, { id: cid, advanceWidth, codePoints: [cp] });
  }
  return {
    postscriptName: FONT_NAME,
    unitsPerEm: truetype.unitsPerEm,
    ascent: truetype.ascent,
    descent: truetype.descent,
    bbox: truetype.bbox,
    characterSet: [...glyphs.keys()],
    layout(text: string) {
      const out: Glyph[] = [];
      for (const ch of text) {
        const glyph = glyphs.get(ch.codePointAt(0) ?? -1);
        // The caller checked coverage first; an uncovered character here is a bug, not a .notdef to draw.
        if (!glyph) throw new Error(`the reused font has no glyph for U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase()}`);
        out.push(glyph);
      }
      return { glyphs: out };
    },
  };
}

/** Font dictionaries (by reference) the pages and the form's default resources name, in document order. */
function candidateFonts(context: PDFContext, catalog: PDFDict, pages: readonly PageEntry[]): PDFRef[] {
  const refs: PDFRef[] = [];
  const addFrom = (resources: PDFObject | undefined) => {
    const fonts = dictOf(context, dictOf(context, resources)?.get(PDFName.of("Font")));
    for (const [, value] of fonts?.entries() ?? []) if (value instanceof PDFRef && !refs.includes(value)) refs.push(value);
  };
  for (const { dict } of pages) addFrom(inherited(context, dict, "Resources"));
  addFrom(dictOf(context, catalog.get(PDFName.of("AcroForm")))?.get(PDFName.of("DR")));
  return refs;
}

/**
 * A PDFFont over the document's own DejaVu Sans subset when it has every code point in `needed`, else
 * undefined (the caller embeds DejaVu Sans).
 */
export function reuseEmbeddedFont(doc: PDFDocument, pages: readonly PageEntry[], needed: ReadonlySet<number>): FlattenFont | undefined {
  const context = doc.context;
  for (const ref of candidateFonts(context, doc.catalog, pages)) {
    const font = dictOf(context, ref);
    const metrics = font && readMetrics(context, font);
    if (!metrics) continue;
    const charset = new Set(metrics.characterSet);
    if (![...needed].every((cp) => charset.has(cp))) continue;
    return { font: PDFFont.of(ref, doc, new EmbeddedFontEmbedder(metrics)), charset, pending: [] };
  }
  return undefined;
}
