import type { Hono } from "hono";
import { getPath } from "hono/utils/url";
import type { AppEnv } from "./app-env.ts";
import { createFunctionApp } from "./function-app.ts";
import type { RouteDef } from "./route.ts";

/** Routes loaded together on the first request to one of their path segments (`/api/v1/<segment>/…`). */
export interface LazyRouteGroup {
  segments: readonly string[];
  load: () => Promise<RouteDef[]>;
}

/** The resource segment of a REST path: "shipments" for /api/v1/shipments/{id}/validate. */
export function resourceSegment(path: string): string | undefined {
  const at = path.indexOf("/api/v1/");
  return at < 0 ? undefined : path.slice(at + "/api/v1/".length).split("/")[0];
}

/**
 * An edge function whose routers are imported on the first request that needs them. Evaluating every
 * router's schemas and services at start cost the `api` function ~1 s of CPU before its first answer
 * (Supabase allows 2 s per request); a cold worker now pays only for the resource it is asked about.
 * Each group becomes an ordinary function app, so the routes behave exactly as when mounted eagerly.
 */
export function createLazyFunctionApp(groups: readonly LazyRouteGroup[]): { fetch: (req: Request, env?: unknown) => Promise<Response> } {
  const fallback = createFunctionApp([]); // unknown paths: the 404 envelope, with request id and CORS
  const bySegment = new Map(groups.flatMap((g) => g.segments.map((s) => [s, g] as const)));
  const apps = new Map<LazyRouteGroup, Promise<Hono<AppEnv>>>();
  const appFor = (group: LazyRouteGroup): Promise<Hono<AppEnv>> => {
    let app = apps.get(group);
    if (!app) {
      app = group.load().then((routes) => createFunctionApp(routes));
      app.catch(() => apps.delete(group)); // a failed import is retried by the next request
      apps.set(group, app);
    }
    return app;
  };
  // A plain dispatch, not a Hono app of its own: one routing pass less per request.
  return {
    fetch: async (req, env) => {
      const segment = resourceSegment(getPath(req));
      const group = segment === undefined ? undefined : bySegment.get(segment);
      if (!group) return fallback.fetch(req, env);
      let app: Hono<AppEnv>;
      try {
        app = await appFor(group);
      } catch (e) {
        // What Hono's default error handler answered when this was a Hono app of its own.
        console.error(e);
        return new Response("Internal Server Error", { status: 500 });
      }
      return app.fetch(req, env);
    },
  };
}
