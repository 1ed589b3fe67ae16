import { describe, expect, it } from "vitest";
import { loadAllRoutes } from "../../../shared/route-catalog/all-routes.ts";
import { openapiRouter } from "../../../shared/route-catalog/openapi-router.ts";
import { ErrorEnvelope } from "../../../shared/http/common-responses.ts";

const routes = [...(await loadAllRoutes()), ...openapiRouter];
const name = (r: (typeof routes)[number]) => `${r.method.toUpperCase()} ${r.path}`;

/** The error answers whose shape the spec gives instead of the envelope (CONTRACT.md, Errors). */
const SPEC_SHAPED_ERRORS = new Set(["GET /functions/v1/verify-hash 404"]);

const envelope = ErrorEnvelope.parse({ error: { code: "SVC_REQ_002", message: "bad", field: "shipment_data.goods" } });

const statuses = (r: (typeof routes)[number]) => Object.keys(r.responses).map(Number);

describe("every route declares what it can answer", () => {
  it("covers the whole catalogue", () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it("a success status with a schema (JSON) or a media type (PDF, page), or 204 without a body", () => {
    const without = routes.filter((r) =>
      statuses(r)
        .filter((s) => s >= 200 && s < 300)
        .every((s) => s !== 204 && !r.responses[s].schema && !r.responses[s].contentType),
    );
    expect(without.map(name)).toEqual([]);
  });

  it("a schema or a media type for every status but 204", () => {
    const bare = routes.flatMap((r) =>
      statuses(r)
        .filter((s) => s !== 204 && !r.responses[s].schema && !r.responses[s].contentType)
        .map((s) => `${name(r)} ${s}`),
    );
    expect(bare).toEqual([]);
  });

  it("the one error envelope for every JSON error status, except the shapes the spec gives", () => {
    const refusing = routes.flatMap((r) =>
      statuses(r)
        .filter((s) => s >= 400 && r.responses[s].schema && !r.responses[s].contentType)
        .filter((s) => !r.responses[s].schema!.safeParse(envelope).success)
        .map((s) => `${name(r)} ${s}`),
    );
    expect(refusing).toEqual([...SPEC_SHAPED_ERRORS]);
  });

  it("the errors of the route layer: 400 on bad input, 401 when authenticated, 413 and 415 with a JSON body, 429 unless admin, 500", () => {
    const missing = routes.flatMap((r) => {
      const need = [500];
      if (r.auth !== "public") need.push(401);
      if (r.body) need.push(400, 413, 415);
      if (r.auth !== "service-role") need.push(429);
      if ((r.params || r.query) && !r.errorPage) need.push(400);
      return [...new Set(need)].filter((s) => !r.responses[s]?.schema?.safeParse(envelope).success).map((s) => `${name(r)} ${s}`);
    });
    expect(missing).toEqual([]);
  });
});
