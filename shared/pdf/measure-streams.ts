/**
 * The second half of the pre-flight for readers that decode every stream (text extraction renders
 * pages, reads fonts, images and attachments): the streams inspectPdf listed (limits.listStreams) are
 * measured — inflated in chunks and counted, never kept — and charged to the same decoded-bytes budget
 * as the object streams the scan decoded; images are checked against a pixel budget. A stream whose
 * decoded data is fed into a second expanding filter is refused: its size could only be known by
 * holding the first stage.
 */
import { type ByteBudget, PixelLimitExceeded } from "../decompression/byte-budget.ts";
import { decodeAscii85, decodeAsciiHex, lzwLength, runLengthLength } from "../decompression/filter-lengths.ts";
import { measureInflated } from "../decompression/measure-inflated.ts";
import type { SkippedStream } from "./inspect-pdf.ts";
import { pdfProblem, PdfProblemError } from "./pdf-problem.ts";

const EXPANDING = new Set(["FlateDecode", "Fl", "LZWDecode", "LZW", "RunLengthDecode", "RL"]);
const WHAT = "compressed streams";

export async function chargePdfStreams(bytes: Uint8Array, streams: SkippedStream[], budget: ByteBudget, maxPixels: number): Promise<void> {
  for (const s of streams) {
    if (s.pixels !== undefined && s.pixels > maxPixels) throw new PixelLimitExceeded(s.pixels, maxPixels, "An image in the PDF");
  }
  for (const s of streams) {
    let data = bytes.subarray(s.start, s.end);
    let i = 0;
    for (; i < s.filters.length && !EXPANDING.has(s.filters[i]); i++) {
      const f = s.filters[i];
      if (f === "ASCIIHexDecode" || f === "AHx") data = decodeAsciiHex(data);
      else if (f === "ASCII85Decode" || f === "A85") data = decodeAscii85(data);
      else break; // an image codec: bounded by its pixels, checked above
    }
    const filter = s.filters[i];
    if (!filter || !EXPANDING.has(filter)) continue;
    if (s.filters.slice(i + 1).some((f) => EXPANDING.has(f))) {
      throw new PdfProblemError(
        pdfProblem("too_complex", `A stream in the PDF is compressed twice (${s.filters.join(", ")}); uploads may compress a stream once.`),
      );
    }
    if (filter === "FlateDecode" || filter === "Fl") await measureInflated(data, "zlib", budget, WHAT);
    else if (filter === "LZWDecode" || filter === "LZW") lzwLength(data, budget, WHAT);
    else runLengthLength(data, budget, WHAT);
  }
}
