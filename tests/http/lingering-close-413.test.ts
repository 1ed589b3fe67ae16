import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import net from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openTestPglite } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";
import { createGateway, loadFunctionApps } from "../../shared/server/gateway.ts";
import { listen, type RunningServer } from "../../shared/server/listen.ts";
import { spawnServer } from "../support/spawn-server.ts";

/**
 * A client that sends a body over the limit reads the 413 envelope, with the service's real limits
 * (2 MiB JSON, 10 MB upload): the server answers early, then reads and discards the rest of the body
 * (lingering close) before it closes, so the client is not cut off with EPIPE / ECONNRESET while
 * still sending. Node's fetch and curl, each with a declared length and streamed.
 */
const MB = 1024 * 1024;
const boundary = "----tds-lingering-5Rk2";

function multipartBody(fileBytes: number): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.pdf"\r\ncontent-type: application/pdf\r\n\r\n%PDF-1.7\n`,
    ),
    Buffer.alloc(fileBytes, 0x20),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

function jsonBody(bytes: number): Buffer {
  return Buffer.concat([Buffer.from('{"shipment_data":{"x":"'), Buffer.alloc(bytes, 0x61), Buffer.from('"}}')]);
}

/**
 * The body as a stream of 64 KiB chunks, a short pause before each (a client on a slower link, still
 * sending when the answer comes). Without a declared length it goes out chunked and the server learns
 * the size only while reading.
 */
function streamOf(body: Buffer): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    async pull(controller) {
      if (offset >= body.length) return controller.close();
      await new Promise((r) => setTimeout(r, 1));
      controller.enqueue(new Uint8Array(body.subarray(offset, offset + 65536)));
      offset += 65536;
    },
  });
}

