import { defineErrorCodes } from "../errors/error-code.ts";

/** Error codes of party profiles. */
export const PARTIES_ERRORS = defineErrorCodes({
  SVC_PARTY_001: { status: 404, meaning: "party not found (or belongs to another account)" },
  SVC_PARTY_002: {
    status: 400,
    meaning:
      "a tax id (tax_ids.ein, eori, iec, gstin, pan) does not have its format; `field` names it and the message gives the expected format",
  },
  SVC_PARTY_003: { status: 400, meaning: "country is not an ISO 3166-1 alpha-2 code (`field` names it)" },
});
