// The REST API (/api/v1/…): one router per resource, all from shared/api.
import { createFunctionApp } from "../../shared/http/function-app.ts";
import { restRoutes } from "../../shared/api/route-catalog.ts";
import { openapiRouter } from "../../shared/api/openapi-router.ts";

export const app = createFunctionApp([...restRoutes, ...openapiRouter]);

if (import.meta.main) Deno.serve(app.fetch);
