import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { verify } from "@octokit/webhooks-methods";
import { Webhook } from "standardwebhooks";
import { readFile } from "node:fs/promises";
import { openTestPglite, testBackends } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import { DENO, ROOT } from "../support/spawn-server.ts";
import type { Db } from "../../shared/db/types.ts";
import { enqueueEvent, type EventName } from "../../shared/events/outbox.ts";
import { claimRows } from "../../shared/jobs/job-queue.ts";
import { deliveryQueueSpec, type DeliveryRow } from "../../shared/webhooks/delivery-queue.ts";
import { runDispatchPass, webhookDeliveryTask, type DispatchOptions } from "../../shared/webhooks/dispatcher.ts";
import { generateWebhookSecret, signDelivery } from "../../shared/webhooks/webhook-secret.ts";

// ---- A real receiver on 127.0.0.1 ----------------------------------------------------------------

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
type Reply = { status: number; body?: string; headers?: Record<string, string> } | "hang";

interface Receiver {
  url: string;
  received: Received[];
  at(path: string): Received[];
  /** The next answers for a path, in order; afterwards 200 "ok". */
  script(path: string, ...replies: Reply[]): void;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const scripts = new Map<string, Reply[]>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const reply = scripts.get(path)?.shift() ?? { status: 200, body: "ok" };
      if (reply === "hang") {
        // Never answers: the sender's timeout has to end the attempt.
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      }
      res.writeHead(reply.status, reply.headers ?? { "content-type": "text/plain" }).end(reply.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    at: (path) => received.filter((r) => r.path === path),
    script: (path, ...replies) => scripts.set(path, [...(scripts.get(path) ?? []), ...replies]),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const header = (r: Received, name: string) => r.headers[name] as string;

/** Bounded wait for output of a child process. */
async function waitFor<T>(probe: () => T | null | undefined, what: () => string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const documentGenerated = (jobId: string) => ({
  job_id: jobId,
  shipment_id: crypto.randomUUID(),
  document_type: "COMMERCIAL_INVOICE",
  status: "completed",
  download_url: `http://127.0.0.1:54321/api/v1/documents/${jobId}/download?expires=1&sig=abc`,
  hash: `sha256:${"0123456789abcdef".repeat(4)}`,
});

for (const backend of testBackends()) {
  describe(`webhooks on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    let gw: TestGateway;
    let receiver: Receiver;
    let account: { accountId: string; apiKey: string };
    let other: { accountId: string; apiKey: string };
    // TDS_WEBHOOKS_ALLOW_PRIVATE=true (the receiver is on loopback); a test that turns it off sets it back.
    const allowPrivate = (on: boolean) => {
      gw.services.config.webhooks.allowPrivate = on;
    };

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      gw = await createTestGateway(db);
      allowPrivate(true);
      account = await gw.createAccount("growth", "Webhook account");
      other = await gw.createAccount("growth", "Someone else");
      receiver = await startReceiver();
    });
    afterAll(async () => {
      await receiver?.close();
      await close?.();
    });
    afterEach(async () => {
      allowPrivate(true);
      // Each test starts with no subscriptions and no undispatched events.
      await db.query("delete from webhook_subscriptions");
      await db.query("update event_outbox set dispatched_at = now() where dispatched_at is null");
    });

    const api = (method: string, path: string, body?: unknown, key = account.apiKey) => gw.call(method, path, { body, apiKey: key });
    const newPath = () => `/hook-${crypto.randomUUID()}`;
    async function subscribe(path: string, events: EventName[] = ["document.generated"], extra: Record<string, unknown> = {}) {
      const r = await api("POST", "/api/v1/webhooks", { url: `${receiver.url}${path}`, events, ...extra });
      expect(r.status).toBe(201);
      return r.body as { id: string; secret: string; url: string };
    }
    const pass = (options: DispatchOptions = {}) =>
      runDispatchPass(gw.services, { ...options, settings: { timeoutMs: 5000, ...options.settings } });
    const deliveries = async (hookId: string, query = "") =>
      (await api("GET", `/api/v1/webhooks/${hookId}/deliveries${query}`)).body.deliveries;
    // What a worker's claim does, without sending: the queue's claim with a 60 s lease.
    const claimDueDeliveries = (limit: number) => claimRows<DeliveryRow>(db, deliveryQueueSpec(60), limit);
    const makeDue = (deliveryId: string) =>
      db.query("update webhook_deliveries set next_attempt_at = now() - interval '1 second' where id = $1", [deliveryId]);

    // ---- Subscriptions ----------------------------------------------------------------------------

    it("create shows the secret once; list, get, patch, rotate and delete are scoped to the account", async () => {
      const created = await api("POST", "/api/v1/webhooks", {
        url: `${receiver.url}/crud#frag`,
        events: ["extraction.failed", "document.generated", "document.generated"],
        description: "ERP inbox",
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        url: `${receiver.url}/crud`,
        events: ["document.generated", "extraction.failed"],
        description: "ERP inbox",
        active: true,
        disabled_at: null,
        disabled_reason: null,
        consecutive_failures: 0,
      });
      expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(created.body.secret_prefix).toBe(created.body.secret.slice(0, 10));
      const id = created.body.id;

      // The secret is stored encrypted, and never shown again.
      const [row] = await db.query<{ secret_encrypted: string }>("select secret_encrypted from webhook_subscriptions where id = $1", [id]);
      expect(row.secret_encrypted).toMatch(/^v1\./);
      expect(row.secret_encrypted).not.toContain(created.body.secret.slice(6));
      const got = await api("GET", `/api/v1/webhooks/${id}`);
      expect(got.status).toBe(200);
      expect(got.body).not.toHaveProperty("secret");
      expect(JSON.stringify((await api("GET", "/api/v1/webhooks")).body)).not.toContain(created.body.secret);
      expect((await api("GET", "/api/v1/webhooks")).body.webhooks.map((w: { id: string }) => w.id)).toEqual([id]);

      const patched = await api("PATCH", `/api/v1/webhooks/${id}`, {
        url: `${receiver.url}/crud2`,
        events: ["extraction.completed"],
        description: null,
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ url: `${receiver.url}/crud2`, events: ["extraction.completed"], description: null });

      const off = await api("PATCH", `/api/v1/webhooks/${id}`, { active: false });
      expect(off.body).toMatchObject({ active: false, disabled_reason: "deactivated through the API" });
      expect(off.body.disabled_at).toEqual(expect.any(String));
      const on = await api("PATCH", `/api/v1/webhooks/${id}`, { active: true });
      expect(on.body).toMatchObject({ active: true, disabled_at: null, disabled_reason: null });

      const rotated = await api("POST", `/api/v1/webhooks/${id}/rotate-secret`);
      expect(rotated.status).toBe(200);
      expect(rotated.body.secret).toMatch(/^whsec_/);
      expect(rotated.body.secret).not.toBe(created.body.secret);
      expect(Date.parse(rotated.body.previous_secret_expires_at)).toBeGreaterThan(Date.now());

      // Another account sees nothing and can change nothing.
      for (const [method, path, body] of [
        ["GET", `/api/v1/webhooks/${id}`],
        ["PATCH", `/api/v1/webhooks/${id}`, { active: false }],
        ["DELETE", `/api/v1/webhooks/${id}`],
        ["POST", `/api/v1/webhooks/${id}/rotate-secret`],
        ["GET", `/api/v1/webhooks/${id}/deliveries`],
      ] as const) {
        const r = await api(method, path, body, other.apiKey);
        expect(r.status, `${method} ${path}`).toBe(404);
        expect(r.body.error.code).toBe("SVC_WEBHOOK_001");
      }
      expect((await api("GET", "/api/v1/webhooks", undefined, other.apiKey)).body.webhooks).toEqual([]);
      expect((await api("GET", `/api/v1/webhooks/${id}`)).body.active).toBe(true);

      expect((await api("DELETE", `/api/v1/webhooks/${id}`)).status).toBe(204);
      expect((await api("GET", `/api/v1/webhooks/${id}`)).body.error.code).toBe("SVC_WEBHOOK_001");
      expect((await api("GET", "/api/v1/webhooks/not-a-uuid")).status).toBe(404);
      expect((await gw.call("GET", "/api/v1/webhooks")).status).toBe(401);
    });

