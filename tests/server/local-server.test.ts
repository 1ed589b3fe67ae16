import { afterAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { json, spawnServer } from "../support/spawn-server.ts";
import { openTestPostgres } from "../support/databases.ts";

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function createAndRead(url: string, anonKey: string, apiKey: string) {
  const created = await json(
    await fetch(`${url}/functions/v1/create-shipment`, {
      method: "POST",
      headers: { apikey: anonKey, authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ shipment_data: { exporter: { name: "Łódź Textiles" } }, shipment_ref: "P-1" }),
    }),
  );
  expect(created.status).toBe(201);
  return created.body.shipment_id as string;
}

// Each test starts (up to 60 s) and stops (up to 45 s) real server processes; on a loaded 2-core CI machine
// that is more than the suite's 60 s default. A bound on waiting, not a speed check.
describe("the local server (real server process)", { timeout: 240_000 }, () => {
  it("`npm start` starts it as the README says", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "tds-npm-start-"));
    dirs.push(dataDir);
    const server = await spawnServer({ runtime: "node", viaNpm: true, env: { TDS_DATA_DIR: dataDir } });
    try {
      expect((await json(await fetch(`${server.url}/health`))).body).toMatchObject({ status: "ok", database: "pglite" });
      expect(server.defaultApiKey).toMatch(/^tds_/);
    } finally {
      // The stop goes through npm too (the whole process group, as Ctrl+C does). Whether it is graceful is
      // asserted by the restart test below, which signals the server process itself: through npm, 1 stop
      // in 9 did not print "Stopped." within 45 s on 2026-11-24, not yet explained (issue 12's note).
      await server.stop();
    }
  });

  it("serves /health, applies migrations, prints keys once, and keeps data across a restart (PGlite under TDS_DATA_DIR)", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "tds-server-"));
    dirs.push(dataDir);
    const first = await spawnServer({ runtime: "node", env: { TDS_DATA_DIR: dataDir } });
    let id: string;
    try {
      const health = await json(await fetch(`${first.url}/health`));
      expect(health).toMatchObject({ status: 200, body: { status: "ok", database: "pglite" } });
      expect(first.defaultApiKey).toMatch(/^tds_/);
      expect(first.output()).toContain("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24i");
      id = await createAndRead(first.url, first.anonKey, first.defaultApiKey!);
    } finally {
      expect(await first.stop(), first.output()).toBe(true);
    }
    const second = await spawnServer({ runtime: "node", env: { TDS_DATA_DIR: dataDir } });
    try {
      expect(second.defaultApiKey).toBeUndefined();
      const got = await json(
        await fetch(`${second.url}/api/v1/shipments/${id}`, { headers: { authorization: `Bearer ${first.defaultApiKey}` } }),
      );
      expect(got.status).toBe(200);
      expect(got.body).toMatchObject({ id, shipment_ref: "P-1", shipment_data: { exporter: { name: "Łódź Textiles" } } });
    } finally {
      await second.stop();
    }
  });

  // Only defined when CI (or you) point DATABASE_URL at a server.
  if (process.env.DATABASE_URL)
    it("switches to the PostgreSQL server named by DATABASE_URL", async () => {
      const pg = await openTestPostgres(process.env.DATABASE_URL!);
      await pg.db.close();
      try {
        const env = { DATABASE_URL: pg.url, TDS_DATA_DIR: await mkdtemp(join(tmpdir(), "tds-pgserver-")) };
        const first = await spawnServer({ runtime: "node", env });
        let id: string;
        try {
          expect((await json(await fetch(`${first.url}/health`))).body.database).toBe("postgres");
          id = await createAndRead(first.url, first.anonKey, first.defaultApiKey!);
        } finally {
          await first.stop();
        }
        const second = await spawnServer({ runtime: "node", env });
        try {
          const got = await json(
            await fetch(`${second.url}/api/v1/shipments/${id}`, { headers: { authorization: `Bearer ${first.defaultApiKey}` } }),
          );
          expect(got.body.shipment_ref).toBe("P-1");
        } finally {
          await second.stop();
        }
      } finally {
        await pg.drop();
      }
    });
});
