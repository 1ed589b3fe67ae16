/**
 * Legacy Excel 97–2003 (.xls, BIFF8) without a dependency: a compound-file (CFB/OLE2) reader for the
 * Workbook stream and a BIFF8 record reader for cell values — shared strings (SST with CONTINUE),
 * LABELSST, LABEL, NUMBER, RK, MULRK, FORMULA results (numbers, booleans, STRING) and BOOLERR.
 * Formatting, dates as dates (they come out as serial numbers), charts and macros are ignored.
 * BIFF5 and older (Excel 95 "Book" streams) and encrypted workbooks are refused with a clear message.
 * Pure TypeScript over Uint8Array: runs on Node and Deno alike.
 */
import type { DocumentText } from "../document-text.ts";
import { ExtractionFailure } from "../extraction-failure.ts";
import { numberText, sheetsToDocument, type SheetCell } from "./spreadsheet-cells.ts";

const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const MAX_CELLS = 200_000;

function fail(message: string): never {
  throw new ExtractionFailure(`The XLS file could not be read: ${message}`);
}

/** The named stream of a compound file (Workbook, or Book for the refused BIFF5). */
export function readCompoundFileStream(bytes: Uint8Array, names: string[]): { name: string; data: Uint8Array } | null {
  if (bytes.length < 512) fail("file too short for a compound file");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sig = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  if (!sig.every((b, i) => bytes[i] === b)) fail("not a compound file (OLE2)");
  const sectorShift = view.getUint16(0x1e, true);
  const miniShift = view.getUint16(0x20, true);
  if (sectorShift !== 9 && sectorShift !== 12) fail("unsupported sector size");
  const sectorSize = 1 << sectorShift;
  const miniSize = 1 << miniShift;
  const numFatSectors = view.getUint32(0x2c, true);
  const firstDirSector = view.getUint32(0x30, true);
  const miniCutoff = view.getUint32(0x38, true);
  const firstMiniFat = view.getUint32(0x3c, true);
  const firstDifat = view.getUint32(0x44, true);
  const maxSectors = Math.floor((bytes.length - sectorSize) / sectorSize) + 1;

  const sectorOffset = (n: number) => {
    const off = (n + 1) * sectorSize;
    if (n >= maxSectors + 1 || off + sectorSize > bytes.length + sectorSize) fail("sector out of range");
    return off;
  };
  const u32At = (off: number) => (off + 4 <= bytes.length ? view.getUint32(off, true) : fail("truncated file"));

  // FAT sector numbers: 109 in the header, the rest in the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109 && fatSectors.length < numFatSectors; i++) fatSectors.push(view.getUint32(0x4c + i * 4, true));
  let difat = firstDifat;
  for (let guard = 0; fatSectors.length < numFatSectors && difat !== END_OF_CHAIN && difat !== FREE; guard++) {
    if (guard > maxSectors) fail("DIFAT loop");
    const off = sectorOffset(difat);
    const per = sectorSize / 4 - 1;
    for (let i = 0; i < per && fatSectors.length < numFatSectors; i++) fatSectors.push(u32At(off + i * 4));
    difat = u32At(off + per * 4);
  }
  const fat: number[] = [];
  for (const s of fatSectors) {
    const off = sectorOffset(s);
    for (let i = 0; i < sectorSize / 4; i++) fat.push(u32At(off + i * 4));
  }
  const chain = (start: number, table: number[]): number[] => {
    const out: number[] = [];
    const seen = new Set<number>();
    for (let s = start; s !== END_OF_CHAIN && s !== FREE; s = table[s]) {
      if (s === undefined || s >= table.length || seen.has(s)) fail("broken sector chain");
      seen.add(s);
      out.push(s);
    }
    return out;
  };
  const readChain = (start: number, size?: number): Uint8Array => {
    const sectors = chain(start, fat);
    const out = new Uint8Array(sectors.length * sectorSize);
    sectors.forEach((s, i) => {
      const off = sectorOffset(s);
      out.set(bytes.subarray(off, Math.min(off + sectorSize, bytes.length)), i * sectorSize);
    });
    return size === undefined ? out : out.subarray(0, Math.min(size, out.length));
  };

  const dir = readChain(firstDirSector);
  const dview = new DataView(dir.buffer, dir.byteOffset, dir.byteLength);
  interface Entry {
    name: string;
    type: number;
    start: number;
    size: number;
  }
  const entries: Entry[] = [];
  for (let off = 0; off + 128 <= dir.length; off += 128) {
    const nameLen = Math.min(64, dview.getUint16(off + 0x40, true));
    let name = "";
    for (let i = 0; i + 2 <= nameLen - 2; i += 2) name += String.fromCharCode(dview.getUint16(off + i, true));
    entries.push({ name, type: dir[off + 0x42], start: dview.getUint32(off + 0x74, true), size: dview.getUint32(off + 0x78, true) });
  }
  const root = entries.find((e) => e.type === 5);
  if (!root) fail("no root entry");
  const entry = entries.find((e) => e.type === 2 && names.includes(e.name));
  if (!entry) return null;
  if (entry.size >= miniCutoff) return { name: entry.name, data: readChain(entry.start, entry.size) };
  // Small streams live in the mini stream (the root entry's chain), addressed through the mini FAT.
  const miniFatBytes = firstMiniFat === END_OF_CHAIN ? new Uint8Array() : readChain(firstMiniFat);
  const mview = new DataView(miniFatBytes.buffer, miniFatBytes.byteOffset, miniFatBytes.byteLength);
  const miniFat: number[] = [];
  for (let i = 0; i + 4 <= miniFatBytes.length; i += 4) miniFat.push(mview.getUint32(i, true));
  const miniStream = readChain(root.start, root.size);
  const sectors = chain(entry.start, miniFat);
  const out = new Uint8Array(sectors.length * miniSize);
  sectors.forEach((s, i) => out.set(miniStream.subarray(s * miniSize, (s + 1) * miniSize), i * miniSize));
  return { name: entry.name, data: out.subarray(0, Math.min(entry.size, out.length)) };
}

