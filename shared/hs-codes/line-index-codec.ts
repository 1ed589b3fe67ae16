/**
 * A schedule's line index (line-index.ts) as one byte string, stored in the database at import
 * (stored-line-index.ts), so that a fresh process decodes one value instead of reading and parsing every
 * line's tsvector text (issue 27: the garbage of that read was most of an edge instance's memory).
 *
 * Layout: a header (magic, byte-order mark, LINE_INDEX_LAYOUT, section count), then one section per field
 * in a fixed order, each a tag (its element type), an element count and the elements, padded to 8 bytes.
 * Typed arrays are stored in the machine's byte order and decoded as views of the one buffer (no copy);
 * a string list is its strings joined by NUL as UTF-8, decoded with one TextDecoder call and one split.
 * Stored: what the builder computes from the rows; derived again on decoding (cheap, linear): the stem
 * and group Maps and the posting lists (invert), so the value stays about half the size. Pure.
 */
import { invert, type Csr, type LineIndex } from "./line-index.ts";

/** Bump when the sections change; the stored value's format also carries a fingerprint of the builder. */
export const LINE_INDEX_LAYOUT = 1;

const MAGIC = 0x494c5348; // "HSLI"
const BYTE_ORDER = 0x01020304;

const TAG = { i32: 1, u16: 2, u8: 3, i16: 4, text: 5 } as const;
type Tag = (typeof TAG)[keyof typeof TAG];

const pad8 = (n: number) => (n + 7) & ~7;
const SEP = "\u0000";

const WIDTH: Record<Tag, number> = { [TAG.i32]: 4, [TAG.u16]: 2, [TAG.u8]: 1, [TAG.i16]: 2, [TAG.text]: 1 };

/** Sections: tag, element count, byte length, 0 (four 32-bit words), then the bytes padded to 8. */
class Writer {
  private readonly parts: Uint8Array[] = [];
  private size = 0;
  sections = 0;

  private section(tag: Tag, count: number, bytes: Uint8Array): void {
    this.push(new Uint8Array(new Uint32Array([tag, count, bytes.byteLength, 0]).buffer));
    this.push(bytes);
    const padding = pad8(bytes.byteLength) - bytes.byteLength;
    if (padding > 0) this.push(new Uint8Array(padding));
    this.sections++;
  }

  private push(bytes: Uint8Array): void {
    this.parts.push(bytes);
    this.size += bytes.byteLength;
  }

  typed(a: Int32Array | Uint16Array | Uint8Array | Int16Array): void {
    const tag = a instanceof Int32Array ? TAG.i32 : a instanceof Uint16Array ? TAG.u16 : a instanceof Int16Array ? TAG.i16 : TAG.u8;
    this.section(tag, a.length, new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  }

  strings(list: readonly string[]): void {
    for (const s of list) if (s.includes(SEP)) throw new Error(`line index: a string holds NUL (${JSON.stringify(s)})`);
    this.section(TAG.text, list.length, new TextEncoder().encode(list.join(SEP)));
  }

  /** Nulls as a mask (1: null) and the strings with "" in their places. */
  nullableStrings(list: readonly (string | null)[]): void {
    this.typed(Uint8Array.from(list, (s) => (s === null ? 1 : 0)));
    this.strings(list.map((s) => s ?? ""));
  }

  csr(c: Csr): void {
    this.typed(c.start);
    this.typed(c.items);
  }

  done(header: number[]): Uint8Array {
    const head = new Uint32Array([MAGIC, BYTE_ORDER, LINE_INDEX_LAYOUT, this.sections, ...header]);
    const headBytes = pad8(head.byteLength);
    const out = new Uint8Array(headBytes + this.size);
    out.set(new Uint8Array(head.buffer), 0);
    let at = headBytes;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.byteLength;
    }
    return out;
  }
}

class Reader {
  private at: number;
  private readonly buffer: ArrayBuffer;
  private readonly base: number;
  private readonly end: number;
  sections = 0;

  constructor(bytes: Uint8Array, headerWords: number) {
    // Views of Int32 elements need aligned offsets: a value at an unaligned place is copied once.
    const aligned = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
    this.buffer = aligned.buffer as ArrayBuffer;
    this.base = aligned.byteOffset;
    this.end = aligned.byteOffset + aligned.byteLength;
    this.at = this.base + pad8(4 * headerWords);
    if (this.at > this.end) throw new Error("line index: value too short");
  }

  header(words: number): Uint32Array {
    return new Uint32Array(this.buffer, this.base, words);
  }

  private section(...expected: Tag[]): { tag: Tag; count: number; offset: number; length: number } {
    if (this.at + 16 > this.end) throw new Error("line index: value ends early");
    const [tag, count, length] = new Uint32Array(this.buffer, this.at, 3);
    if (!expected.includes(tag as Tag)) throw new Error(`line index: section tag ${tag}, expected ${expected.join(" or ")}`);
    const offset = this.at + 16;
    if (offset + length > this.end) throw new Error("line index: section past the end");
    if (tag !== TAG.text && length !== count * WIDTH[tag as Tag]) throw new Error("line index: section size differs from its count");
    this.at = offset + pad8(length);
    this.sections++;
    return { tag: tag as Tag, count, offset, length };
  }

