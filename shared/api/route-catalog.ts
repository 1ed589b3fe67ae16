import type { RouteDef } from "../http/route.ts";
import { shipmentsRouter } from "./shipments-router.ts";
import { accountsRouter } from "./accounts-router.ts";
import { apiKeysRouter } from "./api-keys-router.ts";
import { referenceDataRouter } from "./reference-data-router.ts";
import { shipmentFunctionRoutes } from "../shipments/shipment-function-routes.ts";
import { validateShipmentFunctionRoute, validationRestRoutes } from "../validation/validation-routes.ts";
import { verifyHashRoute } from "../verification/verify-hash-route.ts";
// [imports:documents]
// [imports:parties]
// [imports:pdf]
// [imports:extraction]
// [imports:webhooks]

/** Every REST route of the `api` function, one router per resource. */
export const restRoutes: RouteDef[] = [
  ...accountsRouter,
  ...apiKeysRouter,
  ...validationRestRoutes,
  ...shipmentsRouter,
  ...referenceDataRouter,
  // [rest:documents]
  // [rest:parties]
  // [rest:extraction]
  // [rest:webhooks]
];

/** Routes of the other functions (each function mounts its own); listed here for the OpenAPI document. */
export const functionRoutes: RouteDef[] = [
  ...shipmentFunctionRoutes,
  validateShipmentFunctionRoute,
  verifyHashRoute,
  // [functions:documents]
  // [functions:pdf]
  // [functions:webhooks]
];

/** Every route of every function: the source of the OpenAPI document. */
export const allRoutes: RouteDef[] = [...restRoutes, ...functionRoutes];
