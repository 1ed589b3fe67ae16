/**
 * Typed problems with uploaded or stored PDFs, shared by the pre-flight (inspect-pdf.ts), the form reader
 * and the PDF/A flattener. Pure data: the HTTP layer maps a code to the spec's error codes
 * ({@link RECOMMENDED_ERROR_CODES}).
 */

export type PdfProblemCode =
  /** 0 bytes. */
  | "empty"
  /** No "%PDF-" header in the first 1 KB. */
  | "not_pdf"
  /** Truncated (no %%EOF near the end), unparsable, or structurally broken (no catalog, broken stream). */
  | "corrupt"
  /** Has an /Encrypt dictionary (password-protected or permission-restricted). */
  | "encrypted"
  /** An XFA form (Adobe LiveCycle): the values live in XML, not in the AcroForm. */
  | "xfa"
  /** More pages than the limit. */
  | "too_many_pages"
  /** Pathological structure: nesting too deep, too many objects or fields, a cyclic or too deep tree. */
  | "too_complex"
  /** Over the size limits: the file, a declared or actual stream length, or a decompressed object stream. */
  | "too_large"
  /** Flattening only: content that cannot be made PDF/A-2b (e.g. page text in a font that is not embedded). */
  | "not_archivable";

export interface PdfProblem {
  code: PdfProblemCode;
  /** One sentence for the API response, in plain English. */
  message: string;
}

/** Thrown by readFormFields / flattenToPdfA; `problem` carries the typed code. */
export class PdfProblemError extends Error {
  readonly problem: PdfProblem;
  constructor(problem: PdfProblem, options?: { cause?: unknown }) {
    super(problem.message, options);
    this.name = "PdfProblemError";
    this.problem = problem;
  }
  get code(): PdfProblemCode {
    return this.problem.code;
  }
}

export function pdfProblem(code: PdfProblemCode, message: string): PdfProblem {
  return { code, message };
}

export function isPdfProblemError(error: unknown): error is PdfProblemError {
  return error instanceof PdfProblemError;
}

/**
 * The mapping this module recommends to the HTTP layer (see docs/pdf-round-trip.md). extract-filled-fields:
 * the spec names SVC_VAL_003 (not a PDF) and SVC_VAL_005 (corrupted or unparsable); every other problem makes
 * the upload unusable for extraction, so it is reported as SVC_VAL_005 with its own message. flatten-document
 * reads the service's own generated PDF, so any problem there is a server-side failure (500) — the spec lists
 * no code for it; SVC_FLAT_007 is a proposal.
 */
export const RECOMMENDED_ERROR_CODES: Readonly<
  Record<PdfProblemCode, { extract: "SVC_VAL_003" | "SVC_VAL_005"; flatten: "SVC_FLAT_007" }>
> = {
  empty: { extract: "SVC_VAL_003", flatten: "SVC_FLAT_007" },
  not_pdf: { extract: "SVC_VAL_003", flatten: "SVC_FLAT_007" },
  corrupt: { extract: "SVC_VAL_005", flatten: "SVC_FLAT_007" },
  encrypted: { extract: "SVC_VAL_005", flatten: "SVC_FLAT_007" },
  xfa: { extract: "SVC_VAL_005", flatten: "SVC_FLAT_007" },
  too_many_pages: { extract: "SVC_VAL_005", flatten: "SVC_FLAT_007" },
  too_complex: { extract: "SVC_VAL_005", flatten: "SVC_FLAT_007" },
  too_large: { extract: "SVC_VAL_005", flatten: "SVC_FLAT_007" },
  not_archivable: { extract: "SVC_VAL_005", flatten: "SVC_FLAT_007" },
};
