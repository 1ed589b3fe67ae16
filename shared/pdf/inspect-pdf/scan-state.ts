/**
 * What one pre-flight run tallies while it scans (objects, pages, decoded bytes, findings) and how a
 * step stops the run with a typed problem. Each inspectPdf call makes its own state.
 */
import { type PdfProblem, pdfProblem } from "../pdf-problem.ts";
import type { InspectLimits } from "./inspect-limits.ts";
import { formatBytes } from "../../decompression/byte-budget.ts";

export { formatBytes };

/** A stream the scan skipped: where its data is, its filters, and an image's declared size. */
export interface SkippedStream {
  start: number;
  end: number;
  filters: string[];
  /** /Width × /Height of an image (or anything declaring them). */
  pixels?: number;
}

export interface ScanState {
  limits: InspectLimits;
  fileSize: number;
  objects: number;
  objectStreams: number;
  decodedBytes: number;
  declaredPages: number;
  pageObjects: number;
  hasAcroForm: boolean;
  /** A damaged compressed stream: reported at the end unless a stronger finding (e.g. encryption) comes first. */
  deferred: PdfProblem | null;
  /** Filled when limits.listStreams is set. */
  streams: SkippedStream[];
}

export function newScanState(limits: InspectLimits, fileSize: number): ScanState {
  return {
    limits,
    fileSize,
    objects: 0,
    objectStreams: 0,
    decodedBytes: 0,
    declaredPages: 0,
    pageObjects: 0,
    hasAcroForm: false,
    deferred: null,
    streams: [],
  };
}

/** Thrown by a step to end the scan with `problem`; inspectPdf turns it into its answer. */
export class Abort {
  constructor(readonly problem: PdfProblem) {}
}

/** Counts indirect objects (one at the top level, /N of an object stream) against the limit. */
export function countObjects(state: ScanState, count: number): void {
  state.objects += count;
  if (state.objects > state.limits.maxObjects) {
    throw new Abort(pdfProblem("too_complex", `The PDF has more than ${state.limits.maxObjects} objects.`));
  }
}
