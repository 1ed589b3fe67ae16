/**
 * Embedded files found in the PDF's bytes themselves, for PDFs whose invoice XML is not reachable
 * through the EmbeddedFiles name tree that pdfjs reads: files listed only in the catalog's /AF array
 * (PDF/A-3 associated files), or a name tree a producer wrote wrongly. An embedded file is always a
 * stream object of its own (/Type /EmbeddedFile; never inside an object stream), so a scan for those
 * streams finds it. Only uncompressed and FlateDecode streams are read; at most MAX_FILES files of at
 * most MAX_BYTES each are inflated. Web-standard DecompressionStream: runs on Node, Deno and the edge.
 */
import { readAtMost } from "../../decompression/read-bytes.ts";
import type { EmbeddedFile } from "./read-embedded-invoice.ts";

const MAX_FILES = 8;
const MAX_BYTES = 5 * 1024 * 1024;

function latin1(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return s;
}

async function inflate(data: Uint8Array, limit: number): Promise<Uint8Array | null> {
  try {
    const stream = new Blob([new Uint8Array(data)]).stream().pipeThrough(new DecompressionStream("deflate"));
    return await readAtMost(stream, limit);
  } catch {
    // A corrupt or truncated stream: a partial XML is no invoice.
    return null;
  }
}

/** The /Type /EmbeddedFile streams of a PDF, inflated; [] when there are none or none can be read. */
export async function scanEmbeddedFiles(pdf: Uint8Array): Promise<EmbeddedFile[]> {
  const text = latin1(pdf);
  const out: EmbeddedFile[] = [];
  const re = /\/Type\s*\/EmbeddedFile\b/g;
  for (let m = re.exec(text); m && out.length < MAX_FILES; m = re.exec(text)) {
    const dictStart = text.lastIndexOf("obj", m.index);
    const streamAt = text.indexOf("stream", m.index);
    if (dictStart < 0 || streamAt < 0 || streamAt - m.index > 2000) continue;
    const dict = text.slice(dictStart, streamAt);
    let start = streamAt + "stream".length;
    if (text[start] === "\r") start++;
    if (text[start] === "\n") start++;
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    const end = length ? start + Number(length[1]) : text.indexOf("endstream", start);
    if (end <= start || end > pdf.length) continue;
    const raw = pdf.subarray(start, end);
    const filters = /\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(dict)?.[1] ?? "";
    let bytes: Uint8Array | null = null;
    if (filters === "") bytes = raw.length <= MAX_BYTES ? raw : null;
    else if (/^(\[\s*)?\/FlateDecode(\s*\])?$/.test(filters.trim())) bytes = await inflate(raw, MAX_BYTES);
    if (bytes && bytes.length > 0) out.push({ name: `embedded-file-${out.length + 1}`, bytes });
  }
  return out;
}
