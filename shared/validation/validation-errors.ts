import { defineErrorCodes } from "../errors/error-code.ts";

/** Error codes of validation: the spec's missing-input codes, and an unknown gate. */
export const VALIDATION_ERRORS = defineErrorCodes({
  SVC_VAL_001: { status: 400, meaning: "extract-filled-fields: file missing; verify-hash: hash missing", origin: "spec" },
  SVC_VAL_002: {
    status: 400,
    meaning:
      "extract-filled-fields: doc_type missing; generate-documents: shipment or document_types missing; validate-shipment: shipment missing or not an object",
    origin: "spec",
  },
  SVC_GATE_001: { status: 400, meaning: "unknown gate_slug; the answer lists the known gates" },
});
