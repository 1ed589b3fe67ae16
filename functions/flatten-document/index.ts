// Generated from shared/route-catalog/edge-functions.ts by npm run docs:generate: edit the list there.
import { createFunctionApp } from "../../shared/http/function-app.ts";
import { flattenDocumentRoute } from "../../shared/pdf-round-trip/pdf-round-trip-router.ts";

export const app = createFunctionApp([flattenDocumentRoute]);

if (import.meta.main) Deno.serve(app.fetch);
