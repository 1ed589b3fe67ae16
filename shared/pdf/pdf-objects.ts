/**
 * Small helpers over pdf-lib's low-level objects: resolving references, reading names / numbers / text
 * strings, and loading a document with the pre-flight in front of it.
 */
import {
  decodePDFRawStream,
  ParseSpeeds,
  PDFArray,
  PDFBool,
  type PDFContext,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
} from "pdf-lib";
import { DEFAULT_INSPECT_LIMITS, type InspectLimits, inspectPdf, type PdfFacts } from "./inspect-pdf.ts";
import { pdfProblem, PdfProblemError } from "./pdf-problem.ts";

export function resolve(context: PDFContext, object: PDFObject | undefined): PDFObject | undefined {
  // One level of indirection is all PDF allows (a reference never points to a reference).
  return object instanceof PDFRef ? context.lookup(object) : object;
}

export function dictOf(context: PDFContext, object: PDFObject | undefined): PDFDict | undefined {
  const value = resolve(context, object);
  if (value instanceof PDFDict) return value;
  if (value instanceof PDFStream) return value.dict;
  return undefined;
}

export function arrayOf(context: PDFContext, object: PDFObject | undefined): PDFArray | undefined {
  const value = resolve(context, object);
  return value instanceof PDFArray ? value : undefined;
}

/** The dictionaries an array (or a reference to one) holds, each with its entry as written (a reference or inline); other entries are left out. */
export function dictsIn(context: PDFContext, object: PDFObject | undefined): { entry: PDFObject; dict: PDFDict }[] {
  const array = arrayOf(context, object);
  const out: { entry: PDFObject; dict: PDFDict }[] = [];
  for (let i = 0; array && i < array.size(); i++) {
    const entry = array.get(i);
    const dict = dictOf(context, entry);
    if (dict) out.push({ entry, dict });
  }
  return out;
}

export function nameOf(context: PDFContext, object: PDFObject | undefined): string | undefined {
  const value = resolve(context, object);
  return value instanceof PDFName ? value.decodeText() : undefined;
}

export function numberOf(context: PDFContext, object: PDFObject | undefined): number | undefined {
  const value = resolve(context, object);
  return value instanceof PDFNumber ? value.asNumber() : undefined;
}

export function boolOf(context: PDFContext, object: PDFObject | undefined): boolean | undefined {
  const value = resolve(context, object);
  return value instanceof PDFBool ? value.asBoolean() : undefined;
}

export function get(context: PDFContext, dict: PDFDict, key: string): PDFObject | undefined {
  return resolve(context, dict.get(PDFName.of(key)));
}

// PDFDocEncoding bytes 0x18–0x1F and 0x80–0xA0 that differ from Latin-1 (ISO 32000-1, Annex D).
const PDF_DOC_HIGH: Record<number, number> = {
  0x18: 0x02d8,
  0x19: 0x02c7,
  0x1a: 0x02c6,
  0x1b: 0x02d9,
  0x1c: 0x02dd,
  0x1d: 0x02db,
  0x1e: 0x02da,
  0x1f: 0x02dc,
  0x80: 0x2022,
  0x81: 0x2020,
  0x82: 0x2021,
  0x83: 0x2026,
  0x84: 0x2014,
  0x85: 0x2013,
  0x86: 0x0192,
  0x87: 0x2044,
  0x88: 0x2039,
  0x89: 0x203a,
  0x8a: 0x2212,
  0x8b: 0x2030,
  0x8c: 0x201e,
  0x8d: 0x201c,
  0x8e: 0x201d,
  0x8f: 0x2018,
  0x90: 0x2019,
  0x91: 0x201a,
  0x92: 0x2122,
  0x93: 0xfb01,
  0x94: 0xfb02,
  0x95: 0x0141,
  0x96: 0x0152,
  0x97: 0x0160,
  0x98: 0x0178,
  0x99: 0x017d,
  0x9a: 0x0131,
  0x9b: 0x0142,
  0x9c: 0x0153,
  0x9d: 0x0161,
  0x9e: 0x017e,
  0xa0: 0x20ac,
};

const utf16be = new TextDecoder("utf-16be");
const utf16le = new TextDecoder("utf-16le");
const utf8 = new TextDecoder("utf-8");

/**
 * A PDF text string (ISO 32000-1 7.9.2.2) as a JS string: UTF-16BE with byte order mark, UTF-16LE with
 * BOM (written by some tools), UTF-8 with BOM (PDF 2.0), otherwise PDFDocEncoding.
 */
