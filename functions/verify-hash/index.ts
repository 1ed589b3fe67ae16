import { createFunctionApp } from "../../shared/http/function-app.ts";
import { verifyHashRoute, verifyPageRoute } from "../../shared/verification/verify-hash-route.ts";
import { credentialPublicRoutes } from "../../shared/credentials/credential-routes.ts";

export const app = createFunctionApp([verifyHashRoute, verifyPageRoute, ...credentialPublicRoutes]);

if (import.meta.main) Deno.serve(app.fetch);
