import type { RouteDef } from "../http/route.ts";
import { restRouters } from "./rest-routers.ts";
import { shipmentFunctionRoutes } from "../shipments/shipment-function-router.ts";
import { validateShipmentFunctionRoute } from "../validation/validation-router.ts";
import { verifyHashRoute, verifyPageRoute } from "../verification/verify-hash-router.ts";
import { documentFieldRequirementsRoute, generateDocumentsRoute } from "../generation/generation-router.ts";
import { runJobsRoute } from "../schedule/run-jobs-router.ts";
import { credentialPublicRoutes } from "../credentials/credential-router.ts";
import { extractFilledFieldsRoute, flattenDocumentRoute } from "../pdf-round-trip/pdf-round-trip-router.ts";
import { dispatchWebhooksRoute } from "../webhooks/dispatch-webhooks-router.ts";
import { refreshReferenceDataRoute } from "../reference/refresh/refresh-router.ts";

/** Every REST route of the `api` function: each router of `restRouters`, loaded, in its order. */
export async function loadRestRoutes(): Promise<RouteDef[]> {
  return (await Promise.all(restRouters.map((r) => r.load()))).flat();
}

/** Routes of the other functions (each function mounts its own); listed here for the OpenAPI document. */
export const functionRoutes: RouteDef[] = [
  ...shipmentFunctionRoutes,
  validateShipmentFunctionRoute,
  verifyHashRoute,
  verifyPageRoute,
  generateDocumentsRoute,
  documentFieldRequirementsRoute,
  runJobsRoute,
  ...credentialPublicRoutes,
  extractFilledFieldsRoute,
  flattenDocumentRoute,
  dispatchWebhooksRoute,
  refreshReferenceDataRoute,
];

/** Every route of every function: the source of the OpenAPI document. */
export async function loadAllRoutes(): Promise<RouteDef[]> {
  return [...(await loadRestRoutes()), ...functionRoutes];
}
