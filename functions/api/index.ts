// Generated from shared/route-catalog/edge-functions.ts by npm run docs:generate: edit the list there.
// The REST API (/api/v1/…): one router per resource, from the feature folders as listed in
// shared/route-catalog/rest-routers.ts, each imported on the first request for its resource (a cold start
// pays only for the router it serves).
import { createLazyFunctionApp } from "../../shared/http/lazy-function-app.ts";
import { restRouteGroups } from "../../shared/route-catalog/rest-route-groups.ts";

export const app = createLazyFunctionApp(restRouteGroups);

if (import.meta.main) Deno.serve(app.fetch);