    it("rejects bad input with the field named", async () => {
      const cases: [unknown, string, string][] = [
        [{ url: `${receiver.url}/x`, events: ["shipment.validated"] }, "SVC_REQ_002", "events[0]"],
        [{ url: `${receiver.url}/x`, events: [] }, "SVC_REQ_002", "events"],
        [{ url: `${receiver.url}/x` }, "SVC_REQ_002", "events"],
        [{ url: `${receiver.url}/x`, events: ["document.failed"], secret: "hunter2" }, "SVC_REQ_002", "secret"],
        [{ url: `${receiver.url}/x`, events: ["document.failed"], callback: "typo" }, "SVC_REQ_002", ""],
        [{ url: "ftp://example.com/", events: ["document.failed"] }, "SVC_WEBHOOK_002", "url"],
        [{ url: "https://user:pw@example.com/", events: ["document.failed"] }, "SVC_WEBHOOK_002", "url"],
      ];
      for (const [body, code, field] of cases) {
        const r = await api("POST", "/api/v1/webhooks", body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.error.code).toBe(code);
        if (field) expect(r.body.error.field).toBe(field);
      }
      const own = generateWebhookSecret();
      const created = await api("POST", "/api/v1/webhooks", { url: `${receiver.url}/own`, events: ["document.failed"], secret: own });
      expect(created.body.secret).toBe(own);
      expect((await api("PATCH", `/api/v1/webhooks/${created.body.id}`, {})).status).toBe(400);
      expect((await api("PATCH", `/api/v1/webhooks/${created.body.id}`, { events: ["nope"] })).body.error.field).toBe("events[0]");
    });

