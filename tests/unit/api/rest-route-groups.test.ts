import { describe, expect, it } from "vitest";
import { restRoutes } from "../../../shared/api/route-catalog.ts";
import { openapiRouter } from "../../../shared/api/openapi-router.ts";
import { restRouteGroups } from "../../../shared/api/rest-route-groups.ts";
import { resourceSegment } from "../../../shared/http/lazy-function-app.ts";

describe("the api function's lazily loaded route groups", () => {
  const catalogue = [...restRoutes, ...openapiRouter];

  it("serve every catalogued REST route from the group of its resource segment", async () => {
    const missing: string[] = [];
    for (const route of catalogue) {
      const group = restRouteGroups.find((g) => g.segments.includes(resourceSegment(route.path) ?? ""));
      if (!group || !(await group.load()).includes(route)) missing.push(`${route.method} ${route.path}`);
    }
    expect(missing).toEqual([]);
  });

  it("name only segments the catalogue has, each once", () => {
    const segments = restRouteGroups.flatMap((g) => g.segments);
    expect(new Set(segments).size).toBe(segments.length);
    const catalogued = new Set(catalogue.map((r) => resourceSegment(r.path)));
    expect(segments.filter((s) => !catalogued.has(s))).toEqual([]);
  });

  it("reads the resource segment of a path as the function sees it", () => {
    expect(resourceSegment("/api/v1/shipments/abc/validate")).toBe("shipments");
    expect(resourceSegment("/functions/v1/api/v1/hs-codes/search")).toBe("hs-codes");
    expect(resourceSegment("/health")).toBeUndefined();
  });
});
