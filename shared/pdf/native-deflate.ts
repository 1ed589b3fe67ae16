/**
 * Native deflate for the renderer's PDFs. pdf-lib compresses streams with pako (pure JS), which was
 * about two thirds of a document's render time; `node:zlib` (available under Node and Deno) does the
 * same FlateDecode compression natively. Applied per document, nothing global is patched:
 *   - the context's flateStream (font programs, ToUnicode maps) is replaced on this document only;
 *   - page content streams are re-registered as native-deflated raw streams just before saving.
 * The output stays deterministic (same zlib, same level, same input).
 */
import { deflateSync } from "node:zlib";
import { PDFArray, PDFContentStream, type PDFDocument, PDFName, type PDFPage, PDFRef } from "pdf-lib";

const LEVEL = 6;

function bytesOf(contents: string | Uint8Array): Uint8Array {
  if (typeof contents !== "string") return contents;
  const out = new Uint8Array(contents.length);
  for (let i = 0; i < contents.length; i++) out[i] = contents.charCodeAt(i) & 0xff;
  return out;
}

function deflate(contents: string | Uint8Array): Uint8Array {
  return new Uint8Array(deflateSync(bytesOf(contents), { level: LEVEL }));
}

/** Makes the document's own stream embedding (fonts, CMaps) use native deflate. */
export function useNativeDeflate(doc: PDFDocument): void {
  const context = doc.context;
  type Dict = Parameters<typeof context.stream>[1];
  context.flateStream = (contents: string | Uint8Array, dict: Dict = {}) =>
    context.stream(deflate(contents), { ...dict, Filter: "FlateDecode" });
}

/** Replaces the pages' (uncompressed-until-save) content streams by native-deflated raw streams. */
export function compressPageContents(doc: PDFDocument, pages: readonly PDFPage[]): void {
  const context = doc.context;
  for (const page of pages) {
    const entry = page.node.get(PDFName.of("Contents"));
    const refs: PDFRef[] = [];
    if (entry instanceof PDFRef) refs.push(entry);
    if (entry instanceof PDFArray) {
      for (let i = 0; i < entry.size(); i++) {
        const item = entry.get(i);
        if (item instanceof PDFRef) refs.push(item);
      }
    }
    for (const ref of refs) {
      const stream = context.lookup(ref);
      if (stream instanceof PDFContentStream) {
        context.assign(ref, context.flateStream(stream.getUnencodedContents()));
      }
    }
  }
}
