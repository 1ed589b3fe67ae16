// Generated from shared/route-catalog/edge-functions.ts by npm run docs:generate: edit the list there.
import { createFunctionApp } from "../../shared/http/function-app.ts";
import { runJobsRoute } from "../../shared/schedule/run-jobs-router.ts";

export const app = createFunctionApp([runJobsRoute]);

if (import.meta.main) Deno.serve(app.fetch);