export function decodePdfTextBytes(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return utf16be.decode(bytes.subarray(2));
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return utf16le.decode(bytes.subarray(2));
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return utf8.decode(bytes.subarray(3));
  let out = "";
  for (const b of bytes) out += String.fromCharCode(PDF_DOC_HIGH[b] ?? b);
  return out;
}

/** Largest text stream (/V as a stream) that is decoded. */
const MAX_TEXT_STREAM = 1024 * 1024;

/**
 * The text of a string-like object: text strings, names (some writers put names in /V), numbers, and
 * text streams (decoded, at most 1 MB). Anything else is undefined.
 */
export function textOf(context: PDFContext, object: PDFObject | undefined): string | undefined {
  const value = resolve(context, object);
  if (value instanceof PDFString || value instanceof PDFHexString) return decodePdfTextBytes(value.asBytes());
  if (value instanceof PDFName) return value.decodeText();
  if (value instanceof PDFNumber) return String(value.asNumber());
  if (value instanceof PDFRawStream) {
    try {
      const bytes = decodePDFRawStream(value).getBytes(MAX_TEXT_STREAM);
      return decodePdfTextBytes(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export interface LoadedPdf {
  doc: PDFDocument;
  facts: PdfFacts;
}

const PDF_LIB_WARNINGS = /^(Trying to parse invalid object|Invalid object ref|Removing parsed object|Removing XFA)/;

/**
 * Pre-flight, then pdf-lib with the fastest parse speed (no artificial yielding) and without touching the
 * metadata. Throws PdfProblemError for every failure. pdf-lib's per-object console warnings about broken
 * objects are dropped instead of flooding the log (a damaged file can have thousands).
 */
export async function loadPdf(bytes: Uint8Array, limits: Partial<InspectLimits> = {}): Promise<LoadedPdf> {
  const inspection = inspectPdf(bytes, limits);
  if (!inspection.ok) throw new PdfProblemError(inspection.problem);
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!(typeof args[0] === "string" && PDF_LIB_WARNINGS.test(args[0]))) warn(...args);
  };
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, {
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
      throwOnInvalidObject: false,
      ignoreEncryption: false,
    });
  } catch (error) {
    throw new PdfProblemError(pdfProblem("corrupt", "The PDF could not be parsed."), { cause: error });
  } finally {
    console.warn = warn;
  }
  if (!(doc.context.lookup(doc.context.trailerInfo.Root) instanceof PDFDict)) {
    throw new PdfProblemError(pdfProblem("corrupt", "The PDF is damaged: it has no document catalog."));
  }
  const maxObjects = limits.maxObjects ?? DEFAULT_INSPECT_LIMITS.maxObjects;
  if (doc.context.enumerateIndirectObjects().length > maxObjects) {
    throw new PdfProblemError(pdfProblem("too_complex", `The PDF has more than ${maxObjects} objects.`));
  }
  return { doc, facts: inspection.facts };
}

export interface PageEntry {
  ref: PDFRef | undefined;
  dict: PDFDict;
}

/**
 * The leaf pages in order, walked iteratively (pdf-lib's own traversal recurses and loops on cyclic
 * trees). A cycle, a tree deeper than `maxDepth` or more than `maxPages` leaves is a typed problem.
 */
export function collectPages(context: PDFContext, catalog: PDFDict, maxPages: number, maxDepth = 64): PageEntry[] {
  const root = catalog.get(PDFName.of("Pages"));
  const pages: PageEntry[] = [];
  const seen = new Set<PDFDict>();
  const stack: { object: PDFObject | undefined; depth: number }[] = [{ object: root, depth: 0 }];
  while (stack.length > 0) {
    const { object, depth } = stack.pop()!;
    const dict = dictOf(context, object);
    if (!dict) continue;
    if (seen.has(dict)) throw new PdfProblemError(pdfProblem("corrupt", "The PDF is damaged: its page tree contains a cycle."));
    seen.add(dict);
    if (depth > maxDepth) throw new PdfProblemError(pdfProblem("too_complex", `The PDF's page tree is more than ${maxDepth} levels deep.`));
    const type = nameOf(context, dict.get(PDFName.of("Type")));
    const kids = arrayOf(context, dict.get(PDFName.of("Kids")));
    if (type === "Pages" || (type !== "Page" && kids)) {
      if (!kids) continue;
      for (let i = kids.size() - 1; i >= 0; i--) stack.push({ object: kids.get(i), depth: depth + 1 });
    } else {
      pages.push({ ref: object instanceof PDFRef ? object : undefined, dict });
      if (pages.length > maxPages) throw new PdfProblemError(pdfProblem("too_many_pages", `The PDF has more than ${maxPages} pages.`));
    }
  }
  return pages;
}
