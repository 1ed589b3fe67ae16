// npm run bench -- dashboard: server time per dashboard page (signed in, GET over HTTP on 127.0.0.1)
// with an account of 50 shipments, 5 API keys, 3 webhook endpoints (one with 60 deliveries), 6 members.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../shared/runtime/config.ts";
import { startLocalServer } from "../shared/server/start-local-server.ts";
import { sampleShipment } from "../tests/support/sample-shipments.ts";
import { createApiKey } from "../shared/accounts/account-repository.ts";
import { hashPassword } from "../shared/accounts/passwords.ts";
import { insertMember } from "../shared/accounts/member-repository.ts";
import { insertSubscription } from "../shared/webhooks/webhook-repository.ts";
import { enqueueTestDelivery } from "../shared/webhooks/test-delivery.ts";
import { webhookSettings } from "../shared/webhooks/webhook-settings.ts";
import { machine, ms, summarise, table } from "./support.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const dataDir = mkdtempSync(join(tmpdir(), "tds-bench-dashboard-"));
const config = loadConfig({ port: 0, dataDir, databaseUrl: process.env.BENCH_DATABASE_URL || undefined });
const server = await startLocalServer(config, { publicBaseUrlFromEnv: false });
const { db } = server.services;
try {
  const admin = { authorization: `Bearer ${config.serviceRoleKey}`, "content-type": "application/json" };
  const account = await (
    await fetch(`${server.url}/api/v1/accounts`, {
      method: "POST",
      headers: admin,
      body: JSON.stringify({ name: "Bench account", tier: "scale" }),
    })
  ).json();
  const accountId: string = account.account_id;
  const auth = { authorization: `Bearer ${account.api_key}`, "content-type": "application/json" };
  let shipmentId = "";
  for (let i = 0; i < 50; i++) {
    const r = await fetch(`${server.url}/api/v1/shipments`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ shipment_data: sampleShipment(), shipment_ref: `BENCH-${i}`, draft: i % 5 === 0 }),
    });
    if (r.status !== 201) throw new Error(`shipment: ${r.status} ${await r.text()}`);
    shipmentId = (await r.json()).id;
  }
  for (let i = 0; i < 4; i++) await createApiKey(db, accountId, `key ${i}`);
  const password = "benchmark password 123";
  const hash = await hashPassword(password);
  for (let i = 0; i < 6; i++)
    await insertMember(db, {
      accountId,
      email: `person${i}@example.com`,
      role: i === 0 ? "owner" : i < 3 ? "admin" : "member",
      passwordHash: hash,
    });
  let hookId = "";
  for (let i = 0; i < 3; i++) {
    const sub = await insertSubscription(
      db,
      accountId,
      { url: `https://hooks${i}.example.com/tds`, events: ["document.generated"], description: null, active: i > 0 },
      "whsec_" + Buffer.alloc(32, i + 1).toString("base64"),
      webhookSettings(config).secretKeyMaterial,
    );
    hookId ||= sub!.id;
  }
  // Deliveries to an inactive endpoint stay pending (not sent): a full log page to render.
  await db.query("update webhook_subscriptions set active = true where id = $1", [hookId]);
  for (let i = 0; i < 60; i++) await enqueueTestDelivery(db, accountId, hookId);
  await db.query("update webhook_subscriptions set active = false where id = $1", [hookId]);

  // Sign in through the form (one scrypt), keep the cookie.
  const form = await fetch(`${server.url}/dashboard/sign-in`);
  const token = (await form.text()).match(/name="_csrf" value="([^"]+)"/)![1];
  const pre = form.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const t0 = performance.now();
  const signIn = await fetch(`${server.url}/dashboard/sign-in`, {
    method: "POST",
    headers: { cookie: pre, "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: new URLSearchParams({ _csrf: token, email: "person0@example.com", password }).toString(),
    redirect: "manual",
  });
  const signInMs = performance.now() - t0;
  if (signIn.status !== 303) throw new Error(`sign-in: ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  const pages: [string, string][] = [
    ["Shipments list (50 shipments)", "/dashboard/shipments"],
    ["Shipment page", `/dashboard/shipments/${shipmentId}`],
    ["Shipment form (edit)", `/dashboard/shipments/${shipmentId}/edit`],
    ["New shipment form", "/dashboard/shipments/new"],
    ["From a document", "/dashboard/from-document"],
    ["API keys", "/dashboard/settings/api-keys"],
    ["Webhooks list", "/dashboard/settings/webhooks"],
    ["Webhook endpoint with its log (20 of 60 deliveries)", `/dashboard/settings/webhooks/${hookId}`],
    ["Members", "/dashboard/settings/members"],
    ["Account (usage)", "/dashboard/account"],
  ];
  const rows: (string | number)[][] = [];
  for (const [name, path] of pages) {
    const get = async () => {
      const r = await fetch(`${server.url}${path}`, { headers: { cookie }, redirect: "manual" });
      const body = await r.arrayBuffer();
      return { status: r.status, bytes: body.byteLength };
    };
    const first = await get();
    if (first.status !== 200) {
      rows.push([name, "—", "—", "—", "—", `HTTP ${first.status}: not measured`]);
      continue;
    }
    for (let i = 0; i < 20; i++) await get();
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await get();
      samples.push(performance.now() - t);
    }
    const s = summarise(samples);
    rows.push([name, s.n, ms(s.p50), ms(s.p95), ms(s.max), `${(first.bytes / 1024).toFixed(1)} KB${s.p95 <= 50 ? "" : " — over 50 ms"}`]);
  }
  console.log(`\nDashboard pages, signed in, GET over HTTP on 127.0.0.1 (${machine()}, ${db.kind}):\n`);
  console.log(table(["page", "n", "p50", "p95", "max", "HTML size / note"], rows));
  console.log(`\nSign-in (scrypt N=2^15, r=8, p=1, plus session): ${ms(signInMs)} (one request)`);
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
