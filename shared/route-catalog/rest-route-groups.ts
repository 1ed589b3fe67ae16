import type { LazyRouteGroup } from "../http/lazy-function-app.ts";
import { type RestRouter, restRouters } from "./rest-routers.ts";

/**
 * The routers of `routers` grouped by resource segment: one group per set of routers that serve the
 * same segments, loaded together on the first request for one of them (see lazy-function-app.ts), its
 * routers in the order of the list.
 */
export function groupBySegment(routers: readonly RestRouter[]): LazyRouteGroup[] {
  const servedBy = new Map<string, RestRouter[]>();
  for (const router of routers) {
    for (const segment of router.segments) servedBy.set(segment, [...(servedBy.get(segment) ?? []), router]);
  }
  const groups = new Map<string, { segments: string[]; routers: RestRouter[] }>();
  for (const [segment, serving] of servedBy) {
    const key = serving.map((r) => routers.indexOf(r)).join(",");
    const group = groups.get(key) ?? { segments: [], routers: serving };
    group.segments.push(segment);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ segments, routers: serving }) => ({
    segments,
    load: async () => (await Promise.all(serving.map((r) => r.load()))).flat(),
  }));
}

/** The `api` function's routers by resource segment, derived from the one list (rest-routers.ts), and its OpenAPI document. */
export const restRouteGroups: LazyRouteGroup[] = [
  ...groupBySegment(restRouters),
  { segments: ["openapi.json"], load: async () => (await import("./openapi-router.ts")).openapiRouter },
];
