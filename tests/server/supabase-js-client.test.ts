import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { createClient, FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js";
import { spawnServer, type SpawnedServer } from "../support/spawn-server.ts";

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

    const draft = await supabase.functions.invoke("save-draft", { body: { shipment_data: { goods: { currency: "EUR" } } }, headers: auth() });
    expect(draft.error).toBeNull();
    expect(draft.data.shipment_id).toMatch(/^[0-9a-f-]{36}$/);

    const got = await supabase.functions.invoke(`get-shipment?id=${created.data.shipment_id}`, { method: "GET", headers: auth() });
    expect(got.error).toBeNull();
    expect(got.data).toMatchObject({ id: created.data.shipment_id, shipment_data: { exporter: { name: "Müller GmbH" } }, generation_history: [] });

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
