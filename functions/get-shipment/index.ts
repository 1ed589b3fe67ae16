// Generated from shared/route-catalog/edge-functions.ts by npm run docs:generate: edit the list there.
import { createFunctionApp } from "../../shared/http/function-app.ts";
import { getShipmentRoute } from "../../shared/shipments/shipment-function-router.ts";

export const app = createFunctionApp([getShipmentRoute]);

if (import.meta.main) Deno.serve(app.fetch);