    it("refuses private, loopback and link-local addresses unless TDS_WEBHOOKS_ALLOW_PRIVATE is set", async () => {
      allowPrivate(false);
      for (const url of [
        `${receiver.url}/x`,
        "https://127.0.0.1/x",
        "https://[::1]/x",
        "https://[::ffff:127.0.0.1]/x",
        "https://10.1.2.3/x",
        "https://192.168.0.10/x",
        "https://169.254.169.254/latest/meta-data",
        "https://[fe80::1]/x",
        "https://localhost/x",
        "http://hooks.example.com/x",
      ]) {
        const r = await api("POST", "/api/v1/webhooks", { url, events: ["document.generated"] });
        expect(r.status, url).toBe(400);
        expect(r.body.error).toMatchObject({ code: "SVC_WEBHOOK_002", field: "url" });
      }
      const ok = await api("POST", "/api/v1/webhooks", { url: "https://hooks.example.com/in", events: ["document.generated"] });
      expect(ok.status).toBe(201);
      const patch = await api("PATCH", `/api/v1/webhooks/${ok.body.id}`, { url: "https://[::ffff:a00:1]/x" });
      expect(patch.body.error?.code).toBe("SVC_WEBHOOK_002");
      allowPrivate(true);
      expect((await api("POST", "/api/v1/webhooks", { url: `${receiver.url}/x`, events: ["document.generated"] })).status).toBe(201);
    });

    it("an address that became private is blocked at delivery time, without a request", async () => {
      const path = newPath();
      const hook = await subscribe(path);
      allowPrivate(false);
      await enqueueEvent(db, account.accountId, "document.generated", documentGenerated("j-blocked"));
      const r = await pass();
      expect(r).toMatchObject({ attempts: 1, succeeded: 0, failed_attempts: 1 });
      expect(receiver.at(path)).toHaveLength(0);
      const [d] = await deliveries(hook.id);
      expect(d.status).toBe("pending");
      expect(d.attempt_log[0]).toMatchObject({ outcome: "blocked_address", status_code: null });
      expect(d.attempt_log[0].error).toMatch(/127\.0\.0\.1 is loopback/);
    });

    // ---- Delivery ---------------------------------------------------------------------------------

    it("delivers the spec's payload with both signatures, verified by third-party verifiers", async () => {
      const path = newPath();
      const hook = await subscribe(path, ["document.generated", "document.failed"]);
      const notMine = newPath();
      await subscribe(notMine, ["extraction.completed"]);
      const otherAccount = await gw.call("POST", "/api/v1/webhooks", {
        body: { url: `${receiver.url}${notMine}`, events: ["document.generated"] },
        apiKey: other.apiKey,
      });
      expect(otherAccount.status).toBe(201);
      const inactive = newPath();
      await subscribe(inactive, ["document.generated"], { active: false });

      const data = documentGenerated("job-1");
      const at = new Date("2026-11-21T10:15:00.000Z");
      const eventId = await enqueueEvent(db, account.accountId, "document.generated", data, at);
      const r = await pass();
      expect(r).toMatchObject({ events_fanned_out: 1, deliveries_created: 1, attempts: 1, succeeded: 1 });

      expect(receiver.at(notMine)).toHaveLength(0);
      expect(receiver.at(inactive)).toHaveLength(0);
      const [req] = receiver.at(path);
      expect(JSON.parse(req.body)).toEqual({ event: "document.generated", timestamp: at.toISOString(), data });
      expect(Object.keys(JSON.parse(req.body))).toEqual(["event", "timestamp", "data"]);
      expect(header(req, "content-type")).toBe("application/json");
      expect(header(req, "x-service-event")).toBe("document.generated");
      expect(header(req, "x-service-signature")).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(header(req, "x-service-timestamp")).toMatch(/^\d{10}$/);
      expect(header(req, "webhook-timestamp")).toBe(header(req, "x-service-timestamp"));
      expect(await verify(hook.secret, req.body, header(req, "x-service-signature"))).toBe(true);
      expect(new Webhook(hook.secret).verify(req.body, req.headers as Record<string, string>)).toEqual(JSON.parse(req.body));
      expect(await verify(hook.secret, req.body.replace("job-1", "job-2"), header(req, "x-service-signature"))).toBe(false);

      const [d] = await deliveries(hook.id);
      expect(d).toMatchObject({
        id: header(req, "webhook-id"),
        event_id: eventId,
        event: "document.generated",
        status: "succeeded",
        attempts: 1,
        last_status: 200,
        next_attempt_at: null,
      });
      expect(d.payload).toEqual(JSON.parse(req.body));
      expect(d.attempt_log).toEqual([
        expect.objectContaining({
          attempt: 1,
          outcome: "success",
          status_code: 200,
          response_excerpt: "ok",
          url: `${receiver.url}${path}`,
        }),
      ]);
      expect(d.attempt_log[0].duration_ms).toBeGreaterThanOrEqual(0);
      expect((await api("GET", `/api/v1/webhooks/${hook.id}`)).body).toMatchObject({
        consecutive_failures: 0,
        last_success_at: expect.any(String),
      });

      // A second pass has nothing to do: the event was fanned out once, the delivery is done.
      expect(await pass()).toMatchObject({ events_fanned_out: 0, attempts: 0 });
      expect(receiver.at(path)).toHaveLength(1);
    });

