// Generated from shared/route-catalog/edge-functions.ts by npm run docs:generate: edit the list there.
import { createFunctionApp } from "../../shared/http/function-app.ts";
import { verifyHashRoute, verifyPageRoute } from "../../shared/verification/verify-hash-router.ts";
import { credentialPublicRouter } from "../../shared/credentials/credential-public-router.ts";

export const app = createFunctionApp([verifyHashRoute, verifyPageRoute, ...credentialPublicRouter]);

if (import.meta.main) Deno.serve(app.fetch);
