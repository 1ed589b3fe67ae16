/**
 * Output lengths of the PDF filters that expand without zlib — LZW and RunLength — counted without
 * producing the output (an LZW table of lengths, not of strings), and the two ASCII filters decoded
 * (they shrink) so that what they wrap can be measured. ISO 32000-1, 7.4.
 */
import type { ByteBudget } from "./byte-budget.ts";

/** Bytes LZWDecode would produce (EarlyChange 1, the default). */
export function lzwLength(data: Uint8Array, budget: ByteBudget, what: string, earlyChange = 1): number {
  const lengths = new Uint16Array(4096);
  let out = 0;
  let prev = 0;
  let next = 258;
  let bits = 9;
  let buffer = 0;
  let held = 0;
  let pending = 0;
  for (let i = 0; i < data.length; ) {
    while (held < bits && i < data.length) {
      buffer = ((buffer << 8) | data[i++]) >>> 0;
      held += 8;
    }
    if (held < bits) break;
    const code = (buffer >>> (held - bits)) & ((1 << bits) - 1);
    held -= bits;
    buffer &= (1 << held) - 1;
    if (code === 256) {
      next = 258;
      bits = 9;
      prev = 0;
      continue;
    }
    if (code === 257) break;
    let length: number;
    if (code < 256) length = 1;
    else if (code < next) length = lengths[code];
    else if (code === next && prev > 0) length = prev + 1;
    else break; // damaged: the reader stops here too
    out += length;
    pending += length;
    if (pending > 1 << 20) {
      budget.charge(pending, what);
      pending = 0;
    }
    if (prev > 0 && next < 4096) lengths[next++] = Math.min(prev + 1, 65_535);
    prev = length;
    if (next + earlyChange >= 1 << bits && bits < 12) bits++;
  }
  budget.charge(pending, what);
  return out;
}

/** Bytes RunLengthDecode would produce. */
export function runLengthLength(data: Uint8Array, budget: ByteBudget, what: string): number {
  let out = 0;
  for (let i = 0; i < data.length; ) {
    const n = data[i];
    if (n === 128) break;
    if (n < 128) {
      out += n + 1;
      i += n + 2;
    } else {
      out += 257 - n;
      i += 2;
    }
  }
  budget.charge(out, what);
  return out;
}

export function decodeAsciiHex(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(data.length / 2));
  let n = 0;
  let high = -1;
  for (const c of data) {
    if (c === 0x3e) break; // ">"
    const v = c >= 0x30 && c <= 0x39 ? c - 0x30 : (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66 ? (c | 0x20) - 0x57 : -1;
    if (v < 0) continue;
    if (high < 0) high = v;
    else {
      out[n++] = (high << 4) | v;
      high = -1;
    }
  }
  if (high >= 0) out[n++] = high << 4;
  return out.subarray(0, n);
}

export function decodeAscii85(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 * data.length + 4);
  let n = 0;
  const group: number[] = [];
  const flush = (count: number) => {
    while (group.length < 5) group.push(84);
    let v = 0;
    for (const g of group) v = v * 85 + g;
    for (let k = 0; k < count - 1; k++) out[n++] = (v >>> (24 - 8 * k)) & 0xff;
    group.length = 0;
  };
  for (const c of data) {
    if (c === 0x7e) break; // "~>"
    if (c === 0x7a && group.length === 0) {
      n += 4; // "z": four zero bytes
      continue;
    }
    if (c < 0x21 || c > 0x75) continue;
    group.push(c - 0x21);
    if (group.length === 5) flush(5);
  }
  if (group.length > 1) flush(group.length);
  return out.subarray(0, n);
}
