import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { loadRestRoutes } from "../../../shared/route-catalog/all-routes.ts";
import { restRouters } from "../../../shared/route-catalog/rest-routers.ts";
import { openapiRouter } from "../../../shared/route-catalog/openapi-router.ts";
import { groupBySegment, restRouteGroups } from "../../../shared/route-catalog/rest-route-groups.ts";
import { resourceSegment } from "../../../shared/http/lazy-function-app.ts";

describe("the api function's lazily loaded route groups", () => {
  it("serve every catalogued REST route from the group of its resource segment", async () => {
    const missing: string[] = [];
    for (const route of [...(await loadRestRoutes()), ...openapiRouter]) {
      const group = restRouteGroups.find((g) => g.segments.includes(resourceSegment(route.path) ?? ""));
      if (!group || !(await group.load()).includes(route)) missing.push(`${route.method} ${route.path}`);
    }
    expect(missing).toEqual([]);
  });

  it("list for each router only segments its routes sit under, and each of them once over all groups", async () => {
    const wrong: string[] = [];
    for (const router of restRouters) {
      const served = new Set((await router.load()).map((r) => resourceSegment(r.path)));
      for (const route of await router.load()) {
        if (!router.segments.includes(resourceSegment(route.path) ?? "")) wrong.push(`${route.path} not under ${router.segments}`);
      }
      // A router names a segment it does not serve only with another router that does (accounts/account, the members).
      for (const s of router.segments) {
        const others = restRouters.filter((r) => r !== router && r.segments.includes(s));
        if (!served.has(s) && others.length === 0) wrong.push(`${s} served by no route`);
      }
    }
    expect(wrong).toEqual([]);
    const segments = restRouteGroups.flatMap((g) => g.segments);
    expect(new Set(segments).size).toBe(segments.length);
  });

  it("groups routers by the segments they serve, in the order of the list", async () => {
    const a = { segments: ["a", "b"], load: async () => [] };
    const b = { segments: ["a"], load: async () => [] };
    const c = { segments: ["c"], load: async () => [] };
    expect(groupBySegment([a, b, c]).map((g) => g.segments)).toEqual([["a"], ["b"], ["c"]]);
    expect(groupBySegment([a, c]).map((g) => g.segments)).toEqual([["a", "b"], ["c"]]);
  });

  it("import no router eagerly (a cold api function evaluates only the router it serves)", () => {
    for (const file of ["rest-routers.ts", "rest-route-groups.ts"]) {
      const source = readFileSync(new URL(`../../../shared/route-catalog/${file}`, import.meta.url), "utf8");
      const eager = [...source.matchAll(/^import (?!type )[^;]*from "([^"]+)"/gm)].map((m) => m[1]);
      expect(eager.filter((path) => path.endsWith("-router.ts") || path.endsWith("all-routes.ts"))).toEqual([]);
    }
  });

  it("reads the resource segment of a path as the function sees it", () => {
    expect(resourceSegment("/api/v1/shipments/abc/validate")).toBe("shipments");
    expect(resourceSegment("/functions/v1/api/v1/hs-codes/search")).toBe("hs-codes");
    expect(resourceSegment("/health")).toBeUndefined();
  });
});