    it("delivers the other three events to the subscriptions that asked for them", async () => {
      const path = newPath();
      const hook = await subscribe(path, ["document.failed", "extraction.completed", "extraction.failed"]);
      const payloads: [EventName, Record<string, unknown>][] = [
        [
          "document.failed",
          { job_id: "j2", shipment_id: "s2", document_type: "PACKING_LIST", status: "failed", error_message: "renderer crashed" },
        ],
        ["extraction.completed", { job_id: "e1", shipment_id: null, status: "completed" }],
        [
          "extraction.failed",
          { job_id: "e2", shipment_id: null, status: "failed", error: { code: "SVC_EXTRACT_002", message: "no text" } },
        ],
        ["document.generated", documentGenerated("not-subscribed")],
      ];
      for (const [event, data] of payloads) await enqueueEvent(db, account.accountId, event, data);
      expect(await pass()).toMatchObject({ events_fanned_out: 4, deliveries_created: 3, succeeded: 3 });
      const got = receiver.at(path).map((r) => JSON.parse(r.body));
      expect(got.map((b) => b.event).sort()).toEqual(["document.failed", "extraction.completed", "extraction.failed"]);
      for (const [event, data] of payloads.slice(0, 3)) expect(got.find((b) => b.event === event).data).toEqual(data);
      for (const r of receiver.at(path)) expect(new Webhook(hook.secret).verify(r.body, r.headers as Record<string, string>)).toBeTruthy();
    });

    it("retries after a 500 with the same webhook-id, and logs both attempts", async () => {
      const path = newPath();
      const hook = await subscribe(path);
      receiver.script(path, { status: 500, body: "database down" });
      await enqueueEvent(db, account.accountId, "document.generated", documentGenerated("j-retry"));
      expect(await pass()).toMatchObject({ attempts: 1, failed_attempts: 1 });
      let [d] = await deliveries(hook.id);
      expect(d).toMatchObject({ status: "pending", attempts: 1, last_status: 500, last_error: "HTTP 500" });
      expect(Date.parse(d.next_attempt_at)).toBeGreaterThan(Date.now()); // 10 s ± 20 % later
      expect(await pass()).toMatchObject({ attempts: 0 }); // not due yet

      await makeDue(d.id);
      expect(await pass()).toMatchObject({ attempts: 1, succeeded: 1 });
      [d] = await deliveries(hook.id);
      expect(d).toMatchObject({ status: "succeeded", attempts: 2, last_status: 200 });
      expect(
        d.attempt_log.map((a: { attempt: number; outcome: string; status_code: number; response_excerpt: string }) => [
          a.attempt,
          a.outcome,
          a.status_code,
          a.response_excerpt,
        ]),
      ).toEqual([
        [1, "http_error", 500, "database down"],
        [2, "success", 200, "ok"],
      ]);
      const reqs = receiver.at(path);
      expect(reqs).toHaveLength(2);
      expect(header(reqs[0], "webhook-id")).toBe(d.id);
      expect(header(reqs[1], "webhook-id")).toBe(d.id);
      expect(reqs[1].body).toBe(reqs[0].body);
      for (const r of reqs) expect(await verify(hook.secret, r.body, header(r, "x-service-signature"))).toBe(true);
      const sub = (await api("GET", `/api/v1/webhooks/${hook.id}`)).body;
      expect(sub).toMatchObject({ consecutive_failures: 0, first_failure_at: null, active: true });
    });

    it("a receiver that does not answer in time is a timeout, retried later", async () => {
      const path = newPath();
      const hook = await subscribe(path);
      receiver.script(path, "hang");
      await enqueueEvent(db, account.accountId, "document.generated", documentGenerated("j-slow"));
      expect(await pass({ settings: { timeoutMs: 300 } })).toMatchObject({ attempts: 1, failed_attempts: 1 });
      let [d] = await deliveries(hook.id);
      expect(d).toMatchObject({ status: "pending", attempts: 1, last_status: null });
      expect(d.attempt_log[0]).toMatchObject({ outcome: "timeout", status_code: null, error: "no answer within 300 ms" });
      await makeDue(d.id);
      await pass({ settings: { timeoutMs: 300 } });
      [d] = await deliveries(hook.id);
      expect(d).toMatchObject({ status: "succeeded", attempts: 2 });
    });

    it("does not follow redirects", async () => {
      const path = newPath();
      const target = newPath();
      const hook = await subscribe(path);
      receiver.script(path, { status: 302, headers: { location: `${receiver.url}${target}` } });
      await enqueueEvent(db, account.accountId, "document.generated", documentGenerated("j-redirect"));
      await pass();
      expect(receiver.at(target)).toHaveLength(0);
      const [d] = await deliveries(hook.id);
      expect(d).toMatchObject({ status: "pending", last_status: 302 });
      expect(d.attempt_log[0]).toMatchObject({ outcome: "redirect", status_code: 302 });
      expect(d.attempt_log[0].error).toContain("not followed");
    });

