/**
 * Pre-flight for untrusted PDF bytes, run before any PDF library sees them. One linear pass over the
 * file with a small tokenizer (no recursion beyond the nesting limit, no allocation proportional to a
 * declared size), so hostile input is rejected in milliseconds with a typed problem instead of hanging or
 * crashing the parser:
 *
 *   empty            0 bytes
 *   not_pdf          no "%PDF-n.m" header within the first 1 KB (readers tolerate leading junk up to 1 KB)
 *   corrupt          no "%%EOF" within the last 1 KB (truncated), a stream without "endstream", broken
 *                    compressed object / cross-reference streams, a header with no version
 *   encrypted        an /Encrypt entry in a trailer or cross-reference stream dictionary
 *   xfa              an /XFA entry (XFA forms keep their values in XML packets, not in the AcroForm)
 *   too_many_pages   a /Pages node declaring /Count above the limit, or more /Type /Page objects
 *   too_complex      arrays/dictionaries nested deeper than the limit (pdf-lib parses them recursively),
 *                    more indirect objects than the limit, cross-reference streams declaring more entries
 *   too_large        the file, a declared or actual stream length, or the decompressed size of object and
 *                    cross-reference streams (the only streams pdf-lib decodes while loading) over the limit
 *
 * Object streams are decompressed (bounded by `maxDecodedBytes`, native zlib) and scanned the same way, so
 * page trees and AcroForms stored inside them are seen too. Content streams, fonts and images are skipped
 * by their length without being decoded.
 */
import { constants as zlibConstants, inflateSync } from "node:zlib";
import { type PdfProblem, pdfProblem } from "./pdf-problem.ts";

export interface InspectLimits {
  /** File size in bytes. */
  maxBytes: number;
  /** Pages (declared /Count or page objects). */
  maxPages: number;
  /** Direct nesting of arrays and dictionaries. */
  maxDepth: number;
  /** Declared (/Length) or actual length of one stream, in bytes. */
  maxStreamLength: number;
  /** Total decompressed size of object streams and cross-reference streams. */
  maxDecodedBytes: number;
  /** Indirect objects (top level and inside object streams) and cross-reference stream entries. */
  maxObjects: number;
}

export const DEFAULT_INSPECT_LIMITS: Readonly<InspectLimits> = Object.freeze({
  maxBytes: 50 * 1024 * 1024,
  maxPages: 1_000,
  maxDepth: 64,
  maxStreamLength: 32 * 1024 * 1024,
  maxDecodedBytes: 64 * 1024 * 1024,
  maxObjects: 250_000,
});

export interface PdfFacts {
  /** Header version, e.g. "1.7". */
  version: string;
  /** Offset of "%PDF-" (0 for well-formed files). */
  headerOffset: number;
  /** max(declared /Count of /Pages nodes, /Type /Page objects seen). */
  pageCount: number;
  /** Indirect objects seen (including those inside object streams). */
  objectCount: number;
  objectStreams: number;
  /** A catalog entry /AcroForm was seen. */
  hasAcroForm: boolean;
}

export type InspectResult = { ok: true; facts: PdfFacts } | { ok: false; problem: PdfProblem };

const HEADER_WINDOW = 1024;
const EOF_WINDOW = 1024;
const MiB = 1024 * 1024;

class Abort {
  constructor(readonly problem: PdfProblem) {}
}

// ---------------------------------------------------------------------------------------------------------
// Tokens and values (just enough to read the dictionaries that matter).

type Token =
  | { k: "num"; v: number; int: boolean }
  | { k: "name"; v: string }
  | { k: "kw"; v: string }
  | { k: "str" }
  | { k: "punct"; v: "<<" | ">>" | "[" | "]" | "{" | "}" }
  | { k: "eof" };

type Value = number | { k: "name"; v: string } | { k: "ref" } | { k: "kw"; v: string } | { k: "str" } | Value[] | Dict;
type Dict = Map<string, Value>;

const EOF_TOKEN: Token = { k: "eof" };
const STR_TOKEN: Token = { k: "str" };

// Character classes: 1 whitespace, 2 delimiter, 0 regular.
const CLASS = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASS[c] = 1;
for (const c of "()<>[]{}/%") CLASS[c.charCodeAt(0)] = 2;

function isDict(value: Value | undefined): value is Dict {
  return value instanceof Map;
}

