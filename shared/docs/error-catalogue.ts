import { ACCOUNT_MANAGEMENT_ERRORS } from "../account-management/account-management-errors.ts";
import { CREDENTIALS_ERRORS } from "../credentials/credentials-errors.ts";
import { DOCUMENTS_ERRORS } from "../documents/documents-errors.ts";
import { EINVOICE_ERRORS } from "../einvoice/einvoice-errors.ts";
import { PLATFORM_ERRORS } from "../errors/platform-errors.ts";
import { EXTRACTION_ERRORS } from "../extraction/extraction-errors.ts";
import { GENERATION_ERRORS } from "../generation/generation-errors.ts";
import { HS_CODES_ERRORS } from "../hs-codes/hs-codes-errors.ts";
import { PARTIES_ERRORS } from "../parties/parties-errors.ts";
import { PDF_ROUND_TRIP_ERRORS } from "../pdf-round-trip/pdf-round-trip-errors.ts";
import { SHIPMENTS_ERRORS } from "../shipments/shipments-errors.ts";
import { VALIDATION_ERRORS } from "../validation/validation-errors.ts";
import { WEBHOOKS_ERRORS } from "../webhooks/webhooks-errors.ts";
import { SCREENING_REVIEW_ERRORS } from "../screening/reviews/review-errors.ts";

/**
 * Every error code the service answers with: the spec's codes plus the project's own, gathered from the
 * tables beside each feature (and the platform's generic codes). docs/errors.md is generated from it,
 * in this order.
 */
export const ERROR_CODES = {
  ...SHIPMENTS_ERRORS,
  ...PLATFORM_ERRORS,
  ...ACCOUNT_MANAGEMENT_ERRORS,
  ...VALIDATION_ERRORS,
  ...GENERATION_ERRORS,
  ...DOCUMENTS_ERRORS,
  ...EINVOICE_ERRORS,
  ...CREDENTIALS_ERRORS,
  ...PARTIES_ERRORS,
  ...HS_CODES_ERRORS,
  ...PDF_ROUND_TRIP_ERRORS,
  ...EXTRACTION_ERRORS,
  ...WEBHOOKS_ERRORS,
  ...SCREENING_REVIEW_ERRORS,
};