    it("410 Gone disables the subscription and says so; re-enabling and redelivering resumes", async () => {
      const path = newPath();
      const hook = await subscribe(path);
      receiver.script(path, { status: 410, body: "gone" });
      await enqueueEvent(db, account.accountId, "document.generated", documentGenerated("j-gone"));
      expect(await pass()).toMatchObject({ attempts: 1, subscriptions_disabled: 1, deliveries_given_up: 1 });
      const sub = (await api("GET", `/api/v1/webhooks/${hook.id}`)).body;
      expect(sub).toMatchObject({ active: false, disabled_at: expect.any(String) });
      expect(sub.disabled_reason).toMatch(/410 Gone/);
      const [d] = await deliveries(hook.id);
      expect(d).toMatchObject({ status: "failed", last_status: 410 });

      // No new deliveries while disabled; redelivery is refused until it is re-enabled.
      await enqueueEvent(db, account.accountId, "document.generated", documentGenerated("j-after"));
      expect(await pass()).toMatchObject({ events_fanned_out: 1, deliveries_created: 0 });
      const refused = await api("POST", `/api/v1/webhooks/${hook.id}/deliveries/${d.id}/redeliver`);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe("SVC_WEBHOOK_004");

      expect((await api("PATCH", `/api/v1/webhooks/${hook.id}`, { active: true })).body).toMatchObject({
        active: true,
        disabled_reason: null,
        consecutive_failures: 0,
      });
      const again = await api("POST", `/api/v1/webhooks/${hook.id}/deliveries/${d.id}/redeliver`);
      expect(again.status).toBe(202);
      expect(again.body).toMatchObject({ id: d.id, status: "pending" });
      expect(await pass()).toMatchObject({ attempts: 1, succeeded: 1 });
      const reqs = receiver.at(path);
      expect(reqs).toHaveLength(2);
      expect(header(reqs[1], "webhook-id")).toBe(header(reqs[0], "webhook-id"));
      expect((await api("GET", `/api/v1/webhooks/${hook.id}/deliveries/${d.id}`)).body).toMatchObject({ status: "succeeded", attempts: 2 });
    });

    it("a subscription failing for days is disabled with the reason, and its pending deliveries end", async () => {
      const path = newPath();
      const hook = await subscribe(path);
      receiver.script(path, { status: 503 }, { status: 503 });
      await enqueueEvent(db, account.accountId, "document.generated", documentGenerated("j-days-1"));
      await enqueueEvent(db, account.accountId, "document.generated", documentGenerated("j-days-2"));
      expect(await pass({ batchSize: 1 })).toMatchObject({ attempts: 1, subscriptions_disabled: 0 });
      // As if it had been failing for six days.
      await db.query(
        "update webhook_subscriptions set first_failure_at = now() - interval '6 days', consecutive_failures = 40 where id = $1",
        [hook.id],
      );
      expect(await pass({ batchSize: 1 })).toMatchObject({ attempts: 1, subscriptions_disabled: 1 });
      const sub = (await api("GET", `/api/v1/webhooks/${hook.id}`)).body;
      expect(sub.active).toBe(false);
      expect(sub.disabled_reason).toMatch(/^no successful delivery since .* \(41 failed attempts in a row\)$/);
      const all = await deliveries(hook.id);
      expect(all.map((x: { status: string }) => x.status)).toEqual(["failed", "failed"]);
      expect(all.every((x: { last_error: string }) => /subscription disabled/.test(x.last_error))).toBe(true);
    });

    it("gives up after the last attempt of the schedule", async () => {
      const path = newPath();
      const hook = await subscribe(path);
      receiver.script(path, { status: 500 });
      await enqueueEvent(db, account.accountId, "document.generated", documentGenerated("j-last"));
      await pass({ batchSize: 0 }); // fan out only
      let [d] = await deliveries(hook.id);
      await db.query("update webhook_deliveries set schedule_attempts = 8, next_attempt_at = now() where id = $1", [d.id]);
      expect(await pass()).toMatchObject({ attempts: 1, deliveries_given_up: 1 });
      [d] = await deliveries(hook.id);
      expect(d).toMatchObject({ status: "failed", last_status: 500, next_attempt_at: null, completed_at: expect.any(String) });
      expect((await api("GET", `/api/v1/webhooks/${hook.id}`)).body.active).toBe(true);
    });