function nameOf(value: Value | undefined): string | undefined {
  return value !== undefined && typeof value === "object" && !Array.isArray(value) && !(value instanceof Map) && value.k === "name"
    ? value.v
    : undefined;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** Index of `needle` (ASCII) in `buf` at or after `from`, or -1. */
function indexOfAscii(buf: Uint8Array, needle: string, from: number, to = buf.length): number {
  const first = needle.charCodeAt(0);
  const last = to - needle.length;
  for (let i = buf.indexOf(first, from); i !== -1 && i <= last; i = buf.indexOf(first, i + 1)) {
    let match = true;
    for (let j = 1; j < needle.length; j++) {
      if (buf[i + j] !== needle.charCodeAt(j)) {
        match = false;
        break;
      }
    }
    if (match) return i;
  }
  return -1;
}

function lastIndexOfAscii(buf: Uint8Array, needle: string, from: number): number {
  for (let i = buf.length - needle.length; i >= from; i--) {
    let match = true;
    for (let j = 0; j < needle.length; j++) {
      if (buf[i + j] !== needle.charCodeAt(j)) {
        match = false;
        break;
      }
    }
    if (match) return i;
  }
  return -1;
}

interface ScanState {
  limits: InspectLimits;
  fileSize: number;
  objects: number;
  objectStreams: number;
  decodedBytes: number;
  declaredPages: number;
  pageObjects: number;
  hasAcroForm: boolean;
  /** A damaged compressed stream: reported at the end unless a stronger finding (e.g. encryption) comes first. */
  deferred: PdfProblem | null;
}

class Scanner {
  pos: number;
  depth = 0;

  constructor(
    readonly buf: Uint8Array,
    readonly state: ScanState,
    start: number,
    readonly end: number = buf.length,
  ) {
    this.pos = start;
  }

  private skipSpaceAndComments(): void {
    const { buf, end } = this;
    while (this.pos < end) {
      const c = buf[this.pos];
      if (CLASS[c] === 1) {
        this.pos++;
      } else if (c === 0x25 /* % */) {
        while (this.pos < end && buf[this.pos] !== 0x0a && buf[this.pos] !== 0x0d) this.pos++;
      } else {
        return;
      }
    }
  }

  next(): Token {
    // Stray ">" and ")" are skipped in a loop (never by recursion: a megabyte of them must not overflow the stack).
    for (;;) {
      const token = this.token();
      if (token !== null) return token;
    }
  }

  /** One token, or null for a stray delimiter that was skipped. */
  private token(): Token | null {
    this.skipSpaceAndComments();
    const { buf, end } = this;
    if (this.pos >= end) return EOF_TOKEN;
    const c = buf[this.pos];
    switch (c) {
      case 0x28 /* ( */:
        {
          // Literal string: balanced parentheses, backslash escapes the next byte.
          let nesting = 1;
          this.pos++;
          while (this.pos < end && nesting > 0) {
            const b = buf[this.pos++];
            if (b === 0x5c /* \ */) this.pos++;
            else if (b === 0x28) nesting++;
            else if (b === 0x29) nesting--;
          }
          return STR_TOKEN;
        }
      case 0x3c /* < */:
        if (buf[this.pos + 1] === 0x3c) {
          this.pos += 2;
          return { k: "punct", v: "<<" };
        }
        {
          const close = buf.indexOf(0x3e, this.pos + 1);
          this.pos = close === -1 ? end : close + 1;
        }
        return STR_TOKEN;
      case 0x3e /* > */:
        if (buf[this.pos + 1] === 0x3e) {
          this.pos += 2;
          return { k: "punct", v: ">>" };
        }
        this.pos++;
        return null;
      case 0x5b:
        this.pos++;
        return { k: "punct", v: "[" };
      case 0x5d:
        this.pos++;
        return { k: "punct", v: "]" };
      case 0x7b:
        this.pos++;
        return { k: "punct", v: "{" };
      case 0x7d:
        this.pos++;
        return { k: "punct", v: "}" };
      case 0x29 /* stray ) */:
        this.pos++;
        return null;
      case 0x2f /* / */:
        {
          this.pos++;
          let name = "";
          while (this.pos < end && CLASS[buf[this.pos]] === 0) {
            const b = buf[this.pos];
            if (b === 0x23 /* # */ && this.pos + 2 < end) {
              const hi = hexValue(buf[this.pos + 1]);
              const lo = hexValue(buf[this.pos + 2]);
              if (hi >= 0 && lo >= 0) {
                name += String.fromCharCode(hi * 16 + lo);
                this.pos += 3;
                continue;
              }
            }
            name += String.fromCharCode(b);
            this.pos++;
            if (name.length > 256) break; // names are at most 127 bytes; do not build megabyte strings
          }
          return { k: "name", v: name };
        }
      default: {
        const start = this.pos;
        while (this.pos < end && CLASS[buf[this.pos]] === 0) this.pos++;
        if (this.pos === start) {
          this.pos++;
          return null;
        }
        let numeric = true;
        let dot = false;
        for (let i = start; i < this.pos; i++) {
          const b = buf[i];
          if (b >= 0x30 && b <= 0x39) continue;
          if (b === 0x2e && !dot) {
            dot = true;
            continue;
          }
          if ((b === 0x2b || b === 0x2d) && i === start) continue;
          numeric = false;
          break;
        }
        const length = Math.min(this.pos - start, 64);
        let text = "";
        for (let i = start; i < start + length; i++) text += String.fromCharCode(buf[i]);
        if (numeric) {
          const v = Number(text);
          if (Number.isFinite(v)) return { k: "num", v, int: !dot };
        }
        return { k: "kw", v: text };
      }
    }
  }

  /** Parses one value starting with `token`; integers followed by "gen R" become references. */
  value(token: Token): Value {
    switch (token.k) {
      case "num": {
        if (token.int && token.v >= 0) {
          const save = this.pos;
          const gen = this.next();
          if (gen.k === "num" && gen.int) {
            const r = this.next();
            if (r.k === "kw" && r.v === "R") return { k: "ref" };
          }
          this.pos = save;
        }
        return token.v;
      }
      case "name":
        return { k: "name", v: token.v };
      case "kw":
        return { k: "kw", v: token.v };
      case "str":
      case "eof":
        return { k: "str" };
      case "punct":
        if (token.v === "<<") return this.dict();
        if (token.v === "[") return this.array();
        return { k: "kw", v: token.v };
    }
  }

  private enter(): void {
    this.depth++;
    if (this.depth > this.state.limits.maxDepth) {
      throw new Abort(
        pdfProblem("too_complex", `The PDF nests arrays or dictionaries more than ${this.state.limits.maxDepth} levels deep.`),
      );
    }
  }

  private array(): Value[] {
    this.enter();
    const items: Value[] = [];
    for (;;) {
      const token = this.next();
      if (token.k === "eof") break;
      if (token.k === "punct" && token.v === "]") break;
      if (token.k === "punct" && token.v === ">>") continue; // tolerate junk
      // Keep small arrays (/W, /Index, /Filter); drop the contents of large ones.
      const item = this.value(token);
      if (items.length < 64) items.push(item);
    }
    this.depth--;
    return items;
  }

  private dict(): Dict {
    this.enter();
    const dict: Dict = new Map();
    for (;;) {
      const token = this.next();
      if (token.k === "eof") break;
      if (token.k === "punct" && token.v === ">>") break;
      if (token.k !== "name") {
        // Not a key: skip the value-like junk so nesting stays balanced.
        this.value(token);
        continue;
      }
      const valueToken = this.next();
      if (valueToken.k === "punct" && valueToken.v === ">>") {
        dict.set(token.v, { k: "kw", v: "null" });
        break;
      }
      dict.set(token.v, this.value(valueToken));
    }
    this.depth--;
    this.inspectDict(dict);
    return dict;
  }

  private inspectDict(dict: Dict): void {
    const { state } = this;
    if (dict.has("XFA"))
      throw new Abort(pdfProblem("xfa", "The PDF is an XFA form (Adobe LiveCycle); only standard AcroForm PDFs are supported."));
    if (dict.has("AcroForm")) state.hasAcroForm = true;
    const type = nameOf(dict.get("Type"));
    if (type === "Pages") {
      const count = dict.get("Count");
      if (typeof count === "number" && count > state.declaredPages) state.declaredPages = count;
    } else if (type === "Page") {
      state.pageObjects++;
    } else if (type === "XRef" && dict.has("Encrypt")) {
      throw new Abort(pdfProblem("encrypted", "The PDF is encrypted or password-protected."));
    }
    const pages = Math.max(state.declaredPages, state.pageObjects);
    if (pages > state.limits.maxPages) {
      throw new Abort(pdfProblem("too_many_pages", `The PDF has ${pages} pages; at most ${state.limits.maxPages} are accepted.`));
    }
  }

  /** Top level of a file: indirect objects, streams, xref tables, trailers. */
  scanFile(): void {
    const { state } = this;
    for (;;) {
      const token = this.next();
      if (token.k === "eof") return;
      if (token.k === "num" && token.int) {
        const save = this.pos;
        const gen = this.next();
        const kw = gen.k === "num" ? this.next() : EOF_TOKEN;
        if (kw.k !== "kw" || kw.v !== "obj") {
          this.pos = save;
          continue;
        }
        state.objects++;
        if (state.objects > state.limits.maxObjects) {
          throw new Abort(pdfProblem("too_complex", `The PDF has more than ${state.limits.maxObjects} objects.`));
        }
        const object = this.value(this.next());
        const save2 = this.pos;
        const after = this.next();
        if (after.k === "kw" && after.v === "stream") {
          this.stream(isDict(object) ? object : new Map());
        } else {
          this.pos = save2;
        }
      } else if (token.k === "kw" && token.v === "trailer") {
        const trailer = this.value(this.next());
        if (isDict(trailer) && trailer.has("Encrypt")) {
          throw new Abort(pdfProblem("encrypted", "The PDF is encrypted or password-protected."));
        }
      } else if (token.k === "kw" && token.v === "stream") {
        // A stream without a preceding "n g obj" (broken file): skip its data.
        this.stream(new Map());
      }
    }
  }

  /** `pos` is just after the "stream" keyword. */
  private stream(dict: Dict): void {
    const { buf, end, state } = this;
    const { maxStreamLength } = state.limits;
    if (buf[this.pos] === 0x0d && buf[this.pos + 1] === 0x0a) this.pos += 2;
    else if (buf[this.pos] === 0x0a || buf[this.pos] === 0x0d) this.pos += 1;
    const start = this.pos;
    const declared = dict.get("Length");
    if (typeof declared === "number" && declared > maxStreamLength) {
      throw new Abort(
        pdfProblem(
          "too_large",
          `A stream declares ${formatBytes(declared)}; at most ${formatBytes(maxStreamLength)} per stream are accepted.`,
        ),
      );
    }
    let dataEnd = -1;
    if (typeof declared === "number" && declared >= 0 && start + declared <= end) {
      const probe = indexOfAscii(buf, "endstream", start + declared, Math.min(end, start + declared + 64));
      if (probe !== -1) dataEnd = start + declared;
    }
    let after: number;
    if (dataEnd === -1) {
      const found = indexOfAscii(buf, "endstream", start, end);
      if (found === -1) throw new Abort(pdfProblem("corrupt", "The PDF is damaged: a stream has no end (the file may be truncated)."));
      dataEnd = found;
      after = found + 9;
    } else {
      after = indexOfAscii(buf, "endstream", dataEnd, end) + 9;
    }
    if (dataEnd - start > maxStreamLength) {
      throw new Abort(
        pdfProblem(
          "too_large",
          `A stream holds ${formatBytes(dataEnd - start)}; at most ${formatBytes(maxStreamLength)} per stream are accepted.`,
        ),
      );
    }
    this.pos = after;
    const type = nameOf(dict.get("Type"));
    if (type === "ObjStm") this.objectStream(dict, buf.subarray(start, dataEnd));
    else if (type === "XRef") this.xrefStream(dict, buf.subarray(start, dataEnd));
  }

  private decode(dict: Dict, data: Uint8Array, what: string): Uint8Array | null {
    const { state } = this;
    const filter = dict.get("Filter");
    const filters = Array.isArray(filter) ? filter.map(nameOf) : filter === undefined ? [] : [nameOf(filter)];
    if (filters.length === 0) return data;
    if (filters.length !== 1 || (filters[0] !== "FlateDecode" && filters[0] !== "Fl")) {
      throw new Abort(
        pdfProblem("too_complex", `The PDF compresses a ${what} with ${filters.join(", ")}; only FlateDecode is accepted there.`),
      );
    }
    const budget = state.limits.maxDecodedBytes - state.decodedBytes;
    try {
      const out = inflateSync(data, { maxOutputLength: Math.max(1, budget), finishFlush: zlibConstants.Z_SYNC_FLUSH });
      state.decodedBytes += out.length;
      return new Uint8Array(out.buffer, out.byteOffset, out.length);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError) {
        throw new Abort(
          pdfProblem("too_large", `The PDF's compressed ${what}s expand to more than ${formatBytes(state.limits.maxDecodedBytes)}.`),
        );
      }
      // Encrypted files have undecodable streams too: keep scanning for /Encrypt, report at the end.
      state.deferred ??= pdfProblem("corrupt", `The PDF is damaged: a compressed ${what} cannot be decompressed.`);
      return null;
    }
  }

  private objectStream(dict: Dict, data: Uint8Array): void {
    const { state } = this;
    state.objectStreams++;
    const n = dict.get("N");
    if (typeof n === "number") {
      state.objects += n;
      if (state.objects > state.limits.maxObjects) {
        throw new Abort(pdfProblem("too_complex", `The PDF has more than ${state.limits.maxObjects} objects.`));
      }
    }
    const decoded = this.decode(dict, data, "object stream");
    if (decoded === null) return;
    const inner = new Scanner(decoded, state, 0);
    for (;;) {
      const token = inner.next();
      if (token.k === "eof") break;
      inner.value(token);
    }
  }

  private xrefStream(dict: Dict, data: Uint8Array): void {
    const { state } = this;
    const widths = dict.get("W");
    if (
      !Array.isArray(widths) ||
      widths.length < 3 ||
      widths.some((w) => typeof w !== "number" || w < 0 || w > 8 || !Number.isInteger(w))
    ) {
      throw new Abort(pdfProblem("corrupt", "The PDF is damaged: a cross-reference stream has an invalid /W entry."));
    }
    const index = dict.get("Index");
    const size = dict.get("Size");
    let entries = 0;
    if (Array.isArray(index)) {
      for (let i = 1; i < index.length; i += 2) {
        const count = index[i];
        if (typeof count !== "number" || count < 0)
          throw new Abort(pdfProblem("corrupt", "The PDF is damaged: a cross-reference stream has an invalid /Index entry."));
        entries += count;
      }
    } else if (typeof size === "number") {
      entries = size;
    }
    if (entries > state.limits.maxObjects) {
      throw new Abort(
        pdfProblem(
          "too_complex",
          `The PDF's cross-reference stream declares ${entries} entries; at most ${state.limits.maxObjects} are accepted.`,
        ),
      );
    }
    this.decode(dict, data, "cross-reference stream");
  }
}

