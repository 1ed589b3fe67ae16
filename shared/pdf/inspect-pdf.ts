/**
 * Pre-flight for untrusted PDF bytes, run before any PDF library sees them. One linear pass over the
 * file with a small tokenizer (no recursion beyond the nesting limit, no allocation proportional to a
 * declared size), so hostile input is rejected in milliseconds with a typed problem instead of hanging or
 * crashing the parser:
 *
 *   empty            0 bytes
 *   not_pdf          no "%PDF-n.m" header within the first 1 KB (readers tolerate leading junk up to 1 KB)
 *   corrupt          no "%%EOF" within the last 1 KB (truncated), a stream without "endstream", broken
 *                    compressed object / cross-reference streams, a header with no version
 *   encrypted        an /Encrypt entry in a trailer or cross-reference stream dictionary
 *   xfa              an /XFA entry (XFA forms keep their values in XML packets, not in the AcroForm)
 *   too_many_pages   a /Pages node declaring /Count above the limit, or more /Type /Page objects
 *   too_complex      arrays/dictionaries nested deeper than the limit (pdf-lib parses them recursively),
 *                    more indirect objects than the limit, cross-reference streams declaring more entries
 *   too_large        the file, a declared or actual stream length, or the decompressed size of object and
 *                    cross-reference streams (the only streams pdf-lib decodes while loading) over the limit
 *
 * Object streams are decompressed (bounded by `maxDecodedBytes`, native zlib) and scanned the same way, so
 * page trees and AcroForms stored inside them are seen too. Content streams, fonts and images are skipped
 * by their length without being decoded.
 *
 * The steps are modules of inspect-pdf/: the header and end marker, a tokenizer over a cursor, values and
 * dictionaries, the file's objects, streams, object streams and cross-reference streams.
 */
import { DEFAULT_INSPECT_LIMITS, type InspectLimits } from "./inspect-pdf/inspect-limits.ts";
import { findHeader, hasEofMarker } from "./inspect-pdf/read-header.ts";
import { cursorAt } from "./inspect-pdf/read-token.ts";
import { scanObjects } from "./inspect-pdf/scan-objects.ts";
import { Abort, formatBytes, newScanState, type SkippedStream } from "./inspect-pdf/scan-state.ts";
import { type PdfProblem, pdfProblem } from "./pdf-problem.ts";

export { DEFAULT_INSPECT_LIMITS, type InspectLimits } from "./inspect-pdf/inspect-limits.ts";
export type { SkippedStream } from "./inspect-pdf/scan-state.ts";

export interface PdfFacts {
  /** Header version, e.g. "1.7". */
  version: string;
  /** Offset of "%PDF-" (0 for well-formed files). */
  headerOffset: number;
  /** max(declared /Count of /Pages nodes, /Type /Page objects seen). */
  pageCount: number;
  /** Indirect objects seen (including those inside object streams). */
  objectCount: number;
  objectStreams: number;
  /** A catalog entry /AcroForm was seen. */
  hasAcroForm: boolean;
  /** Decompressed bytes of object and cross-reference streams (counted against maxDecodedBytes). */
  decodedBytes: number;
  /** The streams the scan skipped, when limits.listStreams is set (see measure-streams.ts). */
  streams: SkippedStream[];
}

export type InspectResult = { ok: true; facts: PdfFacts } | { ok: false; problem: PdfProblem };

/** Runs the pre-flight; never throws for any input. */
export function inspectPdf(bytes: Uint8Array, limits: Partial<InspectLimits> = {}): InspectResult {
  const effective: InspectLimits = { ...DEFAULT_INSPECT_LIMITS, ...limits };
  if (!(bytes instanceof Uint8Array)) return { ok: false, problem: pdfProblem("not_pdf", "The upload is not a file.") };
  if (bytes.length === 0) return { ok: false, problem: pdfProblem("empty", "The file is empty (0 bytes).") };
  if (bytes.length > effective.maxBytes) {
    return {
      ok: false,
      problem: pdfProblem(
        "too_large",
        `The file has ${formatBytes(bytes.length)}; at most ${formatBytes(effective.maxBytes)} are accepted.`,
      ),
    };
  }
  const header = findHeader(bytes);
  if (!header) return { ok: false, problem: pdfProblem("not_pdf", "The file is not a PDF (no %PDF- header).") };
  if (!/^\d\.\d$/.test(header.version))
    return { ok: false, problem: pdfProblem("corrupt", "The PDF is damaged: its header has no valid version.") };
  if (!hasEofMarker(bytes)) {
    return { ok: false, problem: pdfProblem("corrupt", "The PDF is damaged or truncated: no %%EOF marker at its end.") };
  }
  const state = newScanState(effective, bytes.length);
  try {
    scanObjects(cursorAt(bytes, header.offset + 5 + header.version.length), state);
  } catch (error) {
    if (error instanceof Abort) return { ok: false, problem: error.problem };
    return { ok: false, problem: pdfProblem("corrupt", "The PDF could not be read.") };
  }
  if (state.deferred) return { ok: false, problem: state.deferred };
  if (state.objects === 0) return { ok: false, problem: pdfProblem("corrupt", "The PDF is damaged: it contains no objects.") };
  return {
    ok: true,
    facts: {
      version: header.version,
      headerOffset: header.offset,
      pageCount: Math.max(state.declaredPages, state.pageObjects),
      objectCount: state.objects,
      objectStreams: state.objectStreams,
      hasAcroForm: state.hasAcroForm,
      decodedBytes: state.decodedBytes,
      streams: state.streams,
    },
  };
}
