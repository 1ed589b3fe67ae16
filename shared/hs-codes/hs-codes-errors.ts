import { defineErrorCodes } from "../errors/error-code.ts";

/** Error codes of the HS code lookup. */
export const HS_CODES_ERRORS = defineErrorCodes({
  SVC_HS_001: { status: 404, meaning: "HS code not found in the selected schedule", origin: "project" },
  SVC_HS_002: {
    status: 400,
    meaning:
      "no tariff schedule for this country: use US, GB (UK), EU or an EU member state, IN, or omit country for the WCO 6-digit reference",
    origin: "project",
  },
  SVC_HS_003: {
    status: 503,
    meaning: "the selected tariff schedule has not been imported yet (npm run reference:import)",
    origin: "project",
  },
});
