/**
 * Decompression bombs, generated (never committed): deflate streams built from one segment compressed
 * once and repeated (each ends with a full flush, so copies chain into one valid stream), so a 1 GiB
 * stream costs a 16 MiB buffer and a few milliseconds to make; zips, PDFs and image headers around them.
 */
import { constants, deflateRawSync } from "node:zlib";

const SEGMENT = 16 * 1024 * 1024;
const encoder = new TextEncoder();

/**
 * Raw deflate of `segment` repeated up to `total` bytes, between an optional head and tail (a sheet's
 * XML around repeated rows).
 */
export function rawDeflateRepeated(
  total: number,
  segment: Uint8Array = new Uint8Array(SEGMENT),
  around: { head?: string; tail?: string } = {},
): Uint8Array {
  const flush = { level: 9, finishFlush: constants.Z_FULL_FLUSH };
  const head = deflateRawSync(encoder.encode(around.head ?? ""), flush);
  const once = deflateRawSync(segment, flush);
  const tail = deflateRawSync(encoder.encode(around.tail ?? "")); // the final block
  const copies = Math.ceil(total / segment.length);
  const out = new Uint8Array(head.length + once.length * copies + tail.length);
  out.set(head);
  for (let i = 0; i < copies; i++) out.set(once, head.length + i * once.length);
  out.set(tail, head.length + once.length * copies);
  return out;
}

/** zlib (PDF FlateDecode) stream of `total` zero bytes, with its Adler-32. */
export function zlibZeros(total: number): Uint8Array {
  const raw = rawDeflateRepeated(total);
  const out = new Uint8Array(raw.length + 6);
  out.set([0x78, 0xda]);
  out.set(raw, 2);
  // Adler-32 of zeros: a = 1, b = total mod 65521.
  const b = total % 65521;
  out.set([b >>> 8, b & 0xff, 0x00, 0x01], raw.length + 2);
  return out;
}

export interface ZipEntryInput {
  name: string;
  /** Deflated (raw) data, or text stored as it is. */
  deflated?: Uint8Array;
  text?: string;
  /** The size written in the headers (a bomb may lie). */
  declaredSize?: number;
}

export function zipOf(entries: ZipEntryInput[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = encoder.encode(e.name);
    const data = e.deflated ?? encoder.encode(e.text ?? "");
    const method = e.deflated ? 8 : 0;
    const size = e.declaredSize ?? (e.deflated ? 0 : data.length);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, method, true);
    local.setUint32(18, data.length, true);
    local.setUint32(22, size, true);
    local.setUint16(26, name.length, true);
    const dir = new DataView(new ArrayBuffer(46));
    dir.setUint32(0, 0x02014b50, true);
    dir.setUint16(4, 20, true);
    dir.setUint16(6, 20, true);
    dir.setUint16(10, method, true);
    dir.setUint32(20, data.length, true);
    dir.setUint32(24, size, true);
    dir.setUint16(28, name.length, true);
    dir.setUint32(42, offset, true);
    parts.push(new Uint8Array(local.buffer), name, data);
    central.push(new Uint8Array(dir.buffer), name);
    offset += 30 + name.length + data.length;
  }
  const dirSize = central.reduce((n, p) => n + p.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, dirSize, true);
  end.setUint32(16, offset, true);
  return concat([...parts, ...central, new Uint8Array(end.buffer)]);
}

