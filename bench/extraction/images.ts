/**
 * Scan-like images from PDF pages without ImageMagick: pdftoppm (poppler-utils) renders a greyscale
 * page at 150 dpi as PGM, then a small pure implementation rotates it slightly (bilinear), adds
 * Gaussian grain and salt-and-pepper specks, and writes PNG (zlib) or uncompressed TIFF.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { rng } from "../../tests/support/extraction-corpus/corpus-data.ts";

export interface Gray {
  width: number;
  height: number;
  data: Uint8Array;
}

function runPdftoppm(args: string[]): void {
  try {
    execFileSync("pdftoppm", args, { stdio: ["ignore", "ignore", "pipe"] });
  } catch (e) {
    throw new Error(`pdftoppm failed (apt-get install -y poppler-utils): ${(e as Error).message}`);
  }
}

/** Page 1 of a PDF as an 8-bit greyscale raster at `dpi`. */
export function renderPdfGray(pdf: Uint8Array, dpi = 150): Gray {
  const dir = mkdtempSync(join(tmpdir(), "corpus-"));
  try {
    writeFileSync(join(dir, "in.pdf"), pdf);
    runPdftoppm(["-r", String(dpi), "-gray", "-f", "1", "-l", "1", "-singlefile", join(dir, "in.pdf"), join(dir, "page")]);
    return parsePgm(readFileSync(join(dir, "page.pgm")));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Page 1 as JPEG straight from pdftoppm (its compression artefacts are the noise). */
export function renderPdfJpeg(pdf: Uint8Array, dpi = 150, quality = 70): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), "corpus-"));
  try {
    writeFileSync(join(dir, "in.pdf"), pdf);
    runPdftoppm([
      "-r",
      String(dpi),
      "-jpeg",
      "-jpegopt",
      `quality=${quality}`,
      "-gray",
      "-f",
      "1",
      "-l",
      "1",
      "-singlefile",
      join(dir, "in.pdf"),
      join(dir, "page"),
    ]);
    return new Uint8Array(readFileSync(join(dir, "page.jpg")));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function parsePgm(buf: Uint8Array): Gray {
  let pos = 0;
  const token = () => {
    while (/\s/.test(String.fromCharCode(buf[pos]))) pos++;
    if (buf[pos] === 0x23) {
      while (buf[pos] !== 0x0a) pos++;
      return token();
    }
    let s = "";
    while (!/\s/.test(String.fromCharCode(buf[pos]))) s += String.fromCharCode(buf[pos++]);
    return s;
  };
  if (token() !== "P5") throw new Error("not a binary PGM");
  const width = Number(token());
  const height = Number(token());
  const max = Number(token());
  if (max !== 255) throw new Error("only 8-bit PGM");
  pos++;
  return { width, height, data: buf.slice(pos, pos + width * height) };
}

/** Rotation about the centre by `degrees` (bilinear; white outside the page). */
export function rotate(img: Gray, degrees: number): Gray {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(w * h).fill(255);
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const cx = w / 2;
  const cy = h / 2;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const dx = x - cx;
      const dy = y - cy;
      const sx = cos * dx + sin * dy + cx;
      const sy = -sin * dx + cos * dy + cy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= w || y0 + 1 >= h) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      const p = (xx: number, yy: number) => data[yy * w + xx];
      const v =
        p(x0, y0) * (1 - fx) * (1 - fy) + p(x0 + 1, y0) * fx * (1 - fy) + p(x0, y0 + 1) * (1 - fx) * fy + p(x0 + 1, y0 + 1) * fx * fy;
      out[y * w + x] = Math.round(v);
    }
  }
  return { width: w, height: h, data: out };
}

