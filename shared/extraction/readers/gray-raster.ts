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
