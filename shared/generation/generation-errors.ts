import { defineErrorCodes } from "../errors/error-code.ts";

/** Error codes of document generation. */
export const GENERATION_ERRORS = defineErrorCodes({
  SVC_GEN_LIMIT: {
    status: 429,
    meaning:
      "generate-documents: 429 generation_count has reached max_generations; 409 a concurrent generation of the same shipment was detected (retry)",
    origin: "spec",
  },
  SVC_GEN_001: {
    status: 422,
    meaning:
      "generate-documents: the shipment fails error rules of validation (the failing results are listed); documents are generated once they pass",
  },
  SVC_GEN_002: {
    status: 400,
    meaning: "generate-documents: validation_hash is not the hash of a passing validation of this shipment data",
  },
});
