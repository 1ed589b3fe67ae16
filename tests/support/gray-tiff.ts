/**
 * A baseline TIFF writer for tests (8-bit BlackIsZero, one uncompressed strip per page): the plain
 * kind of TIFF that made tesseract.js 7 end the process. `nextPageAt` lets a test chain the pages back
 * to the first (a loop a hostile file can hold).
 */
export function grayTiff(width: number, height: number, gray: Uint8Array, options: { loopBack?: boolean } = {}): Uint8Array {
  const entries: [tag: number, type: number, value: number][] = [
    [256, 3, width],
    [257, 3, height],
    [258, 3, 8],
    [259, 3, 1], // no compression
    [262, 3, 1], // BlackIsZero
    [273, 4, 0], // strip offset, set below
    [277, 3, 1],
    [278, 3, height],
    [279, 4, width * height],
  ];
  const ifdAt = 8;
  const ifdSize = 2 + entries.length * 12 + 4;
  const dataAt = ifdAt + ifdSize;
  const out = new Uint8Array(dataAt + width * height);
  const v = new DataView(out.buffer);
  out.set([0x49, 0x49, 0x2a, 0x00]);
  v.setUint32(4, ifdAt, true);
  v.setUint16(ifdAt, entries.length, true);
  entries.forEach(([tag, type, value], i) => {
    const e = ifdAt + 2 + i * 12;
    v.setUint16(e, tag, true);
    v.setUint16(e + 2, type, true);
    v.setUint32(e + 4, 1, true);
    if (tag === 273) v.setUint32(e + 8, dataAt, true);
    else if (type === 3) v.setUint16(e + 8, value, true);
    else v.setUint32(e + 8, value, true);
  });
  // The next page: none, or the first page again.
  v.setUint32(ifdAt + 2 + entries.length * 12, options.loopBack ? ifdAt : 0, true);
  out.set(gray.subarray(0, width * height), dataAt);
  return out;
}
