import type { RouteDef } from "../http/route.ts";
import { restRouters } from "./rest-routers.ts";
import { functionRoutes } from "./function-routes.ts";

/** Every REST route of the `api` function: each router of `restRouters`, loaded, in its order. */
export async function loadRestRoutes(): Promise<RouteDef[]> {
  return (await Promise.all(restRouters.map((r) => r.load()))).flat();
}

/** Every route of every function: the source of the OpenAPI document. */
export async function loadAllRoutes(): Promise<RouteDef[]> {
  return [...(await loadRestRoutes()), ...functionRoutes];
}
