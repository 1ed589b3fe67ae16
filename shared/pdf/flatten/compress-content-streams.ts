import { type PDFContext, PDFContentStream } from "pdf-lib";

/**
 * pdf-lib builds appearance streams as PDFContentStreams that it deflates with pako (pure JS) while saving;
 * re-register them as natively deflated raw streams (node:zlib, see shared/pdf/native-deflate.ts).
 */
export function compressContentStreams(context: PDFContext): void {
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFContentStream)) continue;
    const raw = context.flateStream(object.getUnencodedContents());
    for (const [key, value] of object.dict.entries()) {
      const name = key.decodeText();
      if (name !== "Length" && name !== "Filter" && name !== "DecodeParms") raw.dict.set(key, value);
    }
    context.assign(ref, raw);
  }
}
