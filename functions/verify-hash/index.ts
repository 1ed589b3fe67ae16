import { createFunctionApp } from "../../shared/http/function-app.ts";
import { verifyHashRoute, verifyPageRoute } from "../../shared/verification/verify-hash-router.ts";
import { credentialPublicRoutes } from "../../shared/credentials/credential-router.ts";

export const app = createFunctionApp([verifyHashRoute, verifyPageRoute, ...credentialPublicRoutes]);

if (import.meta.main) Deno.serve(app.fetch);
