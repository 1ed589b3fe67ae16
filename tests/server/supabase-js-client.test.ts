import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateCredentialKey } from "../../shared/credentials/credential-keys.ts";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { createClient, FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js";
import { spawnServer, type SpawnedServer } from "../support/spawn-server.ts";
import { makeSigningKey, signRoleJwt, startJwksServer, type SigningKey } from "../support/jwks-server.ts";
import { SUPABASE_LOCAL_ANON_KEY } from "../../shared/runtime/config.ts";

/** Calls the functions exactly as a Supabase user would: supabase-js with the anon key plus a Bearer API key. */
describe("supabase-js functions.invoke against the local server", () => {
  let server: SpawnedServer;
  let dataDir: string;
  let supabase: SupabaseClient;
  const auth = () => ({ Authorization: `Bearer ${server.defaultApiKey}` });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "tds-supabase-js-"));
    server = await spawnServer({ runtime: "node", env: { TDS_DATA_DIR: dataDir, TDS_DEFAULT_TIER: "starter" } });
    supabase = createClient(server.url, server.anonKey, { realtime: { transport: WebSocket as never }, auth: { persistSession: false } });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("creates, saves a draft and reads shipments", async () => {
    const created = await supabase.functions.invoke("create-shipment", {
      body: { shipment_data: { exporter: { name: "Müller GmbH", country: "DE" } }, shipment_ref: "SB-1" },
      headers: auth(),
    });
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ shipment_ref: "SB-1", status: "created", generation_count: 0, max_generations: 5 });

    const draft = await supabase.functions.invoke("save-draft", {
      body: { shipment_data: { goods: { currency: "EUR" } } },
      headers: auth(),
    });
    expect(draft.error).toBeNull();
    expect(draft.data.shipment_id).toMatch(/^[0-9a-f-]{36}$/);

    const got = await supabase.functions.invoke(`get-shipment?id=${created.data.shipment_id}`, { method: "GET", headers: auth() });
    expect(got.error).toBeNull();
    expect(got.data).toMatchObject({
      id: created.data.shipment_id,
      shipment_data: { exporter: { name: "Müller GmbH" } },
      generation_history: [],
    });

    const list = await supabase.functions.invoke("get-shipment?status=draft", { method: "GET", headers: auth() });
    expect(list.data.shipments.map((s: { id: string }) => s.id)).toEqual([draft.data.shipment_id]);
  });

  it("surfaces the error envelope through FunctionsHttpError", async () => {
    const bad = await supabase.functions.invoke("save-draft", { body: { shipment_data: {} }, headers: auth() });
    expect(bad.error).toBeInstanceOf(FunctionsHttpError);
    const res = (bad.error as FunctionsHttpError).context as Response;
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("SVC_DRAFT_002");

    const noKey = await supabase.functions.invoke("create-shipment", { body: { shipment_data: {} } });
    const res401 = (noKey.error as FunctionsHttpError).context as Response;
    expect(res401.status).toBe(401);
    expect((await res401.json()).error.code).toBe("SVC_AUTH_001");
  });
});

/**
 * A deployment on today's Supabase keys (NODE_ENV=production, so no published default is accepted):
 * supabase-js sends the publishable key as `apikey`; admin calls carry the secret key.
 */
describe("supabase-js with a publishable key against a production-configured server", () => {
  const publishable = "sb_publishable_" + "mX4rT8vK2pQ9wL5nB7cZ_eH1";
  const secret = "sb_secret_" + "gJ6yU3fD8sA2kP0oI9tR_wQ4";
  let server: SpawnedServer;
  let dataDir: string;
  let jwks: Awaited<ReturnType<typeof startJwksServer>>;
  let signing: SigningKey;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "tds-supabase-keys-"));
    signing = await makeSigningKey("deploy-1");
    jwks = await startJwksServer([signing]);
    server = await spawnServer({
      runtime: "node",
      env: {
        NODE_ENV: "production",
        TDS_DATA_DIR: dataDir,
        SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: publishable }),
        SUPABASE_SECRET_KEYS: JSON.stringify({ default: secret }),
        SUPABASE_JWKS_URL: jwks.jwksUrl,
        TDS_DOWNLOAD_SECRET: "3f0c9a4e8b7d6c5b4a39281706f5e4d3c2b1a0f9e8d7c6b5",
        TDS_WEBHOOK_SECRET_KEY: "9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f",
        TDS_CREDENTIAL_KEYS: JSON.stringify({ keys: [await generateCredentialKey()] }),
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await jwks?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("prints no keys, only which kinds it accepts", () => {
    expect(server.output()).not.toMatch(/anon key:|service_role key:/);
    expect(server.output()).toMatch(
      /apikey accepts: a publishable key \(sb_publishable_…\), a secret key \(sb_secret_…\) or an anon or service_role JWT signed with/,
    );
    expect(server.output()).not.toContain(publishable);
  });

  it("serves functions.invoke with the publishable key plus an API key; admin calls need the secret key", async () => {
    const admin = await fetch(`${server.url}/api/v1/accounts`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Deployed", tier: "starter" }),
    });
    expect(admin.status).toBe(201);
    const { api_key: apiKey } = await admin.json();

    const supabase = createClient(server.url, publishable, {
      realtime: { transport: WebSocket as never },
      auth: { persistSession: false },
    });
    const created = await supabase.functions.invoke("create-shipment", {
      body: { shipment_data: { exporter: { name: "Nordic Export AB", country: "SE" } }, shipment_ref: "PK-1" },
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ shipment_ref: "PK-1", status: "created" });

    // The local development keys mean nothing here.
    const legacy = createClient(server.url, SUPABASE_LOCAL_ANON_KEY, {
      realtime: { transport: WebSocket as never },
      auth: { persistSession: false },
    });
    const refused = await legacy.functions.invoke("get-shipment?status=created", {
      method: "GET",
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    const res = (refused.error as FunctionsHttpError).context as Response;
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatchObject({ code: "SVC_AUTH_002", message: expect.stringContaining("sb_publishable_") });

    // supabase-js with the secret key sends it as apikey and Bearer: the admin endpoint accepts it,
    // and a service_role JWT signed with the project's key too; the publishable key is refused.
    const asAdmin = (key: string) =>
      fetch(`${server.url}/api/v1/accounts`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, apikey: key, "content-type": "application/json" },
        body: JSON.stringify({ name: "Second", tier: "free" }),
      });
    expect((await asAdmin(await signRoleJwt(signing, "service_role"))).status).toBe(201);
    const notAdmin = await asAdmin(publishable);
    expect(notAdmin.status).toBe(401);
    expect((await notAdmin.json()).error.code).toBe("SVC_AUTH_003");
    expect(jwks.fetches()).toBe(1);
  });
});
