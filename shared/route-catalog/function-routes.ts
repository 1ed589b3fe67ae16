// Generated from shared/route-catalog/edge-functions.ts by npm run docs:generate: edit the list there.
import type { RouteDef } from "../http/route.ts";
import { createShipmentRoute, getShipmentRoute, saveDraftRoute } from "../shipments/shipment-function-router.ts";
import { validateShipmentFunctionRoute } from "../validation/validation-router.ts";
import { verifyHashRoute, verifyPageRoute } from "../verification/verify-hash-router.ts";
import { credentialPublicRouter } from "../credentials/credential-public-router.ts";
import { dispatchWebhooksRoute } from "../webhooks/dispatch-webhooks-router.ts";
import { generateDocumentsRoute, documentFieldRequirementsRoute } from "../generation/generation-router.ts";
import { runJobsRoute } from "../schedule/run-jobs-router.ts";
import { extractFilledFieldsRoute, flattenDocumentRoute } from "../pdf-round-trip/pdf-round-trip-router.ts";
import { refreshReferenceDataRoute } from "../reference/refresh/refresh-router.ts";

/** The routes of the functions other than `api` and `dashboard` (each mounts its own): for the OpenAPI document. */
export const functionRoutes: RouteDef[] = [
  createShipmentRoute,
  getShipmentRoute,
  saveDraftRoute,
  validateShipmentFunctionRoute,
  verifyHashRoute,
  verifyPageRoute,
  ...credentialPublicRouter,
  dispatchWebhooksRoute,
  generateDocumentsRoute,
  documentFieldRequirementsRoute,
  runJobsRoute,
  extractFilledFieldsRoute,
  flattenDocumentRoute,
  refreshReferenceDataRoute,
];
