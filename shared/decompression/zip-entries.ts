/**
 * The entries of a zip file (XLSX is one) from its central directory, with where each one's data sits,
 * without inflating anything; and their inflated size charged to a ByteBudget. The declared sizes can
 * lie, so every deflated entry is measured by inflating it in chunks (measure-inflated.ts). Kept here
 * rather than taken from a zip library because none of them exposes entry offsets without inflating.
 */
import type { ByteBudget } from "./byte-budget.ts";
import { measureInflated } from "./measure-inflated.ts";

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate. */
  method: number;
  compressedSize: number;
  declaredSize: number;
  /** Offset of the entry's data (after its local header). */
  dataStart: number;
}

/** A zip this module cannot read safely; the message says why. */
export class ZipProblem extends Error {}

const MAX_ENTRIES = 10_000;

function u16(b: Uint8Array, i: number): number {
  return b[i] | (b[i + 1] << 8);
}
function u32(b: Uint8Array, i: number): number {
  return (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> 0;
}
function u64(b: Uint8Array, i: number): number {
  return u32(b, i) + u32(b, i + 4) * 2 ** 32;
}

function findEndOfDirectory(b: Uint8Array): number {
  // The end record is 22 bytes plus a comment of at most 65,535.
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65_535); i--) {
    if (b[i] === 0x50 && b[i + 1] === 0x4b && b[i + 2] === 0x05 && b[i + 3] === 0x06) return i;
  }
  throw new ZipProblem("no zip directory at its end (truncated or not a zip)");
}

export function listZipEntries(b: Uint8Array): ZipEntry[] {
  const eocd = findEndOfDirectory(b);
  const count = u16(b, eocd + 10);
  let pos = u32(b, eocd + 16);
  if (count === 0xffff || pos === 0xffffffff) throw new ZipProblem("a ZIP64 archive, which is not accepted for spreadsheets");
  if (count > MAX_ENTRIES) throw new ZipProblem(`more than ${MAX_ENTRIES} entries`);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (pos + 46 > b.length || u32(b, pos) !== 0x02014b50) throw new ZipProblem("a damaged zip directory");
    const method = u16(b, pos + 10);
    let compressedSize = u32(b, pos + 20);
    let declaredSize = u32(b, pos + 24);
    const nameLength = u16(b, pos + 28);
    const extraLength = u16(b, pos + 30);
    const commentLength = u16(b, pos + 32);
    let localOffset = u32(b, pos + 42);
    const name = new TextDecoder().decode(b.subarray(pos + 46, pos + 46 + nameLength));
    // ZIP64 extra field (0x0001): the 64-bit values, in this order, for the fields set to 0xFFFFFFFF.
    for (let e = pos + 46 + nameLength; e + 4 <= pos + 46 + nameLength + extraLength; ) {
      const id = u16(b, e);
      const size = u16(b, e + 2);
      if (id === 0x0001) {
        let f = e + 4;
        if (declaredSize === 0xffffffff) {
          declaredSize = u64(b, f);
          f += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = u64(b, f);
          f += 8;
        }
        if (localOffset === 0xffffffff) localOffset = u64(b, f);
      }
      e += 4 + size;
    }
    if (localOffset + 30 > b.length || u32(b, localOffset) !== 0x04034b50) throw new ZipProblem(`a damaged entry (${name})`);
    const dataStart = localOffset + 30 + u16(b, localOffset + 26) + u16(b, localOffset + 28);
    if (dataStart + compressedSize > b.length) throw new ZipProblem(`a damaged entry (${name})`);
    entries.push({ name, method, compressedSize, declaredSize, dataStart });
    pos += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Charges every entry's inflated size to `budget` (declared first, which refuses an honest bomb without
 * inflating; then measured, which catches a lying one). Throws BudgetExceeded or ZipProblem.
 */
export async function chargeZipEntries(b: Uint8Array, budget: ByteBudget, what = "zip entries"): Promise<ZipEntry[]> {
  const entries = listZipEntries(b);
  const declared = entries.reduce((sum, e) => sum + e.declaredSize, 0);
  if (declared > budget.remaining) budget.charge(declared, what);
  for (const e of entries) {
    const data = b.subarray(e.dataStart, e.dataStart + e.compressedSize);
    if (e.method === 0) budget.charge(e.compressedSize, what);
    else if (e.method === 8) await measureInflated(data, "raw", budget, what);
    else throw new ZipProblem(`entry ${e.name} uses compression method ${e.method} (only stored and deflate are read)`);
  }
  return entries;
}
