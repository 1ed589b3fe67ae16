import { describe, expect, it } from "vitest";
import { z } from "zod";
import { responseMismatch, type SeenResponse } from "../../../shared/http/response-check.ts";
import { ERROR_CODES } from "../../../shared/docs/error-catalogue.ts";
import { err } from "../../../shared/http/common-responses.ts";

const route = {
  method: "get" as const,
  path: "/api/v1/parties/{id}",
  responses: {
    200: { description: "A party", schema: z.object({ id: z.string(), name: z.string() }) },
    204: { description: "Deleted" },
    404: err("Not found (SVC_PARTY_001)"),
    406: { description: "A page", contentType: "text/html" },
  },
};
/** The check with the catalogue of every feature's codes, as the test gateway runs it. */
const mismatch = (r: Parameters<typeof responseMismatch>[0], res: SeenResponse) => responseMismatch(r, res, ERROR_CODES);
const json = (status: number, body: unknown) => ({ status, contentType: "application/json; charset=UTF-8", text: JSON.stringify(body) });

describe("responseMismatch", () => {
  it("accepts a body its status's schema accepts, an envelope with a known code, an empty 204 and a declared page", () => {
    expect(mismatch(route, json(200, { id: "p1", name: "Acme" }))).toBeUndefined();
    expect(mismatch(route, json(404, { error: { code: "SVC_PARTY_001", message: "Not found" } }))).toBeUndefined();
    expect(mismatch(route, { status: 204, contentType: "", text: "" })).toBeUndefined();
    expect(mismatch(route, { status: 406, contentType: "text/html; charset=UTF-8", text: "" })).toBeUndefined();
  });

  it("names a body that does not match, with the field", () => {
    expect(mismatch(route, json(200, { id: "p1" }))).toMatch(/GET \/api\/v1\/parties\/\{id\} answered 200 .*does not match[\s\S]*name/);
    expect(mismatch(route, json(404, { message: "Not found" }))).toMatch(/answered 404 .*does not match[\s\S]*error/);
  });

  it("names fields the schema does not declare (a z.object drops them when parsing), also inside arrays", () => {
    expect(mismatch(route, json(200, { id: "p1", name: "Acme", account_id: "a1" }))).toMatch(/does not declare: account_id$/);
    const list = {
      ...route,
      responses: { 200: { description: "Parties", schema: z.object({ parties: z.array(z.object({ id: z.string() })) }) } },
    };
    expect(mismatch(list, json(200, { parties: [{ id: "p1" }, { id: "p2", secret: "s" }] }))).toMatch(
      /does not declare: parties\[1\]\.secret$/,
    );
    // The envelope's error object is loose: details beside code and message are declared by it.
    expect(mismatch(route, json(404, { error: { code: "SVC_PARTY_001", message: "x", party_id: "p1" } }))).toBeUndefined();
  });

  it("names an undeclared status, another media type, a body where none is declared and an unknown error code", () => {
    expect(mismatch(route, json(409, { error: { code: "SVC_SHIP_006", message: "x" } }))).toMatch(/409, a status it does not declare/);
    expect(mismatch(route, { status: 200, contentType: "text/plain", text: "ok" })).toMatch(/with text\/plain, declared application\/json/);
    expect(mismatch(route, { status: 406, contentType: "application/json", text: "{}" })).toMatch(/declared text\/html/);
    expect(mismatch(route, { status: 204, contentType: "", text: "x" })).toMatch(/declared without one/);
    expect(mismatch(route, json(404, { error: { code: "SVC_NOPE_001", message: "x" } }))).toMatch(/unknown error code SVC_NOPE_001/);
    expect(mismatch(route, { status: 200, contentType: "application/json", text: "{" })).toMatch(/not JSON/);
  });
});
