import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { openTestPglite } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";

/** No input, however malformed, gives a 500 or changes stored data. */
describe("bad input", () => {
  let db: Db;
  let gw: TestGateway;
  let key: string;
  let keptId: string;

  beforeAll(async () => {
    db = await openTestPglite();
    gw = await createTestGateway(db, { maxJsonBodyBytes: 64 * 1024 });
    key = (await gw.createAccount("scale")).apiKey;
    keptId = (await gw.call("POST", "/api/v1/shipments", { body: { shipment_data: { keep: "me" } }, apiKey: key })).body.id;
  });
  afterAll(async () => db.close());

  const raw = (path: string, body: BodyInit | null, headers: Record<string, string> = {}, method = "POST") =>
    gw.fetch(path, { method, body, headers: { authorization: `Bearer ${key}`, apikey: gw.config.anonKey, ...headers } });

  const JSON_CT = { "content-type": "application/json" };

  it.each([
    ["malformed JSON", '{"shipment_data": {', JSON_CT, 400, "SVC_REQ_001"],
    ["empty body", "", JSON_CT, 400, "SVC_REQ_001"],
    ["invalid UTF-8", new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), JSON_CT, 400, "SVC_REQ_001"],
    ["a JSON array", "[1,2,3]", JSON_CT, 400, "SVC_REQ_002"],
    ["a NUL character in a value", '{"shipment_data": {"exporter": {"name": "A\\u0000B"}}}', JSON_CT, 400, "SVC_REQ_002"],
    ["a JSON string", '"shipment"', JSON_CT, 400, "SVC_REQ_002"],
    ["a JSON number", "42", JSON_CT, 400, "SVC_REQ_002"],
    ["JSON null", "null", JSON_CT, 400, "SVC_REQ_002"],
    ["text/plain", '{"shipment_data":{}}', { "content-type": "text/plain" }, 415, "SVC_REQ_003"],
    ["form data", "a=1", { "content-type": "application/x-www-form-urlencoded" }, 415, "SVC_REQ_003"],
    ["no content type", '{"shipment_data":{}}', {}, 415, "SVC_REQ_003"],
  ] as const)("%s → %i %s on every JSON endpoint", async (_name, body, headers, status, code) => {
    for (const path of ["/functions/v1/create-shipment", "/functions/v1/save-draft", "/api/v1/shipments", "/api/v1/api-keys"]) {
      const res = await raw(path, body as BodyInit, headers as Record<string, string>);
      expect(res.status, path).toBe(status);
      const json = await res.json();
      expect(json.error.code, path).toBe(code);
      expect(json.error.message).toBeTypeOf("string");
    }
  });

  it("answers 413 for an oversized body, declared or streamed without a length", async () => {
    const big = JSON.stringify({ shipment_data: { blob: "x".repeat(70 * 1024) } });
    const declared = await raw("/functions/v1/create-shipment", big, JSON_CT);
    expect(declared.status).toBe(413);
    expect((await declared.json()).error).toMatchObject({ code: "SVC_REQ_004", max_bytes: 64 * 1024 });
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode("x".repeat(8 * 1024)));
        controller.close();
      },
    });
    const streamed = await gw.fetch("/functions/v1/create-shipment", {
      method: "POST",
      body: stream,
      headers: { authorization: `Bearer ${key}`, apikey: gw.config.anonKey, ...JSON_CT },
      // @ts-expect-error Node's fetch needs duplex for a streamed body
      duplex: "half",
    });
    expect(streamed.status).toBe(413);
  });

  it("answers 404 for unknown routes and functions and 405 with Allow for a wrong method", async () => {
    const r = await raw("/api/v1/nothing", null, {}, "GET");
    expect(r.status).toBe(404);
    expect((await r.json()).error.code).toBe("SVC_REQ_005");
    expect((await raw("/functions/v1/no-such-function", null, {}, "GET")).status).toBe(404);
    const m = await raw("/functions/v1/create-shipment", null, {}, "GET");
    expect(m.status).toBe(405);
    expect(m.headers.get("allow")).toBe("POST");
    expect((await m.json()).error.code).toBe("SVC_REQ_006");
  });

  it("handles CORS preflight for browser clients", async () => {
    const r = await gw.fetch("/functions/v1/create-shipment", {
      method: "OPTIONS",
      headers: {
        origin: "https://app.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization,apikey,content-type",
      },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get("access-control-allow-headers")).toMatch(/apikey/);
  });

  it("never answers 500 to arbitrary JSON bodies and query strings, and a refused request changes nothing", async () => {
    const keptRow = async () => (await db.query("select shipment_data, status, updated_at from shipments where id = $1", [keptId]))[0];
    const count = async () => (await db.query<{ n: number }>("select count(*)::int as n from shipments"))[0].n;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/functions/v1/create-shipment", "/functions/v1/save-draft", "/api/v1/shipments", `/api/v1/shipments/${keptId}`),
        fc.jsonValue(),
        fc.boolean(),
        async (path, value, targetKept) => {
          const method = path.endsWith(keptId) ? "PUT" : "POST";
          const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
          const body = isObject && targetKept ? { ...value, shipment_id: keptId } : value;
          const [rowBefore, countBefore] = [await keptRow(), await count()];
          const res = await raw(path, JSON.stringify(body), JSON_CT, method);
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) {
            expect((await res.json()).error.code).toMatch(/^SVC_/);
            expect(await keptRow()).toEqual(rowBefore);
            expect(await count()).toBe(countBefore);
          }
        },
      ),
      { numRuns: 150 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (k, v) => {
        const q = `${encodeURIComponent(k)}=${encodeURIComponent(v)}`;
        expect((await raw(`/functions/v1/get-shipment?${q}`, null, {}, "GET")).status).toBeLessThan(500);
        expect((await raw(`/api/v1/shipments?${q}`, null, {}, "GET")).status).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });
});