/** Gaussian grain (sigma in grey levels) and salt-and-pepper specks (fraction of pixels). */
export function addNoise(img: Gray, seed: number, sigma: number, specks: number): Gray {
  const r = rng(seed);
  const out = new Uint8Array(img.data.length);
  for (let i = 0; i < img.data.length; i++) {
    // Box–Muller
    const g = Math.sqrt(-2 * Math.log(r() + 1e-12)) * Math.cos(2 * Math.PI * r());
    let v = img.data[i] + g * sigma;
    const s = r();
    if (s < specks / 2) v = 0;
    else if (s < specks) v = 255;
    out[i] = Math.max(0, Math.min(255, Math.round(v)));
  }
  return { ...img, data: out };
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** 8-bit greyscale PNG (filter "Up" per row, zlib level 9) with a 150 dpi pHYs chunk. */
export function encodePng(img: Gray, dpi = 150): Uint8Array {
  const { width: w, height: h, data } = img;
  const raw = new Uint8Array((w + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w + 1)] = 2;
    for (let x = 0; x < w; x++) raw[y * (w + 1) + 1 + x] = (data[y * w + x] - (y > 0 ? data[(y - 1) * w + x] : 0)) & 0xff;
  }
  const ihdr = new Uint8Array(13);
  const iv = new DataView(ihdr.buffer);
  iv.setUint32(0, w);
  iv.setUint32(4, h);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const phys = new Uint8Array(9);
  const pv = new DataView(phys.buffer);
  const ppm = Math.round(dpi / 0.0254);
  pv.setUint32(0, ppm);
  pv.setUint32(4, ppm);
  phys[8] = 1;
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("pHYs", phys),
    chunk("IDAT", new Uint8Array(deflateSync(raw, { level: 9 }))),
    chunk("IEND", new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

/** Uncompressed 8-bit greyscale baseline TIFF (little-endian, one strip). */
export function encodeTiff(img: Gray, dpi = 150): Uint8Array {
  const { width: w, height: h, data } = img;
  const entries: [number, number, number, number][] = [
    [256, 3, 1, w],
    [257, 3, 1, h],
    [258, 3, 1, 8],
    [259, 3, 1, 1],
    [262, 3, 1, 1],
    [273, 4, 1, 0], // strip offset, patched below
    [277, 3, 1, 1],
    [278, 3, 1, h],
    [279, 4, 1, w * h],
    [282, 5, 1, 0], // x resolution (rational), patched
    [283, 5, 1, 0],
    [296, 3, 1, 2],
  ];
  const ifdOffset = 8;
  const ifdSize = 2 + entries.length * 12 + 4;
  const rationalOffset = ifdOffset + ifdSize;
  const dataOffset = rationalOffset + 8;
  const out = new Uint8Array(dataOffset + data.length);
  const v = new DataView(out.buffer);
  out.set([0x49, 0x49, 0x2a, 0x00]);
  v.setUint32(4, ifdOffset, true);
  v.setUint16(ifdOffset, entries.length, true);
  entries.forEach(([tag, type, count, value], i) => {
    const at = ifdOffset + 2 + i * 12;
    if (tag === 273) value = dataOffset;
    if (tag === 282 || tag === 283) value = rationalOffset;
    v.setUint16(at, tag, true);
    v.setUint16(at + 2, type, true);
    v.setUint32(at + 4, count, true);
    if (type === 3) v.setUint16(at + 8, value, true);
    else v.setUint32(at + 8, value, true);
  });
  v.setUint32(ifdOffset + 2 + entries.length * 12, 0, true);
  v.setUint32(rationalOffset, dpi, true);
  v.setUint32(rationalOffset + 4, 1, true);
  out.set(data, dataOffset);
  return out;
}

/** The scan recipe: render at 150 dpi, rotate slightly, add grain and specks. */
export function scanLike(pdf: Uint8Array, seed: number): Gray {
  const r = rng(seed);
  const angle = (r() < 0.5 ? -1 : 1) * (0.4 + r() * 0.8);
  return addNoise(rotate(renderPdfGray(pdf, 150), angle), seed + 1, 10, 0.002);
}