    it("survives a restart in the middle of the retry schedule (same webhook-id)", async () => {
      const path = newPath();
      const hook = await subscribe(path);
      receiver.script(path, { status: 500, body: "not yet" });
      await enqueueEvent(db, account.accountId, "document.generated", documentGenerated("j-restart"));
      const options: DispatchOptions = { settings: { timeoutMs: 5000, pollMs: 20 } };

      const first = webhookDeliveryTask(gw.services, options);
      await first.idle();
      await first.stop();
      let [d] = await deliveries(hook.id);
      expect(d).toMatchObject({ status: "pending", attempts: 1, last_status: 500 });
      const [row] = await db.query<{ locked_until: unknown }>("select locked_until from webhook_deliveries where id = $1", [d.id]);
      expect(row.locked_until).toBeNull();

      await makeDue(d.id); // instead of waiting for the retry time
      const second = webhookDeliveryTask(gw.services, options);
      await second.idle();
      await second.stop();
      [d] = await deliveries(hook.id);
      expect(d).toMatchObject({ status: "succeeded", attempts: 2 });
      const ids = receiver.at(path).map((r) => header(r, "webhook-id"));
      expect(ids).toEqual([d.id, d.id]);
    });

    it("an attempt interrupted by a dying worker is taken over when its lease runs out", async () => {
      const path = newPath();
      const hook = await subscribe(path);
      await enqueueEvent(db, account.accountId, "document.generated", documentGenerated("j-lease"));
      await pass({ batchSize: 0 }); // fan out only
      const [claimed] = await claimDueDeliveries(10); // a worker claims, then "dies"
      expect(claimed.attempts).toBe(1);
      expect(await pass()).toMatchObject({ attempts: 0 }); // leased: nobody else sends it
      await db.query("update webhook_deliveries set locked_until = now() - interval '1 second' where id = $1", [claimed.id]);
      expect(await pass()).toMatchObject({ attempts: 1, succeeded: 1 });
      const [d] = await deliveries(hook.id);
      expect(d).toMatchObject({ status: "succeeded", attempts: 2 });
      expect(d.attempt_log.map((a: { attempt: number }) => a.attempt)).toEqual([2]);
    });

    it("several dispatchers at once send every delivery exactly once", async () => {
      const paths = [newPath(), newPath()];
      const hooks = [
        await subscribe(paths[0], ["extraction.completed"]),
        await subscribe(paths[1], ["extraction.completed", "extraction.failed"]),
      ];
      for (let i = 0; i < 15; i++)
        await enqueueEvent(db, account.accountId, "extraction.completed", { job_id: `e${i}`, shipment_id: null, status: "completed" });

      // Two claimers racing for the same rows never get the same one.
      await pass({ batchSize: 0 });
      const [a, b] = await Promise.all([claimDueDeliveries(20), claimDueDeliveries(20)]);
      expect(a.length + b.length).toBe(30);
      expect(new Set([...a, ...b].map((d) => d.id)).size).toBe(30);
      await db.query("update webhook_deliveries set locked_until = null, next_attempt_at = now(), schedule_attempts = 0");

      const workers = [0, 1, 2].map(() => webhookDeliveryTask(gw.services, { batchSize: 4, settings: { timeoutMs: 5000, pollMs: 20 } }));
      await Promise.all(workers.map((w) => w.idle()));
      await Promise.all(workers.map((w) => w.stop()));
      for (const [i, path] of paths.entries()) {
        const ids = receiver.at(path).map((r) => header(r, "webhook-id"));
        expect(ids).toHaveLength(15);
        expect(new Set(ids).size).toBe(15);
        const list = await deliveries(hooks[i].id, "?limit=100");
        expect(list.every((d: { status: string; attempt_log: unknown[] }) => d.status === "succeeded" && d.attempt_log.length === 1)).toBe(
          true,
        );
      }
    });

