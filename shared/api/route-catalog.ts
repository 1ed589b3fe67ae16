import type { RouteDef } from "../http/route.ts";
import { shipmentFunctionRoutes } from "../shipments/shipment-function-router.ts";
import { validateShipmentFunctionRoute } from "../validation/validation-router.ts";
import { verifyHashRoute, verifyPageRoute } from "../verification/verify-hash-router.ts";
import { documentFieldRequirementsRoute, generateDocumentsRoute } from "../generation/generation-router.ts";
import { runJobsRoute } from "../generation/run-jobs-router.ts";
import { credentialPublicRoutes } from "../credentials/credential-router.ts";
import { extractFilledFieldsRoute, flattenDocumentRoute } from "../pdf-round-trip/pdf-round-trip-router.ts";
import { dispatchWebhooksRoute } from "../webhooks/dispatch-webhooks-router.ts";
import { refreshReferenceDataRoute } from "../reference/refresh/refresh-router.ts";

/** One REST router of a feature, imported when first needed, with the resource segments (`/api/v1/<segment>/…`) its routes sit under. */
export interface RestRouter {
  segments: readonly string[];
  load: () => Promise<RouteDef[]>;
}

/**
 * The one list of the `api` function's routers, in catalogue order (the order of the OpenAPI document
 * and of mounting: /shipments/validate before /shipments/{id}). The lazy route groups of the `api`
 * function (rest-route-groups.ts) and the catalogue below are both derived from it.
 */
export const restRouters: readonly RestRouter[] = [
  { segments: ["accounts", "account"], load: async () => (await import("../account-api/accounts-router.ts")).accountsRouter },
  { segments: ["api-keys"], load: async () => (await import("../account-api/api-keys-router.ts")).apiKeysRouter },
  { segments: ["shipments"], load: async () => (await import("../validation/validation-router.ts")).validationRestRoutes },
  { segments: ["shipments"], load: async () => (await import("../shipments/shipments-router.ts")).shipmentsRouter },
  { segments: ["reference-data"], load: async () => (await import("../reference/reference-data-router.ts")).referenceDataRouter },
  { segments: ["shipments", "documents"], load: async () => (await import("../generation/generation-router.ts")).documentRestRoutes },
  { segments: ["documents"], load: async () => (await import("../credentials/credential-api-router.ts")).credentialRestRoutes },
  { segments: ["parties"], load: async () => (await import("../parties/parties-router.ts")).partiesRouter },
  { segments: ["hs-codes"], load: async () => (await import("../hs-codes/hs-codes-router.ts")).hsCodesRouter },
  { segments: ["extract"], load: async () => (await import("../extraction/extraction-router.ts")).extractionRouter },
  { segments: ["webhooks"], load: async () => (await import("../webhooks/webhooks-router.ts")).webhooksRouter },
  { segments: ["accounts", "account"], load: async () => (await import("../account-api/members-router.ts")).membersRouter },
];

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
