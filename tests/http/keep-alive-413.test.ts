import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import { openTestPglite } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";
import { createGateway, loadFunctionApps } from "../../shared/server/gateway.ts";
import { listen, type RunningServer } from "../../shared/server/listen.ts";

const LIMIT = 64 * 1024;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request through `agent`. `chunks` are written one by one; without `contentLength` the body goes
 * out chunked (a streamed upload whose size the server learns only while reading).
 */
function send(
  agent: http.Agent,
  port: number,
  path: string,
  chunks: Buffer[],
  headers: Record<string, string>,
  declareLength: boolean,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const length = chunks.reduce((n, c) => n + c.length, 0);
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        agent,
        headers: { ...headers, ...(declareLength ? { "content-length": String(length) } : {}) },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    // The server may answer and close before the whole body is written; the answer is what counts.
    req.on("error", reject);
    (async () => {
      for (const chunk of chunks) {
        if (req.destroyed) return;
        if (!req.write(chunk)) await new Promise((r) => req.once("drain", r));
      }
      req.end();
    })().catch(() => {});
  });
}

function multipart(boundary: string, fileBytes: number): Buffer[] {
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.pdf"\r\ncontent-type: application/pdf\r\n\r\n%PDF-1.7\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return [head, ...Array.from({ length: Math.ceil(fileBytes / 16384) }, () => Buffer.alloc(16384, 0x20)), tail];
}

/** Two requests on one keep-alive connection: an oversized body (413), then a small request that must work. */
describe("an early 413 leaves the client a usable connection", () => {
  let db: Db;
  let gw: TestGateway;
  let key: string;
  let server: RunningServer;

  beforeAll(async () => {
    db = await openTestPglite();
    gw = await createTestGateway(db, { maxJsonBodyBytes: LIMIT, maxUploadBytes: LIMIT });
    key = (await gw.createAccount("scale")).apiKey;
    server = await listen(createGateway(await loadFunctionApps()).fetch, "127.0.0.1", 0);
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  const json = { "content-type": "application/json" };
  const bigJson = () => [
    Buffer.from('{"shipment_data":{"x":"'),
    ...Array.from({ length: 16 }, () => Buffer.alloc(16384, 0x61)),
    Buffer.from('"}}'),
  ];
  const boundary = "----tds-boundary-7MA4YWxk";
  const form = { "content-type": `multipart/form-data; boundary=${boundary}` };

  it.each([
    ["JSON, length declared", "/api/v1/shipments", bigJson, json, true, "SVC_REQ_004"],
    ["JSON, streamed (chunked)", "/api/v1/shipments", bigJson, json, false, "SVC_REQ_004"],
    ["function JSON, streamed", "/functions/v1/create-shipment", bigJson, json, false, "SVC_REQ_004"],
    ["extraction upload, length declared", "/api/v1/extract", () => multipart(boundary, 4 * LIMIT), form, true, "SVC_EXTRACT_005"],
    ["extraction upload, streamed", "/api/v1/extract", () => multipart(boundary, 4 * LIMIT), form, false, "SVC_EXTRACT_005"],
    [
      "filled-form upload, streamed",
      "/functions/v1/extract-filled-fields",
      () => multipart(boundary, 4 * LIMIT),
      form,
      false,
      "SVC_REQ_004",
    ],
  ] as const)("%s", async (_name, path, body, contentType, declareLength, code) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const auth = { authorization: `Bearer ${key}`, apikey: gw.config.anonKey };
      const first = await send(agent, server.port, path, body(), { ...auth, ...contentType }, declareLength);
      expect(first.status).toBe(413);
      expect(JSON.parse(first.body).error.code).toBe(code);
      // The next request through the same agent works (a dead, reused socket fails with "socket hang up")…
      const second = await send(
        agent,
        server.port,
        "/api/v1/shipments",
        [Buffer.from('{"shipment_data":{"small":true}}')],
        { ...auth, ...json },
        true,
      );
      expect(second.status).toBe(201);
      // …because the body was refused unread and the answer did not promise a reusable connection.
      expect(first.headers.connection).toBe("close");
    } finally {
      agent.destroy();
    }
  });

  it("Node's fetch: a 413 and then a small POST (the reported sequence)", async () => {
    const base = `http://127.0.0.1:${server.port}`;
    const headers = { authorization: `Bearer ${key}`, ...json };
    const stream = new ReadableStream({
      start(controller) {
        for (const chunk of bigJson()) controller.enqueue(new Uint8Array(chunk));
        controller.close();
      },
    });
    // @ts-expect-error Node's fetch needs duplex for a streamed body
    const first = await fetch(`${base}/api/v1/shipments`, { method: "POST", headers, body: stream, duplex: "half" });
    expect(first.status).toBe(413);
    await first.text();
    const second = await fetch(`${base}/api/v1/shipments`, { method: "POST", headers, body: '{"shipment_data":{"a":1}}' });
    expect(second.status).toBe(201);
  });
});