    it("the delivery log pages, filters, and redelivers on request", async () => {
      const path = newPath();
      const hook = await subscribe(path, ["document.generated", "document.failed"]);
      receiver.script(path, { status: 500 });
      await enqueueEvent(db, account.accountId, "document.generated", documentGenerated("j-log-1"));
      await enqueueEvent(db, account.accountId, "document.failed", {
        job_id: "j-log-2",
        shipment_id: null,
        document_type: "PACKING_LIST",
        status: "failed",
        error_message: "x",
      });
      await pass({ batchSize: 1 });
      await pass({ batchSize: 1 });
      const page = await api("GET", `/api/v1/webhooks/${hook.id}/deliveries?limit=1&page=2`);
      expect(page.status).toBe(200);
      expect(page.body.pagination).toEqual({ page: 2, limit: 1, total: 2, total_pages: 2 });
      expect(page.body.deliveries).toHaveLength(1);
      expect(await deliveries(hook.id, "?status=pending")).toHaveLength(1);
      expect(await deliveries(hook.id, "?event=document.failed")).toHaveLength(1);
      expect((await api("GET", `/api/v1/webhooks/${hook.id}/deliveries?status=bogus`)).body.error).toMatchObject({
        code: "SVC_REQ_002",
        field: "status",
      });

      const [done] = await deliveries(hook.id, "?status=succeeded");
      const r = await api("POST", `/api/v1/webhooks/${hook.id}/deliveries/${done.id}/redeliver`);
      expect(r.status).toBe(202);
      await pass();
      const again = receiver.at(path).filter((x) => header(x, "webhook-id") === done.id);
      expect(again).toHaveLength(2);
      expect(again[1].body).toBe(again[0].body);

      const missing = await api("POST", `/api/v1/webhooks/${hook.id}/deliveries/${crypto.randomUUID()}/redeliver`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe("SVC_WEBHOOK_003");
      expect((await api("GET", `/api/v1/webhooks/${hook.id}/deliveries/${done.id}`, undefined, other.apiKey)).status).toBe(404);
      expect((await api("POST", `/api/v1/webhooks/${hook.id}/deliveries/${done.id}/redeliver`, undefined, other.apiKey)).status).toBe(404);
    });

    it("during a secret rotation both secrets verify webhook-signature; X-Service-Signature uses the new one", async () => {
      const path = newPath();
      const hook = await subscribe(path);
      const rotated = (await api("POST", `/api/v1/webhooks/${hook.id}/rotate-secret`, { previous_secret_ttl_seconds: 3600 })).body;
      await enqueueEvent(db, account.accountId, "document.generated", documentGenerated("j-rot"));
      await pass();
      const [req] = receiver.at(path);
      expect(header(req, "webhook-signature").split(" ")).toHaveLength(2);
      expect(new Webhook(rotated.secret).verify(req.body, req.headers as Record<string, string>)).toBeTruthy();
      expect(new Webhook(hook.secret).verify(req.body, req.headers as Record<string, string>)).toBeTruthy();
      expect(await verify(rotated.secret, req.body, header(req, "x-service-signature"))).toBe(true);

      const own = generateWebhookSecret();
      const ended = (await api("POST", `/api/v1/webhooks/${hook.id}/rotate-secret`, { secret: own, previous_secret_ttl_seconds: 0 })).body;
      expect(ended).toMatchObject({ secret: own, previous_secret_expires_at: null });
      await enqueueEvent(db, account.accountId, "document.generated", documentGenerated("j-rot-2"));
      await pass();
      const second = receiver.at(path)[1];
      expect(header(second, "webhook-signature").split(" ")).toHaveLength(1);
      expect(() => new Webhook(rotated.secret).verify(second.body, second.headers as Record<string, string>)).toThrow();
      expect(new Webhook(own).verify(second.body, second.headers as Record<string, string>)).toBeTruthy();
    });

    it("POST /functions/v1/dispatch-webhooks runs a pass for the service_role only", async () => {
      const path = newPath();
      await subscribe(path);
      await enqueueEvent(db, account.accountId, "document.generated", documentGenerated("j-fn"));
      const denied = await gw.call("POST", "/functions/v1/dispatch-webhooks", { apiKey: account.apiKey, anon: true });
      expect(denied.status).toBe(401);
      expect(denied.body.error.code).toBe("SVC_AUTH_003");
      expect(receiver.at(path)).toHaveLength(0);
      const r = await gw.call("POST", "/functions/v1/dispatch-webhooks", {
        headers: { authorization: `Bearer ${gw.config.serviceRoleKey}` },
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ events_fanned_out: 1, attempts: 1, succeeded: 1 });
      expect(receiver.at(path)).toHaveLength(1);
    });

    // ---- The documented receivers, run as programs against real deliveries -------------------------

    for (const example of [
      { name: "Node", cmd: process.execPath, args: ["docs/examples/webhook-receiver-node.mjs"] },
      { name: "Deno", cmd: DENO, args: ["run", "--allow-net", "--allow-env", "docs/examples/webhook-receiver-deno.ts"] },
    ]) {
      it(`the ${example.name} receiver of docs/examples verifies a real delivery and rejects forgeries and replays`, async () => {
        const secret = generateWebhookSecret();
        let out = "";
        const child: ChildProcess = spawn(example.cmd, example.args, {
          cwd: ROOT,
          env: { ...process.env, WEBHOOK_SECRET: secret, PORT: "0", HOST: "127.0.0.1" },
          stdio: ["ignore", "pipe", "pipe"],
        });
        child.stdout!.on("data", (d) => (out += d));
        child.stderr!.on("data", (d) => (out += d));
        try {
          const port = (
            await waitFor(
              () => out.match(/listening on http:\/\/127\.0\.0\.1:(\d+)/),
              () => out,
              30_000,
            )
          )[1];
          const url = `http://127.0.0.1:${port}/webhooks`;
          const created = await api("POST", "/api/v1/webhooks", { url, events: ["document.generated"], secret });
          expect(created.status).toBe(201);
          const data = documentGenerated("j-example");
          await enqueueEvent(db, account.accountId, "document.generated", data);
          expect(await pass()).toMatchObject({ attempts: 1, succeeded: 1 });
          const line = await waitFor(
            () => out.split("\n").find((l) => l.startsWith('{"received"')),
            () => out,
          );
          const [d] = await deliveries(created.body.id);
          expect(JSON.parse(line)).toEqual({ received: d.id, event: "document.generated", timestamp: expect.any(String), data });
          expect(d.attempt_log[0]).toMatchObject({ status_code: 200, response_excerpt: "ok" });

          // Forged, replayed, and duplicate requests.
          const body = JSON.stringify(d.payload);
          const now = Math.floor(Date.now() / 1000);
          const post = async (headers: Record<string, string>, b = body) => {
            const res = await fetch(url, { method: "POST", headers, body: b });
            return { status: res.status, text: await res.text() };
          };
          const signed = await signDelivery(secret, { id: "msg_manual", timestampSeconds: now, body });
          expect(await post({ ...signed })).toEqual({ status: 200, text: "ok" });
          expect(await post({ ...signed })).toEqual({ status: 200, text: "duplicate, already handled" });
          expect((await post({ ...signed, "webhook-id": "msg_other" }, body.replace("j-example", "j-forged"))).status).toBe(401);
          const wrongKey = await signDelivery(generateWebhookSecret(), { id: "msg_wrong", timestampSeconds: now, body });
          expect(await post({ ...wrongKey })).toMatchObject({ status: 401, text: "X-Service-Signature does not match" });
          const old = await signDelivery(secret, { id: "msg_old", timestampSeconds: now - 3600, body });
          expect((await post({ ...old })).status).toBe(401);
          // A replayer can refresh X-Service-Timestamp, but not webhook-timestamp without breaking webhook-signature.
          const refreshed = { ...old, "x-service-timestamp": String(now), "webhook-timestamp": String(now) };
          expect(await post(refreshed)).toMatchObject({ status: 401, text: "webhook-signature does not match" });
          const { "webhook-signature": _drop, ...unsigned } = signed;
          expect((await post(unsigned)).status).toBe(401);
        } finally {
          child.kill("SIGTERM");
        }
      });
    }
  });
}