/** Reads across record boundaries; string characters re-read their width flag at each CONTINUE. */
class ChunkReader {
  private i = 0;
  private pos = 0;
  constructor(private readonly chunks: Uint8Array[]) {}
  private ensure() {
    while (this.i < this.chunks.length && this.pos >= this.chunks[this.i].length) {
      this.i++;
      this.pos = 0;
    }
    if (this.i >= this.chunks.length) fail("shared string table cut short");
  }
  u8(): number {
    this.ensure();
    return this.chunks[this.i][this.pos++];
  }
  u16(): number {
    return this.u8() | (this.u8() << 8);
  }
  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }
  skip(n: number) {
    for (let k = 0; k < n; k++) this.u8();
  }
  chars(count: number, highByte: boolean): string {
    let out = "";
    let wide = highByte;
    for (let k = 0; k < count; k++) {
      if (this.pos >= this.chunks[this.i].length) {
        // A string continued in the next CONTINUE record starts with a fresh option byte.
        this.i++;
        this.pos = 0;
        if (this.i >= this.chunks.length) fail("shared string cut short");
        wide = (this.chunks[this.i][this.pos++] & 1) === 1;
      }
      out += String.fromCharCode(wide ? this.u16() : this.u8());
    }
    return out;
  }
}

function readSst(chunks: Uint8Array[]): string[] {
  const r = new ChunkReader(chunks);
  r.u32();
  const unique = r.u32();
  const out: string[] = [];
  for (let n = 0; n < unique; n++) {
    const cch = r.u16();
    const flags = r.u8();
    const runs = flags & 0x08 ? r.u16() : 0;
    const ext = flags & 0x04 ? r.u32() : 0;
    out.push(r.chars(cch, (flags & 1) === 1));
    r.skip(runs * 4 + ext);
  }
  return out;
}

function unicodeString(data: Uint8Array, off: number, lengthBytes: 1 | 2): string {
  const cch = lengthBytes === 2 ? data[off] | (data[off + 1] << 8) : data[off];
  const flags = data[off + lengthBytes];
  const start = off + lengthBytes + 1;
  let s = "";
  for (let k = 0; k < cch; k++) {
    s += String.fromCharCode(flags & 1 ? data[start + 2 * k] | (data[start + 2 * k + 1] << 8) : data[start + k]);
  }
  return s;
}

function rkValue(rk: number): number {
  let v: number;
  if (rk & 2) v = (rk | 0) >> 2;
  else {
    const buf = new DataView(new ArrayBuffer(8));
    buf.setUint32(4, rk & 0xfffffffc, true);
    buf.setUint32(0, 0, true);
    v = buf.getFloat64(0, true);
  }
  return rk & 1 ? v / 100 : v;
}

