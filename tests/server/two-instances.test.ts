import { afterAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { json, spawnServer, type SpawnedServer } from "../support/spawn-server.ts";
import { openTestPostgres } from "../support/databases.ts";
import { sampleShipment } from "../support/sample-shipments.ts";
import { makeShipment } from "../support/extraction-corpus/corpus-data.ts";
import { boxedEnglish } from "../support/extraction-corpus/pdf-styles.ts";

const TYPES = ["COMMERCIAL_INVOICE", "PACKING_LIST", "CERTIFICATE_OF_ORIGIN", "PROFORMA_INVOICE"];
const GENERATE_CALLS = 10; // × 4 types = 40 generation jobs
const EXTRACTIONS = 5;

interface Received {
  webhookId: string;
  event: string;
  jobId: string;
}

/** A webhook receiver on 127.0.0.1 that records every request it gets. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const parsed = JSON.parse(body) as { data?: { job_id?: string } };
      received.push({
        webhookId: String(req.headers["webhook-id"]),
        event: String(req.headers["x-service-event"]),
        jobId: String(parsed.data?.job_id),
      });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => new Promise((r) => server.close(() => r())) };
}

/**
 * A pooled keep-alive socket that the server closed (idle timeout) just as the client reused it: the
 * client sees a reset, and an HTTP client asks an idempotent request again on a new connection.
 */
function isPooledSocketReset(e: Error): boolean {
  return String((e.cause as Error | undefined)?.message ?? e.message).includes("ECONNRESET");
}

/** GET (idempotent), asked once more after a pooled-socket reset; it names the address when it fails. */
async function get(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (e) {
    if (!isPooledSocketReset(e as Error)) throw new Error(`GET ${url} failed`, { cause: e });
    return fetch(url, init);
  }
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 300_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch((e: Error) => {
      if (isPooledSocketReset(e)) return undefined;
      throw e;
    });
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

describe("two server processes on one PostgreSQL database", () => {
  // Runs when CI (or you) point DATABASE_URL at a server.
  it.runIf(!!process.env.DATABASE_URL)(
    "share files, jobs, webhooks and rate limits: every PDF downloads through both, each job renders once, each webhook arrives once",
    async ({ onTestFailed }) => {
      const pg = await openTestPostgres(process.env.DATABASE_URL!);
      cleanups.push(pg.drop);
      const receiver = await startReceiver();
      cleanups.push(receiver.close);
      const env = async (): Promise<Record<string, string>> => {
        const dir = await mkdtemp(join(tmpdir(), "tds-two-"));
        cleanups.push(() => rm(dir, { recursive: true, force: true }));
        return {
          DATABASE_URL: pg.url,
          TDS_DATA_DIR: dir, // each its own folder: files are shared through the database (the default storage with DATABASE_URL)
          TDS_DEFAULT_TIER: "scale",
          TDS_WEBHOOKS_ALLOW_PRIVATE: "true",
          TDS_WEBHOOKS_ALLOW_HTTP: "true",
          TDS_WEBHOOK_POLL_MS: "300",
          TDS_EXTRACTION_POLL_MS: "300",
          // Limits on, shared through the database: 15 submissions between the two instances.
          TDS_RATE_LIMITS: "on",
          // A day's window: with the default minute, submissions that straddle a minute boundary on a slow
          // machine land in two windows and the 16th is not refused.
          TDS_RATE_LIMIT_WINDOW_SECONDS: "86400",
          TDS_RATE_LIMIT_SCALE: `100000,${GENERATE_CALLS + EXTRACTIONS}`,
          TDS_RATE_LIMIT_PUBLIC: "100000",
        };
      };
      // One after the other: the first start creates the default account.
      const a: SpawnedServer = await spawnServer({ runtime: "node", env: await env() });
      cleanups.push(() => a.stop());
      const b: SpawnedServer = await spawnServer({ runtime: "node", env: await env() });
      cleanups.push(() => b.stop());
      onTestFailed(() => console.error(`server A:\n${a.output().slice(-4000)}\nserver B:\n${b.output().slice(-4000)}`));
      const auth = { authorization: `Bearer ${a.defaultApiKey}` };

      const hook = await json(
        await fetch(`${a.url}/api/v1/webhooks`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({
            url: receiver.url,
            events: ["document.generated", "document.failed", "extraction.completed", "extraction.failed"],
          }),
        }),
      );
      expect(hook.status).toBe(201);

      // Everything is submitted through A.
      const jobIds: string[] = [];
      for (let i = 0; i < GENERATE_CALLS; i++) {
        const r = await json(
          await fetch(`${a.url}/functions/v1/generate-documents`, {
            method: "POST",
            headers: { ...auth, apikey: a.anonKey, "content-type": "application/json" },
            body: JSON.stringify({ shipment: sampleShipment(), document_types: TYPES, confirm_warnings: true }),
          }),
        );
        expect(r.status, JSON.stringify(r.body)).toBe(202);
        jobIds.push(...r.body.jobs.map((j: { jobId: string }) => j.jobId));
      }
      const extractionIds: string[] = [];
      for (let i = 0; i < EXTRACTIONS; i++) {
        const form = new FormData();
        form.append(
          "file",
          new Blob([(await boxedEnglish(makeShipment(i + 1))).bytes as BlobPart], { type: "application/pdf" }),
          `invoice-${i}.pdf`,
        );
        const r = await json(await fetch(`${a.url}/api/v1/extract`, { method: "POST", headers: auth, body: form }));
        expect(r.status, JSON.stringify(r.body)).toBe(202);
        extractionIds.push(r.body.job_id);
      }
      expect(new Set(jobIds).size).toBe(40);

      // The submission budget is one count in the database: spent through A, it is spent on B too.
      const refused = await fetch(`${b.url}/functions/v1/generate-documents`, {
        method: "POST",
        headers: { ...auth, apikey: b.anonKey, "content-type": "application/json" },
        body: JSON.stringify({ shipment: sampleShipment(), document_types: TYPES, confirm_warnings: true }),
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("ratelimit")).toMatch(/"submissions";r=0;t=\d+/);
      expect((await refused.json()).error).toMatchObject({ code: "SVC_RATE_001", policy: "submissions" });

      const docs = await until("40 generation jobs", async () => {
        const all = await Promise.all(
          jobIds.map(async (id) => (await json(await fetch(`${a.url}/api/v1/documents/${id}`, { headers: auth }))).body),
        );
        return all.every((d) => d.status === "completed" || d.status === "failed") ? all : undefined;
      });
      expect(docs.map((d) => d.status)).toEqual(jobIds.map(() => "completed"));
      const extractions = await until("5 extraction jobs", async () => {
        const all = await Promise.all(
          extractionIds.map(async (id) => (await json(await fetch(`${b.url}/api/v1/extract/${id}`, { headers: auth }))).body),
        );
        return all.every((d) => d.status === "completed" || d.status === "failed") ? all : undefined;
      });
      expect(extractions.map((e) => e.status)).toEqual(extractionIds.map(() => "completed"));

      // Every PDF through both instances: with the API key, and with the signed address (A's, asked of B too).
      for (const d of docs) {
        const bodies: Buffer[] = [];
        const signed = new URL(d.download_url);
        for (const server of [a, b]) {
          // The download loop starts after A's pooled sockets sat idle through the extraction polling on B.
          for (const res of [
            await get(`${server.url}/api/v1/documents/${d.job_id}/download`, { headers: auth }),
            await get(`${server.url}${signed.pathname}${signed.search}`),
          ]) {
            expect(res.status, `${d.job_id} via ${server.url}`).toBe(200);
            bodies.push(Buffer.from(await res.arrayBuffer()));
          }
        }
        expect(bodies[0].subarray(0, 5).toString()).toBe("%PDF-");
        for (const other of bodies.slice(1)) expect(other.equals(bodies[0])).toBe(true);
      }

      // Each job rendered (or read) exactly once: one claim each, whichever instance took it.
      const gen = await pgQuery<{ attempts: number; n: number }>(
        pg.url,
        "select attempts, count(*)::int as n from generation_jobs group by attempts",
      );
      expect(gen).toEqual([{ attempts: 1, n: 40 }]);
      const ext = await pgQuery<{ attempts: number; n: number }>(
        pg.url,
        "select attempts, count(*)::int as n from extraction_jobs group by attempts",
      );
      expect(ext).toEqual([{ attempts: 1, n: 5 }]);
      const stored = await pgQuery<{ n: number }>(pg.url, "select count(*)::int as n from stored_blobs where key like 'documents/%'");
      expect(stored[0].n).toBe(40);

      // Each webhook delivered exactly once: wait until no delivery is pending, then count what arrived.
      await until("webhook deliveries", async () => {
        const [p] = await pgQuery<{ n: number }>(pg.url, "select count(*)::int as n from webhook_deliveries where status <> 'succeeded'");
        const [all] = await pgQuery<{ n: number }>(pg.url, "select count(*)::int as n from webhook_deliveries");
        return p.n === 0 && all.n === 45 ? true : undefined;
      });
      expect(receiver.received).toHaveLength(45);
      expect(new Set(receiver.received.map((r) => r.webhookId)).size).toBe(45);
      const byJob = new Map<string, string[]>();
      for (const r of receiver.received) byJob.set(r.jobId, [...(byJob.get(r.jobId) ?? []), r.event]);
      for (const id of jobIds) expect(byJob.get(id), id).toEqual(["document.generated"]);
      for (const id of extractionIds) expect(byJob.get(id), id).toEqual(["extraction.completed"]);
      const attempts = await pgQuery<{ attempts: number; n: number }>(
        pg.url,
        "select attempts, count(*)::int as n from webhook_deliveries group by attempts",
      );
      expect(attempts).toEqual([{ attempts: 1, n: 45 }]);

      // Public requests were counted per client address, read from the socket on both instances.
      const addr = await pgQuery<{ partition: string }>(
        pg.url,
        "select distinct partition from rate_limit_counters where partition like 'addr:%'",
      );
      expect(addr.map((r) => r.partition)).toEqual(["addr:127.0.0.1:public"]);
    },
    600_000,
  ); // two servers, 40 renders and 45 webhooks on a shared two-core machine

  it.runIf(!!process.env.DATABASE_URL)(
    "a key revoked through A is refused by B's next request, validate included, and B stores no record",
    async ({ onTestFailed }) => {
      const pg = await openTestPostgres(process.env.DATABASE_URL!);
      cleanups.push(pg.drop);
      const env = async (): Promise<Record<string, string>> => {
        const dir = await mkdtemp(join(tmpdir(), "tds-two-"));
        cleanups.push(() => rm(dir, { recursive: true, force: true }));
        return { DATABASE_URL: pg.url, TDS_DATA_DIR: dir };
      };
      const a: SpawnedServer = await spawnServer({ runtime: "node", env: await env() });
      cleanups.push(() => a.stop());
      const b: SpawnedServer = await spawnServer({ runtime: "node", env: await env() });
      cleanups.push(() => b.stop());
      onTestFailed(() => console.error(`server A:\n${a.output().slice(-4000)}\nserver B:\n${b.output().slice(-4000)}`));
      // The first start creates the default account and prints its key.
      const owner = a.defaultApiKey!;
      const call = async (server: SpawnedServer, method: string, path: string, key: string, body?: unknown) =>
        json(
          await fetch(`${server.url}${path}`, {
            method,
            headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
        );
      const created = await call(a, "POST", "/api/v1/api-keys", owner, { name: "to revoke" });
      expect(created.status).toBe(201);
      const validate = () => call(b, "POST", "/api/v1/shipments/validate", created.body.api_key, sampleShipment());
      const records = async () => (await pgQuery<{ n: number }>(pg.url, "select count(*)::int as n from validation_records"))[0].n;
      // B verifies the key and remembers it (key-principal-memory.ts).
      expect((await validate()).status).toBe(200);
      expect((await validate()).status).toBe(200);
      const stored = await records();

      expect((await call(a, "DELETE", `/api/v1/api-keys/${created.body.id}`, owner)).status).toBe(204);
      const refused = await validate();
      expect(refused.status).toBe(401);
      expect(refused.body.error).toMatchObject({ code: "SVC_AUTH_001", message: "Invalid or revoked API key" });
      expect((await call(b, "GET", "/api/v1/shipments", created.body.api_key)).status).toBe(401);
      expect(await records()).toBe(stored);
    },
    300_000,
  );
});

async function pgQuery<T>(url: string, sql: string): Promise<T[]> {
  const { default: postgres } = await import("postgres");
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return (await client.unsafe(sql)) as unknown as T[];
  } finally {
    await client.end();
  }
}
