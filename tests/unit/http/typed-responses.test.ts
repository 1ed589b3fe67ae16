import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineRoute, type Responses } from "../../../shared/http/route.ts";
import { err } from "../../../shared/http/common-responses.ts";

// `npm run typecheck` compiles this file: each @ts-expect-error below must meet an error, so a handler
// that could return a body its schema refuses, or a status its route does not declare, fails the check.
const Party = z.object({ id: z.string(), name: z.string() });
const base = {
  method: "get" as const,
  path: "/api/v1/example",
  operationId: "example",
  summary: "type-level examples",
  tags: ["Test"],
  auth: "api-key" as const,
  responses: { 200: { description: "A party", schema: Party }, 404: err("Not found") },
};

const routes = {
  matching: defineRoute({ ...base, handler: (c) => c.json({ id: "p1", name: "Acme" }, 200) }),
  errorEnvelope: defineRoute({ ...base, handler: (c) => c.json({ error: { code: "SVC_PARTY_001", message: "Not found" } }, 404) }),
  // @ts-expect-error name is missing: the body does not match the 200 schema
  missingField: defineRoute({ ...base, handler: (c) => c.json({ id: "p1" }, 200) }),
  // @ts-expect-error id is a number where the schema says string
  wrongType: defineRoute({ ...base, handler: (c) => c.json({ id: 1, name: "Acme" }, 200) }),
  // @ts-expect-error 201 is not declared
  undeclaredStatus: defineRoute({ ...base, handler: (c) => c.json({ id: "p1", name: "Acme" }, 201) }),
  // @ts-expect-error a status must be named: c.json(body) could be any status
  unnamedStatus: defineRoute({ ...base, handler: (c) => c.json({ id: "p1", name: "Acme" }) }),
  // @ts-expect-error the 404 body is the error envelope, not a party
  bodyOfAnotherStatus: defineRoute({ ...base, handler: (c) => c.json({ id: "p1", name: "Acme" }, 404) }),
  // @ts-expect-error a JSON route does not return an untyped Response
  untypedResponse: defineRoute({ ...base, handler: () => new Response("{}") }),
  // @ts-expect-error statuses typed as Record<number, …> would leave the handler unchecked
  unknownStatuses: defineRoute({ ...base, responses: base.responses as Responses, handler: (c) => c.json({}, 200) }),
};

describe("typed responses", () => {
  it("are checked by the compiler (the expectations above); the routes still build", () => {
    expect(Object.values(routes).every((r) => r.responses[200].schema === Party)).toBe(true);
    // defineRoute adds what the route layer answers itself: here 400, 401, 429, 500 and 503.
    expect(Object.keys(routes.matching.responses)).toEqual(["200", "400", "401", "404", "429", "500", "503"]);
  });
});
