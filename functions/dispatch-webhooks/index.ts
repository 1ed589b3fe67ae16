// Generated from shared/route-catalog/edge-functions.ts by npm run docs:generate: edit the list there.
import { createFunctionApp } from "../../shared/http/function-app.ts";
import { dispatchWebhooksRoute } from "../../shared/webhooks/dispatch-webhooks-router.ts";

export const app = createFunctionApp([dispatchWebhooksRoute]);

if (import.meta.main) Deno.serve(app.fetch);
