import type { RouteDef } from "../http/route.ts";
import { shipmentsRouter } from "./shipments-router.ts";
import { accountsRouter } from "./accounts-router.ts";
import { apiKeysRouter } from "./api-keys-router.ts";
import { referenceDataRouter } from "./reference-data-router.ts";
import { shipmentFunctionRoutes } from "../shipments/shipment-function-routes.ts";
import { validateShipmentFunctionRoute, validationRestRoutes } from "../validation/validation-routes.ts";
import { verifyHashRoute } from "../verification/verify-hash-route.ts";

/** Every REST route of the `api` function, one router per resource. */
export const restRoutes: RouteDef[] = [...accountsRouter, ...apiKeysRouter, ...validationRestRoutes, ...shipmentsRouter, ...referenceDataRouter];

/** Every route of every function: the source of the OpenAPI document. */
export const allRoutes: RouteDef[] = [...restRoutes, ...shipmentFunctionRoutes, validateShipmentFunctionRoute, verifyHashRoute];