  i32(): Int32Array {
    const s = this.section(TAG.i32);
    return new Int32Array(this.buffer, s.offset, s.count);
  }

  i16(): Int16Array {
    const s = this.section(TAG.i16);
    return new Int16Array(this.buffer, s.offset, s.count);
  }

  u8(): Uint8Array {
    const s = this.section(TAG.u8);
    return new Uint8Array(this.buffer, s.offset, s.count);
  }

  /** 16- or 32-bit ids, as the builder chose them. */
  ids(): Int32Array | Uint16Array {
    const s = this.section(TAG.i32, TAG.u16);
    return s.tag === TAG.i32 ? new Int32Array(this.buffer, s.offset, s.count) : new Uint16Array(this.buffer, s.offset, s.count);
  }

  strings(): string[] {
    const s = this.section(TAG.text);
    if (s.count === 0) return [];
    const list = new TextDecoder().decode(new Uint8Array(this.buffer, s.offset, s.length)).split(SEP);
    if (list.length !== s.count) throw new Error(`line index: ${list.length} strings, expected ${s.count}`);
    return list;
  }

  nullableStrings(): (string | null)[] {
    const nulls = this.u8();
    const list: (string | null)[] = this.strings();
    if (nulls.length !== list.length) throw new Error("line index: null mask and strings differ in length");
    for (let i = 0; i < list.length; i++) if (nulls[i] === 1) list[i] = null;
    return list;
  }

  csr(): Csr {
    return { start: this.i32(), items: this.ids() };
  }

  finish(sections: number): void {
    if (this.sections !== sections || this.at !== this.end) throw new Error("line index: value and its sections differ in length");
  }
}

const HEADER_WORDS = 6; // magic, byte order, layout, sections, line count, stem count

export function encodeLineIndex(index: LineIndex): Uint8Array {
  const w = new Writer();
  const stems: string[] = new Array(index.stemIds.size);
  for (const [stem, id] of index.stemIds) stems[id] = stem;
  w.strings(stems);
  w.strings(index.keys);
  w.strings(index.codes);
  w.typed(index.levels);
  w.typed(index.lineGroup);
  w.strings(index.groupKeys);
  w.csr(index.groupLines);
  w.typed(index.lineSub);
  w.typed(index.searchable);
  w.nullableStrings(index.validFrom);
  w.nullableStrings(index.validTo);
  w.typed(index.lenOwn);
  w.typed(index.lenUp);
  w.typed(index.lenWco);
  w.csr(index.lineTerms);
  w.typed(index.lineBits);
  w.strings(index.subKeys);
  w.typed(index.subLen);
  w.csr(index.subTerms);
  return w.done([index.lineCount, stems.length]);
}

/** Throws on a value of another layout, byte order or a damaged one (the caller then builds from rows). */
export function decodeLineIndex(bytes: Uint8Array): LineIndex {
  const r = new Reader(bytes, HEADER_WORDS);
  const [magic, order, layout, sections, lineCount, stemCount] = r.header(HEADER_WORDS);
  if (magic !== MAGIC || order !== BYTE_ORDER || layout !== LINE_INDEX_LAYOUT) {
    throw new Error(`line index: not a layout-${LINE_INDEX_LAYOUT} value of this byte order`);
  }
  const stems = r.strings();
  if (stems.length !== stemCount) throw new Error("line index: stem count differs");
  const keys = r.strings();
  const codes = r.strings();
  const levels = r.i16();
  const lineGroup = r.i32();
  const groupKeys = r.strings();
  const groupLines = r.csr();
  const lineSub = r.i32();
  const searchable = r.u8();
  const validFrom = r.nullableStrings();
  const validTo = r.nullableStrings();
  const lenOwn = r.i32();
  const lenUp = r.i32();
  const lenWco = r.i32();
  const lineTerms = r.csr();
  const lineBits = r.u8();
  const subKeys = r.strings();
  const subLen = r.i32();
  const subTerms = r.csr();
  r.finish(sections);
  for (const list of [keys, codes, levels, lineGroup, lineSub, searchable, validFrom, validTo, lenOwn, lenUp, lenWco]) {
    if (list.length !== lineCount) throw new Error("line index: a per-line field differs in length");
  }
  return {
    lineCount,
    stemIds: new Map(stems.map((s, i) => [s, i])),
    keys,
    codes,
    levels,
    lineGroup,
    groupKeys,
    groupIds: new Map(groupKeys.map((k, i) => [k, i])),
    groupLines,
    lineSub,
    searchable,
    validFrom,
    validTo,
    lenOwn,
    lenUp,
    lenWco,
    lineTerms,
    lineBits,
    postings: invert(stemCount, lineTerms, lineCount),
    subKeys,
    subLen,
    subTerms,
    subPostings: invert(stemCount, subTerms, subKeys.length),
  };
}
