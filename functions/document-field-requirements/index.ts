// Generated from shared/route-catalog/edge-functions.ts by npm run docs:generate: edit the list there.
import { createFunctionApp } from "../../shared/http/function-app.ts";
import { documentFieldRequirementsRoute } from "../../shared/generation/generation-router.ts";

export const app = createFunctionApp([documentFieldRequirementsRoute]);

if (import.meta.main) Deno.serve(app.fetch);
