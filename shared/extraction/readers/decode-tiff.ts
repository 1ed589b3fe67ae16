/**
 * The first page of a TIFF as RGBA (gray-raster.ts makes it grey), decoded by UTIF.js (npm `utif`: uncompressed,
 * PackBits, LZW, Deflate, JPEG and the CCITT G3/G4 fax coding scanners use for black-and-white pages).
 * tesseract.js 7's own TIFF reading ends the whole process with a segmentation fault on a plain 8-bit
 * TIFF, so a TIFF never reaches it as bytes: it goes to OCR as this raster, cleaned up like any image.
 *
 * UTIF follows the chain of pages without end (a TIFF whose next-page offset points back loops
 * forever), so it gets a copy whose first page is the last: only that page is read anyway. The pixel
 * budget has been checked on the declared size before (read-budget.ts).
 */
/** A copy of the TIFF with the first page's next-page offset set to 0; null when the header or the first page's entries lie outside the bytes. */
export function firstPageOnly(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 8) return null;
  const little = bytes[0] === 0x49 && bytes[1] === 0x49;
  if (!little && !(bytes[0] === 0x4d && bytes[1] === 0x4d)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > bytes.length) return null;
  const next = ifd + 2 + view.getUint16(ifd, little) * 12;
  if (next + 4 > bytes.length) return null;
  const copy = bytes.slice();
  new DataView(copy.buffer).setUint32(next, 0, little);
  return copy;
}

/** The first page as RGBA, 8 bits per channel (null when it is not a TIFF UTIF can decode). */
export async function decodeTiffToRgba(bytes: Uint8Array): Promise<{ width: number; height: number; rgba: Uint8Array } | null> {
  const single = firstPageOnly(bytes);
  if (!single) return null;
  try {
    const { default: UTIF } = await import("utif");
    const buffer = single.buffer as ArrayBuffer;
    const [page] = UTIF.decode(buffer);
    if (!page) return null;
    UTIF.decodeImage(buffer, page);
    if (!page.width || !page.height) return null;
    return { width: page.width, height: page.height, rgba: UTIF.toRGBA8(page) };
  } catch {
    return null;
  }
}
