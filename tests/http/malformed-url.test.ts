import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { openTestPglite } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";
import { loadAllRoutes } from "../../shared/route-catalog/all-routes.ts";
import type { RouteDef } from "../../shared/http/route.ts";

const allRoutes = await loadAllRoutes();

/**
 * Every route of the catalog, plus the public page /verify/<hash>, with malformed percent-escapes in a
 * path parameter, a query value or a query name: a 400 or 404 with the error envelope (the HTML page: a
 * plain 404 page), never a 500.
 */
describe("malformed percent-escapes in the URL", () => {
  let db: Db;
  let gw: TestGateway;
  let key: string;

  beforeAll(async () => {
    db = await openTestPglite();
    gw = await createTestGateway(db);
    key = (await gw.createAccount("scale")).apiKey;
  });
  afterAll(async () => db.close());

  const credentials = (route: RouteDef): Record<string, string> => {
    switch (route.auth) {
      case "service-role":
        return { authorization: `Bearer ${gw.config.serviceRoleKey}`, apikey: gw.config.anonKey };
      case "function":
        return { authorization: `Bearer ${key}`, apikey: gw.config.anonKey };
      case "api-key":
        return { authorization: `Bearer ${key}` };
      default:
        return {};
    }
  };

  /** Escapes decodeURIComponent refuses: a lone "%", non-hex digits, cut or invalid UTF-8 sequences. */
  const malformedEscape = fc.constantFrom(
    "%",
    "%Z",
    "%zz",
    "%G1",
    "%4",
    "%E0%A4%A",
    "%C3",
    "%80",
    "%FF",
    "%ED%A0%80",
    "%F4%90%80%80",
    "%C0%AF",
    "%%41",
  );
  const safeText = fc.stringMatching(/^[A-Za-z0-9._~-]{0,8}$/);
  // "~" after the escape keeps text that follows from completing it ("%E0%A4%A" + "0" would be valid).
  const badValue = fc.tuple(safeText, malformedEscape, safeText).map(([a, bad, b]) => `${a}${bad}~${b}`);
  const where = fc.constantFrom("path", "query value", "query name");

  const routes = [...allRoutes.map((r) => ({ route: r, path: r.path })), { route: null, path: "/verify/{hash}" }];

  function urlFor(path: string, place: string, bad: string): string {
    const hasParam = /\{\w+\}/.test(path);
    const withParams = path.replace(/\{\w+\}/g, (m) =>
      place === "path" && hasParam ? bad : m === "{hash}" ? "sha256-abc" : "00000000-0000-4000-8000-000000000000",
    );
    if (place === "path" && hasParam) return withParams;
    return place === "query name" ? `${withParams}?${bad}=1` : `${withParams}?hash=${bad}&id=${bad}&q=${bad}`;
  }

  it("answers 400 or 404 with the envelope on every route (a plain 404 page for the verification page)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), where, badValue, async ({ route, path }, place, bad) => {
        const url = urlFor(path, place, bad);
        const method = route ? route.method.toUpperCase() : "GET";
        const hasBody = method !== "GET" && method !== "DELETE";
        const res = await gw.fetch(url, {
          method,
          headers: { ...(route ? credentials(route) : {}), ...(hasBody ? { "content-type": "application/json" } : {}) },
          body: hasBody ? "{}" : undefined,
        });
        const text = await res.text();
        const page = route === null || route.operationId === "verifyPage";
        if (page) {
          expect(res.status, `${method} ${url}`).toBe(404);
          expect(res.headers.get("content-type"), url).toMatch(/^text\/html/);
          expect(text).toContain("<!doctype html>");
          return;
        }
        expect([400, 404], `${method} ${url}: ${text}`).toContain(res.status);
        const body = JSON.parse(text);
        expect(body.error.code, url).toMatch(/^SVC_/);
        expect(body.error.message, url).toBeTypeOf("string");
      }),
      { numRuns: 300 },
    );
  });

  it("names the parameter and gives SVC_REQ_002; well-formed escapes still decode once", async () => {
    const r = await gw.call("GET", "/api/v1/hs-codes/search?q=%E0%A4%A", { apiKey: key });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "SVC_REQ_002", field: "q" });
    const p = await gw.call("GET", "/api/v1/shipments/%zz", { apiKey: key });
    expect(p.body.error).toMatchObject({ code: "SVC_REQ_002", field: "id" });
    // "%2525" is the text "%25": decoded once, it is not a hash (and not decoded a second time into "%").
    const page = await gw.fetch("/verify/sha256%3A%2525");
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("sha256:%25");
    expect((await gw.fetch("/verify/%")).status).toBe(404);
  });
});
