import { afterAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { openTestPostgres } from "../support/databases.ts";
import { json, ROOT, spawnServer, type SpawnedServer } from "../support/spawn-server.ts";
import { sampleShipment } from "../support/sample-shipments.ts";
import { HS_FIXTURES, HS_TABLES, writeHsFixtures } from "../support/hs-fixtures.ts";
import { importReferenceDir } from "../../shared/reference/import-reference-dir.ts";
import { lineIndexFormat } from "../../shared/hs-codes/stored-line-index.ts";

interface SpawnedWorker {
  output(): string;
  stop(): Promise<boolean>;
}

/** `npm run worker` (tsx scripts/worker.ts) as a child process; resolves once it announced "Worker ready.". */
async function spawnWorker(env: Record<string, string>): Promise<SpawnedWorker> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    cwd: ROOT,
    env: { ...process.env, HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const deadline = Date.now() + 60_000;
  while (!out.includes("Worker ready.")) {
    if (child.exitCode !== null) throw new Error(`worker exited early (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) throw new Error(`worker did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    output: () => out,
    stop: async () => {
      child.kill("SIGTERM");
      const until = Date.now() + 30_000;
      while (!out.includes("Stopped.") && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      const graceful = out.includes("Stopped.");
      if (!graceful) child.kill("SIGKILL");
      await exited;
      return graceful;
    },
  };
}

/** Polls `probe` until it holds; on time-out the error carries `state()`, so a failure says where things stood. */
async function waitUntil(probe: () => Promise<boolean>, ms: number, what: string, state?: () => Promise<string>): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${state ? `:\n${await state()}` : ""}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function textPdf(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((l, i) => page.drawText(l, { x: 50, y: 780 - i * 16, size: 11, font }));
  return doc.save();
}

// The worker shares the queue through PostgreSQL (PGlite cannot be shared between processes), so these
// run when CI (or you) point DATABASE_URL at a server.
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe.runIf(!!process.env.DATABASE_URL)("npm run worker: functions only enqueue, workers do the work", () => {
  it("jobs wait (and say so) while no worker runs, complete when one starts; the worker serves the verification page PUBLIC_BASE_URL points at", async () => {
    const pg = await openTestPostgres(process.env.DATABASE_URL!);
    const dataDir = await mkdtemp(join(tmpdir(), "tds-worker-"));
    dirs.push(dataDir);
    const pagesPort = 20000 + Math.floor(Math.random() * 20000);
    const pagesBase = `http://127.0.0.1:${pagesPort}`;
    const shared = { DATABASE_URL: pg.url, TDS_DATA_DIR: dataDir, TDS_STORAGE: "local", PUBLIC_BASE_URL: pagesBase };
    let server: SpawnedServer | undefined;
    let worker: SpawnedWorker | undefined;
    try {
      server = await spawnServer({ runtime: "node", env: { ...shared, TDS_IN_PROCESS_JOBS: "false" } });
      const headers = { apikey: server.anonKey, authorization: `Bearer ${server.defaultApiKey}` };
      const gen = await json(
        await fetch(`${server.url}/functions/v1/generate-documents`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({
            shipment: sampleShipment(),
            document_types: ["PACKING_LIST", "COMMERCIAL_INVOICE"],
            confirm_warnings: true,
          }),
        }),
      );
      expect(gen.status).toBe(202);
      const jobIds: string[] = gen.body.jobs.map((j: { jobId: string }) => j.jobId);
      const form = new FormData();
      form.set(
        "file",
        new Blob([(await textPdf(["COMMERCIAL INVOICE", "Exporter: Acme Export GmbH", "Invoice No: INV-1"])) as Uint8Array<ArrayBuffer>], {
          type: "application/pdf",
        }),
        "invoice.pdf",
      );
      const ext = await json(await fetch(`${server.url}/api/v1/extract`, { method: "POST", headers, body: form }));
      expect(ext.status).toBe(202);

      // Nobody works on the queue: the jobs stay queued and their status says why.
      await new Promise((r) => setTimeout(r, 1500));
      const doc = await json(await fetch(`${server.url}/api/v1/documents/${jobIds[0]}`, { headers }));
      expect(doc.body).toMatchObject({ status: "queued", status_detail: expect.stringMatching(/^waiting for a worker/) });
      const pending = await json(await fetch(`${server.url}/api/v1/extract/${ext.body.job_id}`, { headers }));
      expect(pending.body).toMatchObject({ status: "processing", status_detail: expect.stringMatching(/^waiting for a worker/) });

      worker = await spawnWorker({ ...shared, TDS_WORKER_PORT: String(pagesPort) });
      await waitUntil(
        async () => {
          const all = await Promise.all(
            jobIds.map(async (id) => (await json(await fetch(`${server!.url}/api/v1/documents/${id}`, { headers }))).body),
          );
          return all.every((d) => d.status === "completed");
        },
        60_000,
        "the documents",
      );
      await waitUntil(
        async () => (await json(await fetch(`${server!.url}/api/v1/extract/${ext.body.job_id}`, { headers }))).body.status !== "processing",
        60_000,
        "the extraction",
      );
      const done = await json(await fetch(`${server.url}/api/v1/extract/${ext.body.job_id}`, { headers }));
      expect(done.body.status_detail).toBeUndefined();

      // The verification address in the document (and its QR code) is the worker's page.
      const finished = (await json(await fetch(`${server.url}/api/v1/documents/${jobIds[0]}`, { headers }))).body;
      expect(finished.verification_url).toBe(`${pagesBase}/verify/${finished.hash}`);
      expect(finished.status_detail).toBeUndefined();
      const page = await fetch(finished.verification_url);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await page.text()).toContain(finished.hash);
      expect((await fetch(`${pagesBase}/verify/sha256:${"0".repeat(64)}`)).status).toBe(404);

      // The dashboard is served by the worker too (Supabase would hand its HTML out as text/plain), with its
      // own assets and security headers, from the same database.
      const signIn = await fetch(`${pagesBase}/dashboard/sign-in`);
      expect(signIn.status).toBe(200);
      expect(signIn.headers.get("content-type")).toMatch(/^text\/html/);
      expect(signIn.headers.get("content-security-policy")).toMatch(/script-src 'self'/);
      const signInPage = await signIn.text();
      expect(signInPage).toMatch(/<form[^>]+method="post"/i);
      const stylesheet = signInPage.match(/href="(\/dashboard\/assets\/app\.css[^"]*)"/)?.[1];
      expect(stylesheet).toBeDefined();
      expect((await fetch(`${pagesBase}${stylesheet}`)).status).toBe(200);
    } finally {
      if (worker) expect(await worker.stop()).toBe(true);
      if (server) await server.stop();
      await pg.drop();
    }
  }, 240_000);

  it("two workers share the queue: every job is done and every webhook delivered exactly once", async () => {
    const pg = await openTestPostgres(process.env.DATABASE_URL!);
    const dataDir = await mkdtemp(join(tmpdir(), "tds-workers-"));
    dirs.push(dataDir);
    // The receiver is on 127.0.0.1: private targets are allowed here.
    const shared = { DATABASE_URL: pg.url, TDS_DATA_DIR: dataDir, TDS_STORAGE: "local", TDS_WEBHOOKS_ALLOW_PRIVATE: "true" };
    const webhookIds: string[] = [];
    const receiver = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        webhookIds.push(String(req.headers["webhook-id"]));
        res.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    let server: SpawnedServer | undefined;
    const workers: SpawnedWorker[] = [];
    try {
      server = await spawnServer({ runtime: "node", env: { ...shared, TDS_IN_PROCESS_JOBS: "false" } });
      const headers = { apikey: server.anonKey, authorization: `Bearer ${server.defaultApiKey}`, "content-type": "application/json" };
      const hook = await json(
        await fetch(`${server.url}/api/v1/webhooks`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            url: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`,
            events: ["document.generated"],
          }),
        }),
      );
      expect(hook.status).toBe(201);
      const jobIds: string[] = [];
      for (let i = 0; i < 6; i++) {
        const gen = await json(
          await fetch(`${server.url}/functions/v1/generate-documents`, {
            method: "POST",
            headers,
            body: JSON.stringify({
              shipment: sampleShipment(),
              document_types: ["PACKING_LIST", "COMMERCIAL_INVOICE"],
              confirm_warnings: true,
            }),
          }),
        );
        expect(gen.status).toBe(202);
        jobIds.push(...gen.body.jobs.map((j: { jobId: string }) => j.jobId));
      }
      workers.push(...(await Promise.all([spawnWorker(shared), spawnWorker(shared)])));
      await waitUntil(
        async () =>
          (await pg.db.query<{ n: number }>("select count(*)::int as n from generation_jobs where status = 'completed'"))[0].n ===
          jobIds.length,
        // A bound on waiting, not a speed check: twelve renders on two single-slot workers took 145 s in a
        // full run on a machine loaded 5-7 times over, 15 s alone.
        300_000,
        "every job",
        async () =>
          JSON.stringify(
            await pg.db.query("select status, attempts, locked_until, error_message from generation_jobs order by created_at, id"),
          ) + workers.map((w, i) => `\n--- worker ${i}:\n${w.output().slice(-3000)}`).join(""),
      );
      const rows = await pg.db.query<{ id: string; attempts: number }>("select id, attempts from generation_jobs order by id");
      expect(rows.map((r) => r.id).sort()).toEqual([...jobIds].sort());
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
      const events = await pg.db.query<{ job_id: string; n: number }>(
        "select payload->'data'->>'job_id' as job_id, count(*)::int as n from event_outbox where event = 'document.generated' group by 1",
      );
      expect(events).toHaveLength(jobIds.length);
      expect(events.every((e) => e.n === 1)).toBe(true);
      // Each job's webhook went out once, through the workers' loop on the same queue.
      await waitUntil(
        async () =>
          (await pg.db.query<{ n: number }>("select count(*)::int as n from webhook_deliveries where status = 'succeeded'"))[0].n ===
          jobIds.length,
        60_000,
        "every webhook delivery",
      );
      expect(webhookIds).toHaveLength(jobIds.length);
      expect(new Set(webhookIds).size).toBe(jobIds.length);
      const deliveries = await pg.db.query<{ attempts: number }>("select attempts from webhook_deliveries");
      expect(deliveries.every((d) => d.attempts === 1)).toBe(true);
      // Both workers announced themselves on each queue.
      const announced = await pg.db.query<{ job_table: string; n: number }>(
        "select job_table, count(*)::int as n from job_workers group by job_table order by job_table",
      );
      expect(announced).toEqual([
        { job_table: "extraction_jobs", n: 2 },
        { job_table: "generation_jobs", n: 2 },
        { job_table: "webhook_deliveries", n: 2 },
      ]);
    } finally {
      for (const w of workers) expect(await w.stop()).toBe(true);
      if (server) await server.stop();
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
      await pg.drop();
    }
  }, 480_000);

  it("stores HS search's line indexes at start when the database has none (imported before they were stored)", async () => {
    const pg = await openTestPostgres(process.env.DATABASE_URL!);
    const dataDir = await mkdtemp(join(tmpdir(), "tds-worker-"));
    const hsDir = await mkdtemp(join(tmpdir(), "tds-worker-hs-"));
    dirs.push(dataDir, hsDir);
    let worker: SpawnedWorker | undefined;
    try {
      await writeHsFixtures(hsDir, HS_FIXTURES);
      await importReferenceDir(pg.db, hsDir, { only: HS_TABLES });
      await pg.db.query("delete from hs_search_line_index");
      worker = await spawnWorker({ DATABASE_URL: pg.url, TDS_DATA_DIR: dataDir, TDS_STORAGE: "local" });
      const current = async () =>
        (
          await pg.db.query<{ n: number }>(
            `select count(*)::int as n from hs_search_line_index i
               join hs_search_builds b on b.schedule = i.schedule and b.built_at = i.built_at where i.format = $1`,
            [lineIndexFormat()],
          )
        )[0].n;
      await waitUntil(async () => (await current()) === 5, 60_000, "the five stored line indexes");
      expect(worker.output()).toContain("HS search line indexes stored (eu, in, uk, us, wco)");
    } finally {
      if (worker) expect(await worker.stop()).toBe(true);
      await pg.drop();
    }
  }, 120_000);
});
