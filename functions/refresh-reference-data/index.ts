// Generated from shared/route-catalog/edge-functions.ts by npm run docs:generate: edit the list there.
import { createFunctionApp } from "../../shared/http/function-app.ts";
import { refreshReferenceDataRoute } from "../../shared/reference/refresh/refresh-router.ts";

export const app = createFunctionApp([refreshReferenceDataRoute]);

if (import.meta.main) Deno.serve(app.fetch);
