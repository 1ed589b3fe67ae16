import { defineErrorCodes } from "../errors/error-code.ts";

/** Error codes of the documents' verifiable credentials (docs/verification.md). */
export const CREDENTIALS_ERRORS = defineErrorCodes({
  SVC_VC_001: {
    status: 404,
    meaning: "credential or status list not found (or the document belongs to another account)",
  },
  SVC_VC_002: {
    status: 409,
    meaning: "the document has no credential yet: it is issued when the document is generated (the job has not completed)",
  },
});
