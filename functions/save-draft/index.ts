// Generated from shared/route-catalog/edge-functions.ts by npm run docs:generate: edit the list there.
import { createFunctionApp } from "../../shared/http/function-app.ts";
import { saveDraftRoute } from "../../shared/shipments/shipment-function-router.ts";

export const app = createFunctionApp([saveDraftRoute]);

if (import.meta.main) Deno.serve(app.fetch);
