import { defineErrorCodes } from "../errors/error-code.ts";

/** Error codes of AI extraction (POST /api/v1/extract, GET /api/v1/extract/{jobId}). */
export const EXTRACTION_ERRORS = defineErrorCodes({
  SVC_EXTRACT_001: {
    status: 415,
    meaning: "extract: unsupported file type (by its content); PDF, PNG, JPG, TIFF, XLS and XLSX are accepted; `supported` lists them",
  },
  SVC_EXTRACT_002: {
    status: 422,
    meaning:
      "extraction job failed: data could not be extracted (a job error inside GET /api/v1/extract/{jobId} and the extraction.failed event, never an HTTP status)",
    origin: "spec",
  },
  SVC_EXTRACT_003: {
    status: 400,
    meaning: "extract: the file is empty, or corrupt: its content is not the PDF, image or spreadsheet its name or type says",
  },
  SVC_EXTRACT_004: { status: 400, meaning: "extract: the multipart form has no `file` part (or is malformed)" },
  SVC_EXTRACT_005: {
    status: 413,
    meaning: "extract: uploaded file larger than the limit (TDS_MAX_UPLOAD_BYTES, 10 MB by default)",
  },
  SVC_EXTRACT_006: { status: 404, meaning: "extraction job not found (or belongs to another account)" },
});
