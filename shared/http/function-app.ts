import { Hono } from "hono";
import { cors } from "hono/cors";
import { withRequestId } from "./request-id.ts";
import type { AppEnv } from "./app-env.ts";
import { handleError, handleNotFound } from "./handle-error.ts";
import { mountRoutes, type RouteDef } from "./route.ts";
import { requestServices } from "./request-services.ts";
import { refuseNulInUrl } from "./url-input.ts";

export const FUNCTIONS_PREFIX = "/functions/v1";

/** Shared middleware of every edge function: request id, CORS (browser clients of supabase-js), services. */
export function createBaseApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use("*", withRequestId());
  app.use(
    "*",
    cors({
      origin: "*",
      allowHeaders: ["authorization", "x-client-info", "apikey", "content-type", "x-request-id"],
      allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
      exposeHeaders: ["x-request-id", "retry-after", "ratelimit", "ratelimit-policy"],
    }),
  );
  app.use("*", async (c, next) => {
    refuseNulInUrl(c.req.url);
    c.set("services", await requestServices());
    await next();
  });
  app.onError(handleError);
  app.notFound(handleNotFound);
  return app;
}

/**
 * An edge function: on Supabase the request path starts with /<function-name>, so routes are mounted
 * without /functions/v1 (the local gateway strips it the same way the Supabase gateway does).
 */
export function createFunctionApp(routes: RouteDef[]): Hono<AppEnv> {
  const app = createBaseApp();
  mountRoutes(app, routes, FUNCTIONS_PREFIX);
  return app;
}
