import { defineErrorCodes } from "../errors/error-code.ts";

/** Error codes of the HS code lookup. */
export const HS_CODES_ERRORS = defineErrorCodes({
  SVC_HS_001: { status: 404, meaning: "HS code not found in the selected schedule" },
  SVC_HS_002: {
    status: 400,
    meaning:
      "no tariff schedule for this country: use US, GB (UK), EU or an EU member state, IN, or omit country for the WCO 6-digit reference",
  },
  SVC_HS_003: {
    status: 503,
    meaning: "the selected tariff schedule has not been imported yet (npm run reference:import)",
  },
  SVC_HS_004: {
    status: 400,
    meaning:
      "classify: attributes are not key/value pairs of text with lower-case snake-case keys (at most 40 keys of 60 characters, values of at most 300)",
  },
  SVC_HS_005: {
    status: 400,
    meaning:
      "classify: an answer names a question or option that these candidates do not have (answers belong to the same description and attributes)",
  },
});