describe("Supabase wiring of the migration", () => {
  const migration = () => readFile(join(ROOT, "supabase/migrations/20261121000007_webhooks.sql"), "utf8");

  it("is a no-op where pg_net, pg_cron and Vault are missing (PGlite here; plain PostgreSQL in CI)", async () => {
    const db = await openTestPglite();
    try {
      expect(await db.query("select 1 from pg_trigger where tgname = 'tds_event_outbox_wake'")).toEqual([]);
      expect(await db.query("select 1 from pg_proc where proname = 'tds_wake_webhook_dispatcher'")).toEqual([]);
      await db.exec(await migration()); // re-runnable
    } finally {
      await db.close();
    }
  });

  it("with stand-ins for pg_net, pg_cron and Vault: an outbox insert calls dispatch-webhooks once secrets exist; a schedule is set", async () => {
    const sql = await migration();
    const wiring = sql.slice(sql.indexOf("-- wiring:begin"), sql.indexOf("-- wiring:end"));
    expect(wiring.length).toBeGreaterThan(500);
    const db = await openTestPglite();
    try {
      await db.exec(`
        create role anon; create role authenticated;
        create schema net; create schema vault; create schema cron;
        create table net.calls (url text, headers jsonb, body jsonb);
        create function net.http_post(url text, headers jsonb, body jsonb, timeout_milliseconds int) returns bigint
          language sql as $f$ insert into net.calls values (url, headers, body) returning 1::bigint $f$;
        create table vault.decrypted_secrets (name text, decrypted_secret text);
        create table cron.jobs (name text, schedule text, command text);
        create function cron.schedule(n text, s text, c text) returns bigint
          language sql as $f$ insert into cron.jobs values (n, s, c) returning 1::bigint $f$;
        do $w$ begin ${wiring} end $w$;`);
      const [acct] = await db.query<{ id: string }>("insert into accounts (name, tier) values ('w', 'free') returning id");
      await enqueueEvent(db, acct.id, "document.failed", { job_id: "j" });
      expect(await db.query("select * from net.calls")).toEqual([]); // no secrets yet: skipped
      await db.query(
        "insert into vault.decrypted_secrets values ('project_url', 'https://ref.supabase.co/'), ('service_role_key', 'svc-key')",
      );
      await enqueueEvent(db, acct.id, "document.failed", { job_id: "j2" });
      expect(await db.query("select * from net.calls")).toEqual([
        {
          url: "https://ref.supabase.co/functions/v1/dispatch-webhooks",
          headers: { "content-type": "application/json", authorization: "Bearer svc-key" },
          body: {},
        },
      ]);
      expect(await db.query("select * from cron.jobs")).toEqual([
        { name: "tds-dispatch-webhooks", schedule: "* * * * *", command: "select public.tds_wake_webhook_dispatcher()" },
      ]);
    } finally {
      await db.close();
    }
  });
});

// Keep the receiver helper honest: an unscripted path answers 200, a scripted one in order.
describe("test receiver", () => {
  it("answers scripted replies in order, then 200", async () => {
    const r = await startReceiver();
    try {
      r.script("/a", { status: 500, body: "no" });
      const first = await fetch(`${r.url}/a`, { method: "POST", body: "x" });
      const second = await fetch(`${r.url}/a`, { method: "POST", body: "y" });
      expect([first.status, await first.text(), second.status, await second.text()]).toEqual([500, "no", 200, "ok"]);
      expect(r.at("/a").map((x) => x.body)).toEqual(["x", "y"]);
    } finally {
      await r.close();
    }
  });
});
