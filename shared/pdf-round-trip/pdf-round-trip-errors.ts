import { defineErrorCodes } from "../errors/error-code.ts";

/** Error codes of the PDF round trip: extract-filled-fields and flatten-document (spec codes, and SVC_FLAT_007/008 of the project). */
export const PDF_ROUND_TRIP_ERRORS = defineErrorCodes({
  SVC_VAL_003: { status: 400, meaning: "extract-filled-fields: the file is not a PDF (or is empty)", origin: "spec" },
  SVC_VAL_004: { status: 400, meaning: "extract-filled-fields: unknown doc_type; the answer lists supported_types", origin: "spec" },
  SVC_VAL_005: {
    status: 400,
    meaning:
      "extract-filled-fields: PDF corrupted or unusable (truncated, encrypted, XFA, too many pages, too complex, too large); `problem` says which",
    origin: "spec",
  },
  SVC_VAL_006: { status: 400, meaning: "extract-filled-fields: the PDF has no text form fields", origin: "spec" },
  SVC_VAL_007: {
    status: 400,
    meaning: "extract-filled-fields: the PDF was generated for another shipment (expected_shipment_id, actual_shipment_id)",
    origin: "spec",
  },
  SVC_VAL_008: { status: 400, meaning: "extract-filled-fields: the PDF's embedded document type differs from doc_type", origin: "spec" },
  SVC_SYS_001: { status: 500, meaning: "extract-filled-fields: the shipment update failed", origin: "spec" },
  SVC_FLAT_001: { status: 400, meaning: "flatten-document: job_id missing", origin: "spec" },
  SVC_FLAT_002: { status: 404, meaning: "flatten-document: job not found", origin: "spec" },
  SVC_FLAT_003: { status: 400, meaning: "flatten-document: the job has no provider job identifier", origin: "spec" },
  SVC_FLAT_004: { status: 400, meaning: "flatten-document: the job is not completed (the message gives its status)", origin: "spec" },
  SVC_FLAT_005: {
    status: 400,
    meaning: "flatten-document: the generated document has no download address (its file is no longer kept)",
    origin: "spec",
  },
  SVC_FLAT_006: {
    status: 502,
    meaning: "flatten-document: fetching the PDF from the provider failed (the message gives its HTTP status)",
    origin: "spec",
  },
  SVC_FLAT_007: { status: 500, meaning: "flatten-document: the generated PDF could not be converted to PDF/A" },
  SVC_FLAT_008: { status: 404, meaning: "flatten-document: generation_history_id not found in the account" },
});