function formatBytes(n: number): string {
  return n >= MiB ? `${Math.round((n / MiB) * 10) / 10} MB` : `${n} bytes`;
}

function findHeader(bytes: Uint8Array): { offset: number; version: string } | null {
  const limit = Math.min(bytes.length, HEADER_WINDOW + 8);
  const offset = indexOfAscii(bytes, "%PDF-", 0, limit);
  if (offset === -1 || offset > HEADER_WINDOW) return null;
  let version = "";
  for (let i = offset + 5; i < Math.min(bytes.length, offset + 9); i++) {
    const c = bytes[i];
    if ((c >= 0x30 && c <= 0x39) || c === 0x2e) version += String.fromCharCode(c);
    else break;
  }
  return { offset, version };
}

/** Runs the pre-flight; never throws for any input. */
export function inspectPdf(bytes: Uint8Array, limits: Partial<InspectLimits> = {}): InspectResult {
  const effective: InspectLimits = { ...DEFAULT_INSPECT_LIMITS, ...limits };
  if (!(bytes instanceof Uint8Array)) return { ok: false, problem: pdfProblem("not_pdf", "The upload is not a file.") };
  if (bytes.length === 0) return { ok: false, problem: pdfProblem("empty", "The file is empty (0 bytes).") };
  if (bytes.length > effective.maxBytes) {
    return {
      ok: false,
      problem: pdfProblem(
        "too_large",
        `The file has ${formatBytes(bytes.length)}; at most ${formatBytes(effective.maxBytes)} are accepted.`,
      ),
    };
  }
  const header = findHeader(bytes);
  if (!header) return { ok: false, problem: pdfProblem("not_pdf", "The file is not a PDF (no %PDF- header).") };
  if (!/^\d\.\d$/.test(header.version))
    return { ok: false, problem: pdfProblem("corrupt", "The PDF is damaged: its header has no valid version.") };
  if (lastIndexOfAscii(bytes, "%%EOF", Math.max(0, bytes.length - EOF_WINDOW)) === -1) {
    return { ok: false, problem: pdfProblem("corrupt", "The PDF is damaged or truncated: no %%EOF marker at its end.") };
  }
  const state: ScanState = {
    limits: effective,
    fileSize: bytes.length,
    objects: 0,
    objectStreams: 0,
    decodedBytes: 0,
    declaredPages: 0,
    pageObjects: 0,
    hasAcroForm: false,
    deferred: null,
  };
  try {
    new Scanner(bytes, state, header.offset + 5 + header.version.length).scanFile();
  } catch (error) {
    if (error instanceof Abort) return { ok: false, problem: error.problem };
    return { ok: false, problem: pdfProblem("corrupt", "The PDF could not be read.") };
  }
  if (state.deferred) return { ok: false, problem: state.deferred };
  if (state.objects === 0) return { ok: false, problem: pdfProblem("corrupt", "The PDF is damaged: it contains no objects.") };
  return {
    ok: true,
    facts: {
      version: header.version,
      headerOffset: header.offset,
      pageCount: Math.max(state.declaredPages, state.pageObjects),
      objectCount: state.objects,
      objectStreams: state.objectStreams,
      hasAcroForm: state.hasAcroForm,
    },
  };
}
