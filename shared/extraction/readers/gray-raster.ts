import { isTiff } from "../file-kinds.ts";

/** Greyscale rasters for OCR: pdfjs image data → 8-bit grey → binary PGM (which OCR reads without decompressing). */
/** pdfjs image data (kind 1: 1 bit per pixel, 2: RGB, 3: RGBA) → 8-bit grey. */
export function toGray(img: { width: number; height: number; kind: number; data: Uint8Array | Uint8ClampedArray }): Uint8Array | null {
  const { width: w, height: h, kind, data } = img;
  const out = new Uint8Array(w * h);
  if (kind === 1) {
    const stride = Math.ceil(w / 8);
    if (data.length < stride * h) return null;
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[y * w + x] = data[y * stride + (x >> 3)] & (0x80 >> (x & 7)) ? 255 : 0;
    return out;
  }
  const step = kind === 2 ? 3 : kind === 3 ? 4 : 0;
  if (!step || data.length < w * h * step) return null;
  for (let i = 0, j = 0; i < w * h; i++, j += step) out[i] = (data[j] * 299 + data[j + 1] * 587 + data[j + 2] * 114) / 1000;
  return out;
}

/** The same grey raster as binary PGM (P5): no compression, which OCR reads fastest. */
export function encodeGrayPgm(gray: Uint8Array, width: number, height: number): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const out = new Uint8Array(header.length + gray.length);
  out.set(header);
  out.set(gray, header.length);
  return out;
}

/** Binary PGM (P5, 8 bit) → grey raster; null when the bytes are not one. */
export function decodePgm(bytes: Uint8Array): { width: number; height: number; data: Uint8Array } | null {
  if (bytes[0] !== 0x50 || bytes[1] !== 0x35) return null;
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, Math.min(bytes.length, 64)));
  const m = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(head);
  if (!m || Number(m[3]) !== 255) return null;
  const width = Number(m[1]);
  const height = Number(m[2]);
  const start = m[0].length;
  if (bytes.length < start + width * height) return null;
  return { width, height, data: bytes.subarray(start, start + width * height) };
}

/**
 * PNG / JPEG (and PGM) bytes → grey raster, decoded with @napi-rs/canvas (pdfjs-dist's optional
 * dependency, already used to render scanned PDF pages); TIFF by decode-tiff.ts. null when it cannot
 * decode them (no canvas here): the caller then hands the original bytes to OCR — never a TIFF's.
 */
export async function decodeToGray(bytes: Uint8Array): Promise<{ width: number; height: number; data: Uint8Array } | null> {
  const pgm = decodePgm(bytes);
  if (pgm) return pgm;
  if (isTiff(bytes)) {
    const page = await (await import("./decode-tiff.ts")).decodeTiffToRgba(bytes);
    const data = page && toGray({ width: page.width, height: page.height, kind: 3, data: page.rgba });
    return page && data ? { width: page.width, height: page.height, data } : null;
  }
  try {
    const { loadImage, createCanvas } = await import("@napi-rs/canvas");
    const img = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const canvas = createCanvas(img.width, img.height);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, img.width, img.height);
    ctx.drawImage(img, 0, 0);
    const rgba = ctx.getImageData(0, 0, img.width, img.height);
    const data = toGray({ width: img.width, height: img.height, kind: 3, data: rgba.data });
    return data ? { width: img.width, height: img.height, data } : null;
  } catch {
    return null;
  }
}
