/**
 * Declared width and height of a PNG (IHDR), JPEG (the first SOF marker) or TIFF (the first IFD, the
 * page OCR reads), read from the header without decoding: the pixel budget is checked before any
 * decoder allocates a raster. null when the header cannot be read (the decoder then reports the damage).
 */
import type { FileKind } from "../file-kinds.ts";

export interface Dimensions {
  width: number;
  height: number;
}

export function imageDimensions(b: Uint8Array, kind: FileKind): Dimensions | null {
  if (kind === "png") return pngDimensions(b);
  if (kind === "jpeg") return jpegDimensions(b);
  if (kind === "tiff") return tiffDimensions(b);
  return null;
}

function be32(b: Uint8Array, i: number): number {
  return ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;
}

function pngDimensions(b: Uint8Array): Dimensions | null {
  // Signature (8), chunk length (4), "IHDR" (4), width (4), height (4).
  if (b.length < 24 || b[12] !== 0x49 || b[13] !== 0x48 || b[14] !== 0x44 || b[15] !== 0x52) return null;
  return { width: be32(b, 16), height: be32(b, 20) };
}

function jpegDimensions(b: Uint8Array): Dimensions | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    const length = (b[i + 2] << 8) | b[i + 3];
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (b[i + 5] << 8) | b[i + 6], width: (b[i + 7] << 8) | b[i + 8] };
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7)) i += 2;
    else i += 2 + length;
  }
  return null;
}

function tiffDimensions(b: Uint8Array): Dimensions | null {
  if (b.length < 8) return null;
  const little = b[0] === 0x49;
  const u16 = (i: number) => (little ? b[i] | (b[i + 1] << 8) : (b[i] << 8) | b[i + 1]);
  const u32 = (i: number) => (little ? (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> 0 : be32(b, i));
  const ifd = u32(4);
  if (ifd + 2 > b.length) return null;
  const count = u16(ifd);
  let width = 0;
  let height = 0;
  for (let n = 0; n < count; n++) {
    const e = ifd + 2 + n * 12;
    if (e + 12 > b.length) break;
    const tag = u16(e);
    const type = u16(e + 2);
    const value = type === 3 ? u16(e + 8) : u32(e + 8);
    if (tag === 256) width = value;
    else if (tag === 257) height = value;
  }
  return width && height ? { width, height } : null;
}
