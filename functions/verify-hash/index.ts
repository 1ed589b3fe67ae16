import { createFunctionApp } from "../../shared/http/function-app.ts";
import { verifyHashRoute } from "../../shared/verification/verify-hash-route.ts";

export const app = createFunctionApp([verifyHashRoute]);

if (import.meta.main) Deno.serve(app.fetch);
