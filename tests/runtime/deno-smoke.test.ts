import { afterAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DENO, json, ROOT, spawnServer } from "../support/spawn-server.ts";

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe("Deno runtime", () => {
  it("deno task start serves the same service (health, functions, REST, OpenAPI)", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "tds-deno-"));
    dirs.push(dataDir);
    const server = await spawnServer({ runtime: "deno", env: { TDS_DATA_DIR: dataDir } });
    try {
      expect((await json(await fetch(`${server.url}/health`))).body).toMatchObject({ status: "ok", database: "pglite" });
      const headers = { apikey: server.anonKey, authorization: `Bearer ${server.defaultApiKey}`, "content-type": "application/json" };
      const created = await json(
        await fetch(`${server.url}/functions/v1/create-shipment`, {
          method: "POST",
          headers,
          body: JSON.stringify({ shipment_data: { exporter: { name: "Łódź" } } }),
        }),
      );
      expect(created.status).toBe(201);
      const listed = await json(await fetch(`${server.url}/api/v1/shipments`, { headers }));
      expect(listed.body.shipments.map((s: { id: string }) => s.id)).toEqual([created.body.shipment_id]);
      const bad = await json(await fetch(`${server.url}/functions/v1/save-draft`, { method: "POST", headers, body: "[" }));
      expect(bad).toMatchObject({ status: 400, body: { error: { code: "SVC_REQ_001" } } });
      expect((await json(await fetch(`${server.url}/api/v1/openapi.json`))).body.openapi).toBe("3.1.0");
    } finally {
      expect(await server.stop()).toBe(true);
    }

    // Each function is an independent edge function: run one on its own, as Supabase would, on the same data.
    const _port = 20000 + Math.floor(Math.random() * 20000);
    const child = spawn(DENO, ["run", "-A", "functions/get-shipment/index.ts"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: "", SUPABASE_DB_URL: "", TDS_DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    try {
      const m = await waitFor(
        () => out.match(/Listening on https?:\/\/[^:]+:(\d+)/),
        30_000,
        () => out,
      );
      const res = await json(
        await fetch(`http://127.0.0.1:${m[1]}/get-shipment?status=created`, {
          headers: { apikey: server.anonKey, authorization: `Bearer ${server.defaultApiKey}` },
        }),
      );
      expect(res.status).toBe(200);
      expect(res.body.shipments).toHaveLength(1);
    } finally {
      child.kill("SIGTERM");
    }
  });
});

async function waitFor<T>(probe: () => T | null | undefined, ms: number, describe: () => string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out; output:\n${describe()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
