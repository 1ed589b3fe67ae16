import { createFunctionApp } from "../../shared/http/function-app.ts";
import { verifyHashRoute, verifyPageRoute } from "../../shared/verification/verify-hash-route.ts";

export const app = createFunctionApp([verifyHashRoute, verifyPageRoute]);

if (import.meta.main) Deno.serve(app.fetch);
