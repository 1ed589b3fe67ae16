// Generated from shared/route-catalog/edge-functions.ts by npm run docs:generate: edit the list there.
import { createFunctionApp } from "../../shared/http/function-app.ts";
import { validateShipmentFunctionRoute } from "../../shared/validation/validation-router.ts";

export const app = createFunctionApp([validateShipmentFunctionRoute]);

if (import.meta.main) Deno.serve(app.fetch);
