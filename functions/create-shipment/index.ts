// Generated from shared/route-catalog/edge-functions.ts by npm run docs:generate: edit the list there.
import { createFunctionApp } from "../../shared/http/function-app.ts";
import { createShipmentRoute } from "../../shared/shipments/shipment-function-router.ts";

export const app = createFunctionApp([createShipmentRoute]);

if (import.meta.main) Deno.serve(app.fetch);
