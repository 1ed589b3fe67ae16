import { defineErrorCodes } from "../../errors/error-code.ts";

/** Error codes of screening reviews (POST /api/v1/screening/reviews and the dashboard page). */
export const SCREENING_REVIEW_ERRORS = defineErrorCodes({
  SVC_SCREEN_001: {
    status: 409,
    meaning:
      "the party name does not match that list entry in today's screening (nothing to review); `matches` lists the entries it does match",
  },
  SVC_SCREEN_002: {
    status: 409,
    meaning:
      "entry_hash is not the entry's current content hash: the entry changed since the finding was read; `current_entry_hash` gives it",
  },
  SVC_SCREEN_003: {
    status: 503,
    meaning: "the sanctions lists are not loaded, so no match can be reviewed; load them and try again",
  },
});