export async function readXls(bytes: Uint8Array, options: { maxPages: number }): Promise<DocumentText> {
  const stream = readCompoundFileStream(bytes, ["Workbook", "Book"]);
  if (!stream) fail("no Workbook stream (not an Excel file)");
  if (stream.name === "Book") fail("Excel 5.0/95 workbooks (BIFF5) are not supported; save the file as .xlsx or Excel 97–2003 .xls");
  const data = stream.data;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const sheetsByOffset = new Map<number, { name: string; visible: boolean; worksheet: boolean }>();
  let sst: string[] = [];
  let sstChunks: Uint8Array[] | null = null;
  const sheets: SheetCell[][] = [];
  let current: SheetCell[] | null = null;
  let pendingFormula: { row: number; col: number } | null = null;
  let count = 0;
  let first = true;
  const push = (row: number, col: number, text: string, number?: number) => {
    if (!current || ++count > MAX_CELLS || !text.trim()) return;
    current.push({ row: row + 1, col: col + 1, text, ...(number !== undefined ? { number } : {}) });
  };
  for (let off = 0; off + 4 <= data.length; ) {
    const type = view.getUint16(off, true);
    const len = view.getUint16(off + 2, true);
    const rec = data.subarray(off + 4, off + 4 + len);
    if (rec.length < len) fail("record cut short");
    const rv = new DataView(rec.buffer, rec.byteOffset, rec.byteLength);
    const recordOffset = off;
    off += 4 + len;
    if (first) {
      if (type !== 0x0809 || len < 4 || rv.getUint16(0, true) !== 0x0600) fail("not a BIFF8 workbook (Excel 97–2003)");
      first = false;
      continue;
    }
    if (sstChunks && type !== 0x003c) {
      sst = readSst(sstChunks);
      sstChunks = null;
    }
    switch (type) {
      case 0x002f:
        fail("the workbook is encrypted");
        break;
      case 0x0085: {
        const name = unicodeString(rec, 6, 1);
        sheetsByOffset.set(rv.getUint32(0, true), { name, visible: rec[4] === 0, worksheet: rec[5] === 0 });
        break;
      }
      case 0x00fc:
        sstChunks = [rec];
        break;
      case 0x003c:
        sstChunks?.push(rec);
        break;
      case 0x0809: {
        const info = sheetsByOffset.get(recordOffset);
        current = info && info.visible && info.worksheet && sheets.length < options.maxPages ? [] : null;
        if (current) sheets.push(current);
        break;
      }
      case 0x000a:
        current = null;
        break;
      case 0x00fd:
        push(rv.getUint16(0, true), rv.getUint16(2, true), sst[rv.getUint32(6, true)] ?? "");
        break;
      case 0x0204:
        push(rv.getUint16(0, true), rv.getUint16(2, true), unicodeString(rec, 6, 2));
        break;
      case 0x0203: {
        const n = rv.getFloat64(6, true);
        if (Number.isFinite(n)) push(rv.getUint16(0, true), rv.getUint16(2, true), numberText(n), n);
        break;
      }
      case 0x027e: {
        const n = rkValue(rv.getUint32(6, true));
        push(rv.getUint16(0, true), rv.getUint16(2, true), numberText(n), n);
        break;
      }
      case 0x00bd: {
        const row = rv.getUint16(0, true);
        const colFirst = rv.getUint16(2, true);
        const n = (len - 6) / 6;
        for (let k = 0; k < n; k++) {
          const v = rkValue(rv.getUint32(4 + k * 6 + 2, true));
          push(row, colFirst + k, numberText(v), v);
        }
        break;
      }
      case 0x0006: {
        const row = rv.getUint16(0, true);
        const col = rv.getUint16(2, true);
        if (rv.getUint16(12, true) === 0xffff) {
          const kind = rec[6];
          if (kind === 0) pendingFormula = { row, col };
          else if (kind === 1) push(row, col, rec[8] ? "TRUE" : "FALSE");
        } else {
          const n = rv.getFloat64(6, true);
          if (Number.isFinite(n)) push(row, col, numberText(n), n);
        }
        break;
      }
      case 0x0207:
        if (pendingFormula) push(pendingFormula.row, pendingFormula.col, unicodeString(rec, 0, 2));
        pendingFormula = null;
        break;
      case 0x0205:
        if (rec[7] === 0) push(rv.getUint16(0, true), rv.getUint16(2, true), rec[6] ? "TRUE" : "FALSE");
        break;
    }
  }
  if (first) fail("empty Workbook stream");
  return sheetsToDocument(sheets);
}
