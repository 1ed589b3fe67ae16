import type { RouteDef } from "../http/route.ts";
import { shipmentsRouter } from "../shipments/shipments-router.ts";
import { accountsRouter } from "../account-api/accounts-router.ts";
import { apiKeysRouter } from "../account-api/api-keys-router.ts";
import { referenceDataRouter } from "../reference/reference-data-router.ts";
import { shipmentFunctionRoutes } from "../shipments/shipment-function-router.ts";
import { validateShipmentFunctionRoute, validationRestRoutes } from "../validation/validation-router.ts";
import { verifyHashRoute, verifyPageRoute } from "../verification/verify-hash-router.ts";
import { documentFieldRequirementsRoute, documentRestRoutes, generateDocumentsRoute } from "../generation/generation-router.ts";
import { runJobsRoute } from "../generation/run-jobs-router.ts";
// [imports:documents]
import { credentialRestRoutes } from "../credentials/credential-api-router.ts";
import { credentialPublicRoutes } from "../credentials/credential-router.ts";
// [imports:parties]
import { partiesRouter } from "../parties/parties-router.ts";
import { hsCodesRouter } from "../hs-codes/hs-codes-router.ts";
import { extractFilledFieldsRoute, flattenDocumentRoute } from "../pdf-round-trip/pdf-round-trip-router.ts";
// [imports:pdf]
// [imports:extraction]
import { extractionRouter } from "../extraction/extraction-router.ts";
// [imports:webhooks]
import { webhooksRouter } from "../webhooks/webhooks-router.ts";
import { dispatchWebhooksRoute } from "../webhooks/dispatch-webhooks-router.ts";
import { refreshReferenceDataRoute } from "../reference/refresh/refresh-router.ts";
// [imports:dashboard]
import { membersRouter } from "../account-api/members-router.ts";

/** Every REST route of the `api` function, one router per resource. */
export const restRoutes: RouteDef[] = [
  ...accountsRouter,
  ...apiKeysRouter,
  ...validationRestRoutes,
  ...shipmentsRouter,
  ...referenceDataRouter,
  ...documentRestRoutes,
  // [rest:documents]
  ...credentialRestRoutes,
  // [rest:parties]
  ...partiesRouter,
  ...hsCodesRouter,
  // [rest:extraction]
  ...extractionRouter,
  // [rest:webhooks]
  ...webhooksRouter,
  // [rest:dashboard]
  ...membersRouter,
];

/** Routes of the other functions (each function mounts its own); listed here for the OpenAPI document. */
export const functionRoutes: RouteDef[] = [
  ...shipmentFunctionRoutes,
  validateShipmentFunctionRoute,
  verifyHashRoute,
  verifyPageRoute,
  generateDocumentsRoute,
  documentFieldRequirementsRoute,
  runJobsRoute,
  // [functions:documents]
  ...credentialPublicRoutes,
  extractFilledFieldsRoute,
  flattenDocumentRoute,
  // [functions:pdf]
  // [functions:webhooks]
  dispatchWebhooksRoute,
  refreshReferenceDataRoute,
];

/** Every route of every function: the source of the OpenAPI document. */
export const allRoutes: RouteDef[] = [...restRoutes, ...functionRoutes];