function curl(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // --limit-rate: still sending when the answer comes, as over a real link.
    const child = spawn("curl", ["-sS", "--max-time", "60", "--limit-rate", "40M", ...args]);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("an early 413 with a lingering close: the client reads the answer", () => {
  let db: Db;
  let gw: TestGateway;
  let key: string;
  let server: RunningServer;
  let base: string;
  let dir: string;

  const cases = [
    { name: "JSON over 2 MiB", path: "/api/v1/shipments", body: () => jsonBody(3 * MB), type: "application/json", code: "SVC_REQ_004" },
    {
      name: "multipart over 10 MB",
      path: "/api/v1/extract",
      body: () => multipartBody(11 * MB),
      type: `multipart/form-data; boundary=${boundary}`,
      code: "SVC_EXTRACT_005",
    },
  ] as const;

  beforeAll(async () => {
    db = await openTestPglite();
    gw = await createTestGateway(db);
    key = (await gw.createAccount("scale")).apiKey;
    server = await listen(createGateway(await loadFunctionApps()).fetch, "127.0.0.1", 0);
    base = `http://127.0.0.1:${server.port}`;
    dir = mkdtempSync(join(tmpdir(), "tds-413-"));
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe.each(cases)("$name", ({ path, body, type, code }) => {
    it.each([
      ["length declared", true],
      ["streamed (chunked)", false],
    ])("Node's fetch, %s", async (_name, declared) => {
      const bytes = body();
      const res = await fetch(`${base}${path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${key}`,
          "content-type": type,
          ...(declared ? { "content-length": String(bytes.length) } : {}),
        },
        body: streamOf(bytes),
        // @ts-expect-error Node's fetch needs duplex for a streamed body
        duplex: "half",
      });
      expect(res.status).toBe(413);
      expect((await res.json()).error.code).toBe(code);
    });

    it.each([
      ["length declared", []],
      ["streamed (chunked)", ["-H", "transfer-encoding: chunked"]],
    ])("curl, %s", async (_name, extra) => {
      const file = join(dir, `body-${code}`);
      writeFileSync(file, body());
      const r = await curl([
        "-X",
        "POST",
        "-H",
        `authorization: Bearer ${key}`,
        "-H",
        `content-type: ${type}`,
        ...extra,
        "--data-binary",
        `@${file}`,
        "-w",
        "\n%{http_code}",
        `${base}${path}`,
      ]);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      const lines = r.stdout.trimEnd().split("\n");
      expect(lines.at(-1)).toBe("413");
      expect(JSON.parse(lines.slice(0, -1).join("\n")).error.code).toBe(code);
    });
  });
});

/**
 * A raw client that declares `declared` bytes and sends `send` of them in 64 KiB chunks; with the whole
 * body sent it ends its side, otherwise it trickles a byte every 20 ms (a slow client). Resolves, once
 * the server closed the connection, with the answer it read and how much of the body it got to send.
 */
function rawUpload(port: number, key: string, declared: number, send: number): Promise<{ answer: string; sent: number }> {
  return new Promise((resolve) => {
    // allowHalfOpen: keep sending after the server's FIN, as an HTTP client does until its body is out.
    const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    let answer = "";
    let sent = 0;
    let head = 0;
    let closed = false;
    socket.on("data", (d) => (answer += d.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => {
      closed = true;
      // What reached the connection (not what was queued when it closed).
      resolve({ answer, sent: socket.bytesWritten - head });
    });
    socket.on("connect", async () => {
      const request =
        `POST /api/v1/shipments HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${key}\r\n` +
        `content-type: application/json\r\ncontent-length: ${declared}\r\n\r\n`;
      head = Buffer.byteLength(request);
      socket.write(request);
      const chunk = Buffer.alloc(65536, 0x61);
      while (sent < send && !closed) {
        if (!socket.write(chunk)) await new Promise((r) => socket.once("drain", r));
        sent += chunk.length;
      }
      if (sent >= declared) socket.end();
      else {
        const trickle = setInterval(() => (closed || socket.destroyed ? clearInterval(trickle) : socket.write("a")), 20);
      }
    });
  });
}

describe("the lingering close is bounded in bytes and in time", () => {
  let db: Db;
  let key: string;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    db = await openTestPglite();
    const gw = await createTestGateway(db, { maxJsonBodyBytes: 1024 });
    key = (await gw.createAccount("scale")).apiKey;
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    await db?.close();
  });

  async function serverWith(maxBytes: number, maxMs: number): Promise<number> {
    const server = await listen(createGateway(await loadFunctionApps()).fetch, "127.0.0.1", 0, { lingeringClose: { maxBytes, maxMs } });
    servers.push(server);
    return server.port;
  }

  it("a body within the bound is read to its end: the client sends it all, reads the 413 and sees the close", async () => {
    const port = await serverWith(16 * MB, 60_000);
    const r = await rawUpload(port, key, 4 * MB, 4 * MB);
    expect(r.sent).toBe(4 * MB);
    expect(r.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(r.answer).toMatch(/connection: close/i);
    expect(r.answer).toContain('"SVC_REQ_004"');
  });

  it("past the byte bound the server stops reading and closes: a client sending 1 GB is cut off early", async () => {
    const port = await serverWith(1 * MB, 60_000);
    const r = await rawUpload(port, key, 1024 * MB, 1024 * MB);
    expect(r.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(r.sent).toBeLessThan(64 * MB);
  });

  it("past the time bound the server closes a slow client", async () => {
    const port = await serverWith(16 * MB, 200);
    // Declares 4 MiB, sends 1 MiB, then a byte every 20 ms: only the time bound ends the connection.
    const r = await rawUpload(port, key, 4 * MB, 1 * MB);
    expect(r.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(r.sent).toBeLessThan(2 * MB);
  });
});

/** Under Deno (`npm run start:deno`, Deno.serve) the same clients read the same answers. */
describe("under Deno: the client reads the 413 too", () => {
  it("JSON over 2 MiB and multipart over 10 MB, Node's fetch (declared and streamed) and curl", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tds-413-deno-"));
    const server = await spawnServer({ runtime: "deno", env: { TDS_DATA_DIR: dir } });
    try {
      const auth = `Bearer ${server.defaultApiKey}`;
      for (const c of [
        { path: "/api/v1/shipments", body: jsonBody(3 * MB), type: "application/json", code: "SVC_REQ_004" },
        {
          path: "/api/v1/extract",
          body: multipartBody(11 * MB),
          type: `multipart/form-data; boundary=${boundary}`,
          code: "SVC_EXTRACT_005",
        },
      ]) {
        for (const declared of [true, false]) {
          const res = await fetch(`${server.url}${c.path}`, {
            method: "POST",
            headers: { authorization: auth, "content-type": c.type, ...(declared ? { "content-length": String(c.body.length) } : {}) },
            body: streamOf(c.body),
            // @ts-expect-error Node's fetch needs duplex for a streamed body
            duplex: "half",
          });
          expect(res.status, `${c.path} declared=${declared}`).toBe(413);
          expect((await res.json()).error.code).toBe(c.code);
        }
        const file = join(dir, "body");
        writeFileSync(file, c.body);
        const r = await curl([
          "-X",
          "POST",
          "-H",
          `authorization: ${auth}`,
          "-H",
          `content-type: ${c.type}`,
          "--data-binary",
          `@${file}`,
          "-w",
          "\n%{http_code}",
          `${server.url}${c.path}`,
        ]);
        expect(r.stderr).toBe("");
        const lines = r.stdout.trimEnd().split("\n");
        expect(lines.at(-1)).toBe("413");
        expect(JSON.parse(lines.slice(0, -1).join("\n")).error.code).toBe(c.code);
      }
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