/** An XLSX whose one sheet inflates to `sheetBytes` (declared honestly, or as 1 KB when `lie`). */
export function xlsxBomb(sheetBytes: number, lie = false): Uint8Array {
  return zipOf([
    {
      name: "[Content_Types].xml",
      text: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    },
    { name: "xl/workbook.xml", text: '<?xml version="1.0"?><workbook/>' },
    { name: "xl/worksheets/sheet1.xml", deflated: rawDeflateRepeated(sheetBytes), declaredSize: lie ? 1024 : sheetBytes },
  ]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A PDF of indirect objects (bodies as text or [dictionary text, stream bytes]) with a valid xref. */
export function pdfOf(objects: (string | [string, Uint8Array])[]): Uint8Array {
  const parts: Uint8Array[] = [encoder.encode("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")];
  const offsets: number[] = [];
  let at = parts[0].length;
  objects.forEach((o, i) => {
    offsets.push(at);
    const chunk =
      typeof o === "string"
        ? [encoder.encode(`${i + 1} 0 obj\n${o}\nendobj\n`)]
        : [
            encoder.encode(`${i + 1} 0 obj\n${o[0].replace(">>", ` /Length ${o[1].length} >>`)}\nstream\n`),
            o[1],
            encoder.encode("\nendstream\nendobj\n"),
          ];
    for (const c of chunk) {
      parts.push(c);
      at += c.length;
    }
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`),
  ].join("");
  parts.push(encoder.encode(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`));
  return concat(parts);
}

/** One page whose content stream inflates to `bytes` zeros. */
export function pdfStreamBomb(bytes: number): Uint8Array {
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
    ["<< /Filter /FlateDecode >>", zlibZeros(bytes)],
  ]);
}

/** A Factur-X-shaped PDF: a text page and an attached factur-x.xml that inflates to `bytes`. */
export function facturxBomb(bytes: number): Uint8Array {
  const text = encoder.encode("BT /F1 12 Tf 72 720 Td (Commercial invoice INV-1 from Example Exports Ltd) Tj ET");
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(factur-x.xml) 6 0 R] >> >> /AF [6 0 R] >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    ["<< >>", text],
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    "<< /Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) /AFRelationship /Data /EF << /F 7 0 R >> >>",
    ["<< /Type /EmbeddedFile /Subtype /text#2Fxml /Filter /FlateDecode >>", zlibZeros(bytes)],
  ]);
}

/** A PNG header declaring width × height (and one tiny IDAT): decoders would allocate the raster. */
export function pngDeclaring(width: number, height: number): Uint8Array {
  const ihdr = new DataView(new ArrayBuffer(8 + 25 + 12 + 12));
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  for (const [i, b] of sig.entries()) ihdr.setUint8(i, b);
  ihdr.setUint32(8, 13);
  for (const [i, b] of [0x49, 0x48, 0x44, 0x52].entries()) ihdr.setUint8(12 + i, b);
  ihdr.setUint32(16, width);
  ihdr.setUint32(20, height);
  ihdr.setUint8(24, 8); // bit depth; colour type 0 (grey)
  ihdr.setUint32(33, 0);
  for (const [i, b] of [0x49, 0x44, 0x41, 0x54].entries()) ihdr.setUint8(37 + i, b);
  ihdr.setUint32(45, 0);
  for (const [i, b] of [0x49, 0x45, 0x4e, 0x44].entries()) ihdr.setUint8(49 + i, b);
  return new Uint8Array(ihdr.buffer);
}

/** A baseline JPEG header declaring width × height (at most 65,535 each). */
export function jpegDeclaring(width: number, height: number): Uint8Array {
  return new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x10,
    0x4a,
    0x46,
    0x49,
    0x46,
    0x00,
    0x01,
    0x01,
    0x00,
    0x00,
    0x01,
    0x00,
    0x01,
    0x00,
    0x00,
    0xff,
    0xc0,
    0x00,
    0x0b,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x01,
    0x01,
    0x11,
    0x00,
    0xff,
    0xd9,
  ]);
}

/** A little-endian TIFF whose first IFD declares width × height. */
export function tiffDeclaring(width: number, height: number): Uint8Array {
  const v = new DataView(new ArrayBuffer(8 + 2 + 3 * 12 + 4));
  v.setUint8(0, 0x49);
  v.setUint8(1, 0x49);
  v.setUint16(2, 42, true);
  v.setUint32(4, 8, true);
  v.setUint16(8, 3, true);
  const entry = (n: number, tag: number, type: number, value: number) => {
    const e = 10 + n * 12;
    v.setUint16(e, tag, true);
    v.setUint16(e + 2, type, true);
    v.setUint32(e + 4, 1, true);
    v.setUint32(e + 8, value, true);
  };
  entry(0, 256, 4, width);
  entry(1, 257, 4, height);
  entry(2, 258, 3, 8);
  return new Uint8Array(v.buffer);
}
