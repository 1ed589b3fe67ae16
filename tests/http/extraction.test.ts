import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import JSZip from "jszip";
import { testBackends } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from "../support/openai-compatible-server.ts";
import type { Db } from "../../shared/db/types.ts";
import type { BackgroundTask } from "../../shared/server/background-tasks.ts";
import { cleanupExpiredUploads, createExtractionTask } from "../../shared/extraction/extraction-task.ts";
import { extractionConfigWith, type ExtractionConfig } from "../../shared/extraction/extraction-config.ts";
import { flattenResultTree } from "../../shared/extraction/extraction-result.ts";
import { JOB_MAX_INTERRUPTED_ATTEMPTS } from "../../shared/jobs/job-queue.ts";
import { makeShipment } from "../support/extraction-corpus/corpus-data.ts";
import { boxedEnglish, inlineGerman } from "../support/extraction-corpus/pdf-styles.ts";
import { sheetGerman, writeXlsx } from "../support/extraction-corpus/sheet-styles.ts";
import { modelAnswer } from "../support/model-answer.ts";

const fixtures = join(import.meta.dirname, "../unit/extraction/fixtures");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_UPLOAD = 1_000_000;

for (const backend of testBackends()) {
  describe(`extraction API on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    let gw: TestGateway;
    let key: string;
    let accountId: string;
    let otherKey: string;
    let task: BackgroundTask;
    let model: OpenAiCompatibleServer;
    const builtin = () => extractionConfigWith({ extractor: "builtin", pollMs: 20 });
    const startTask = (config: ExtractionConfig = builtin()) => {
      task = createExtractionTask(gw.services, { config });
      return task;
    };

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      gw = await createTestGateway(db, { maxUploadBytes: MAX_UPLOAD });
      ({ apiKey: key, accountId } = await gw.createAccount("growth"));
      otherKey = (await gw.createAccount("growth", "Other")).apiKey;
      model = await startOpenAiCompatibleServer({ answer: modelAnswer() });
      startTask();
    });
    afterAll(async () => {
      await task?.stop();
      await model?.close();
      await close?.();
    });

    async function upload(file: Uint8Array | null, name: string, type: string, fields: Record<string, string> = {}, apiKey = key) {
      const form = new FormData();
      if (file) form.append("file", new Blob([file as BlobPart], { type }), name);
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      const res = await gw.fetch("/api/v1/extract", { method: "POST", headers: { authorization: `Bearer ${apiKey}` }, body: form });
      return { status: res.status, body: await res.json() };
    }
    const get = (id: string, apiKey = key) => gw.call("GET", `/api/v1/extract/${id}`, { apiKey });
    const finished = async (id: string) => {
      await task.idle();
      return (await get(id)).body;
    };
    const events = (event: string, jobId: string) =>
      db.query<{ payload: any; account_id: string }>(
        "select payload, account_id from event_outbox where event = $1 and payload #>> '{data,job_id}' = $2",
        [event, jobId],
      );
    const jobCount = async () => (await db.query<{ n: number }>("select count(*)::int as n from extraction_jobs"))[0].n;

    it("text PDF: 202 processing at once, then completed with {value, confidence} leaves, stored upload and an outbox event", async () => {
      const doc = await boxedEnglish(makeShipment(8));
      const r = await upload(doc.bytes, "Invoice März 2025.pdf", "application/pdf");
      expect(r.status).toBe(202);
      expect(Object.keys(r.body).sort()).toEqual(["created_at", "job_id", "status"]);
      expect(r.body.job_id).toMatch(UUID);
      expect(r.body.status).toBe("processing");
      expect(Date.parse(r.body.created_at)).not.toBeNaN();

      const job = await finished(r.body.job_id);
      expect(job).toMatchObject({
        job_id: r.body.job_id,
        status: "completed",
        extractor: "builtin",
        input_source: "pdf-text",
        shipment_id: null,
      });
      expect(Date.parse(job.completed_at)).not.toBeNaN();
      expect(job.error).toBeUndefined();
      const leaves = flattenResultTree(job.result);
      expect(leaves["exporter.name"].value).toBe(doc.expected["exporter.name"]);
      expect(leaves["goods.line_items[0].quantity"].value).toBe(doc.expected["goods.line_items[0].quantity"]);
      expect(leaves["goods.total_value"].value).toBe(doc.expected["goods.total_value"]);
      for (const leaf of Object.values(leaves)) {
        expect(leaf.confidence).toBeGreaterThanOrEqual(0);
        expect(leaf.confidence).toBeLessThanOrEqual(1);
      }

      const [row] = await db.query<{ blob_key: string; file_kind: string; size_bytes: number }>(
        "select blob_key, file_kind, size_bytes from extraction_jobs where id = $1",
        [r.body.job_id],
      );
      expect(row.blob_key).toBe(`uploads/${accountId}/${r.body.job_id}/Invoice_Marz_2025.pdf`);
      expect(row).toMatchObject({ file_kind: "pdf", size_bytes: doc.bytes.byteLength });
      expect((await gw.services.blobs.get(row.blob_key))!.bytes).toEqual(doc.bytes);

      const ev = await events("extraction.completed", r.body.job_id);
      expect(ev).toHaveLength(1);
      expect(ev[0].account_id).toBe(accountId);
      expect(ev[0].payload).toMatchObject({
        event: "extraction.completed",
        data: {
          job_id: r.body.job_id,
          shipment_id: null,
          status: "completed",
          extractor: "builtin",
          input_source: "pdf-text",
          file_name: "Invoice März 2025.pdf",
        },
      });
      expect(ev[0].payload.data.field_count).toBe(Object.keys(leaves).length);
      expect(Date.parse(ev[0].payload.timestamp)).not.toBeNaN();
    });

    it("XLSX, legacy XLS and a PNG (real OCR) complete too", async () => {
      const sheet = sheetGerman(makeShipment(9));
      const xlsx = await upload(await writeXlsx(sheet), "rechnung.xlsx", "application/octet-stream");
      const xls = await upload(
        new Uint8Array(await readFile(join(fixtures, "invoice-xlwt.xls"))),
        "legacy.xls",
        "application/vnd.ms-excel",
      );
      const png = await upload(new Uint8Array(await readFile(join(fixtures, "invoice-snippet.png"))), "scan.png", "image/png");
      for (const r of [xlsx, xls, png]) expect(r.status).toBe(202);
      const a = await finished(xlsx.body.job_id);
      expect(a).toMatchObject({ status: "completed", input_source: "spreadsheet" });
      expect(flattenResultTree(a.result)["importer.name"].value).toBe(sheet.expected["importer.name"]);
      const b = await finished(xls.body.job_id);
      expect(b).toMatchObject({ status: "completed", input_source: "spreadsheet" });
      expect(b.result.goods.line_items.length).toBe(5);
      const c = await finished(png.body.job_id);
      expect(c).toMatchObject({ status: "completed", input_source: "image-ocr" });
      expect(c.result.exporter.name.value).toBe("Acme Widgets Ltd");
      expect(c.result.exporter.name.confidence).toBeLessThan(1);
    });

    it("a corrupt file fails the job with SVC_EXTRACT_002 and writes extraction.failed", async () => {
      const r = await upload(new TextEncoder().encode("%PDF-1.7\nthis is not really a PDF"), "broken.pdf", "application/pdf");
      expect(r.status).toBe(202);
      const job = await finished(r.body.job_id);
      expect(job.status).toBe("failed");
      expect(job.error.code).toBe("SVC_EXTRACT_002");
      expect(job.error.message).toMatch(/PDF could not be read/);
      expect(job.result).toBeUndefined();
      const ev = await events("extraction.failed", r.body.job_id);
      expect(ev).toHaveLength(1);
      expect(ev[0].payload).toMatchObject({
        event: "extraction.failed",
        data: {
          job_id: r.body.job_id,
          shipment_id: null,
          status: "failed",
          error: { code: "SVC_EXTRACT_002", message: job.error.message },
        },
      });
      expect(await events("extraction.completed", r.body.job_id)).toHaveLength(0);
    });

    it("shipment_id links the job (no merge); an unknown or another account's shipment is 404 SVC_SHIP_004", async () => {
      const shipment = await gw.call("POST", "/api/v1/shipments", {
        body: { shipment_data: { exporter: { name: "Original name" } } },
        apiKey: key,
      });
      const id = shipment.body.id;
      const r = await upload((await inlineGerman(makeShipment(10))).bytes, "re.pdf", "application/pdf", { shipment_id: id });
      expect(r.status).toBe(202);
      const job = await finished(r.body.job_id);
      expect(job).toMatchObject({ status: "completed", shipment_id: id });
      expect((await events("extraction.completed", r.body.job_id))[0].payload.data.shipment_id).toBe(id);
      const after = await gw.call("GET", `/api/v1/shipments/${id}`, { apiKey: key });
      expect(after.body.shipment_data).toEqual({ exporter: { name: "Original name" } });

      const before = await jobCount();
      const pdf = (await inlineGerman(makeShipment(10))).bytes;
      for (const bad of [crypto.randomUUID(), "not-a-uuid"]) {
        const e = await upload(pdf, "x.pdf", "application/pdf", { shipment_id: bad });
        expect(e.status).toBe(404);
        expect(e.body.error.code).toBe("SVC_SHIP_004");
      }
      const foreign = await upload(pdf, "x.pdf", "application/pdf", { shipment_id: id }, otherKey);
      expect(foreign.status).toBe(404);
      expect(await jobCount()).toBe(before);
    });

    it("upload errors: clear codes, and no job row", async () => {
      const before = await jobCount();
      const json = await gw.call("POST", "/api/v1/extract", { body: { file: "x" }, apiKey: key });
      expect(json.status).toBe(415);
      expect(json.body.error.code).toBe("SVC_REQ_003");

      const noFile = await upload(null, "", "", { shipment_id: "" });
      expect(noFile.status).toBe(400);
      expect(noFile.body.error).toMatchObject({ code: "SVC_EXTRACT_004", field: "file" });
      const stringFile = await upload(null, "", "", { file: "just text" });
      expect(stringFile.body.error.code).toBe("SVC_EXTRACT_004");

      const text = await upload(new TextEncoder().encode("Invoice 42, total 100 EUR"), "invoice.txt", "text/plain");
      expect(text.status).toBe(415);
      expect(text.body.error).toMatchObject({ code: "SVC_EXTRACT_001", supported: ["PDF", "PNG", "JPG", "TIFF", "XLS", "XLSX"] });
      const docx = new JSZip();
      docx.file("word/document.xml", "<w:document/>");
      const word = await upload(
        await docx.generateAsync({ type: "uint8array" }),
        "letter.docx",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      );
      expect(word.status).toBe(415);
      expect(word.body.error.code).toBe("SVC_EXTRACT_001");

      const fake = await upload(new TextEncoder().encode("GIF89a... not a pdf"), "invoice.pdf", "application/pdf");
      expect(fake.status).toBe(400);
      expect(fake.body.error).toMatchObject({ code: "SVC_EXTRACT_003", declared_type: "pdf" });
      const empty = await upload(new Uint8Array(), "empty.png", "image/png");
      expect(empty.status).toBe(400);
      expect(empty.body.error.code).toBe("SVC_EXTRACT_003");

      const big = new Uint8Array(MAX_UPLOAD + 1);
      big.set(new TextEncoder().encode("%PDF-1.7\n"));
      const tooBig = await upload(big, "big.pdf", "application/pdf");
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.error).toMatchObject({ code: "SVC_EXTRACT_005", max_bytes: MAX_UPLOAD });
      const declared = await gw.fetch("/api/v1/extract", {
        method: "POST",
        headers: {
          authorization: `Bearer ${key}`,
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(50 * 1024 * 1024),
        },
        body: "--x--",
      });
      expect(declared.status).toBe(413);
      expect((await declared.json()).error.code).toBe("SVC_EXTRACT_005");

      const anonymous = await gw.fetch("/api/v1/extract", { method: "POST", body: new FormData() });
      expect(anonymous.status).toBe(401);
      expect(await jobCount()).toBe(before);

      // Exactly at the limit is accepted.
      const atLimit = new Uint8Array(MAX_UPLOAD);
      atLimit.set(new TextEncoder().encode("%PDF-1.7\n"));
      const ok = await upload(atLimit, "limit.pdf", "application/pdf");
      expect(ok.status).toBe(202);
      expect((await finished(ok.body.job_id)).status).toBe("failed");
    });

    it("another account's job and a malformed id are 404 SVC_EXTRACT_006", async () => {
      const r = await upload((await inlineGerman(makeShipment(10))).bytes, "re.pdf", "application/pdf");
      const foreign = await get(r.body.job_id, otherKey);
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.code).toBe("SVC_EXTRACT_006");
      expect((await get("nope")).body.error.code).toBe("SVC_EXTRACT_006");
      await task.idle();
    });

    it("jobs survive a restart: a queued job waits, a job whose worker died (expired lease) is taken by the next worker", async () => {
      await task.stop();
      const r = await upload((await inlineGerman(makeShipment(12))).bytes, "a.pdf", "application/pdf");
      const waiting = await get(r.body.job_id);
      // No worker is running here: the job says it waits for one.
      expect(waiting.body).toEqual({
        job_id: r.body.job_id,
        status: "processing",
        created_at: r.body.created_at,
        shipment_id: null,
        status_detail: expect.stringMatching(/queued|waiting for a worker/),
      });
      // A worker claimed it and died mid-job: status processing, lease already run out.
      await db.query(
        "update extraction_jobs set status = 'processing', attempts = 1, started_at = now(), locked_until = now() - interval '1 second' where id = $1",
        [r.body.job_id],
      );
      expect((await get(r.body.job_id)).body.status).toBe("processing");
      // Its last allowed attempt died too: the worker gives it up.
      const poison = await upload((await inlineGerman(makeShipment(13))).bytes, "b.pdf", "application/pdf");
      await db.query(
        "update extraction_jobs set status = 'processing', attempts = $2, locked_until = now() - interval '1 second' where id = $1",
        [poison.body.job_id, JOB_MAX_INTERRUPTED_ATTEMPTS],
      );

      startTask();
      const done = await finished(r.body.job_id);
      expect(done.status).toBe("completed");
      const [row] = await db.query<{ attempts: number }>("select attempts from extraction_jobs where id = $1", [r.body.job_id]);
      expect(row.attempts).toBe(2);
      const gaveUp = (await get(poison.body.job_id)).body;
      expect(gaveUp).toMatchObject({ status: "failed", error: { code: "SVC_EXTRACT_002" } });
      expect(gaveUp.error.message).toMatch(/gave up/);
      expect(await events("extraction.failed", poison.body.job_id)).toHaveLength(1);
      expect(await events("extraction.completed", r.body.job_id)).toHaveLength(1);
    });

    it("TDS_EXTRACTOR=openai: the model path against a local OpenAI-compatible server", async () => {
      await task.stop();
      startTask(
        extractionConfigWith({
          extractor: "openai",
          openaiBaseUrl: model.baseUrl,
          openaiApiKey: "sk-local",
          model: "local-extractor",
          pollMs: 20,
        }),
      );
      try {
        const seen = model.requests.length;
        const r = await upload((await boxedEnglish(makeShipment(14))).bytes, "model.pdf", "application/pdf");
        const job = await finished(r.body.job_id);
        expect(job).toMatchObject({ status: "completed", extractor: "openai", input_source: "pdf-text" });
        expect(job.result.exporter.name.value).toBe("Acme Widgets Ltd");
        expect(job.result.goods.line_items[0].hs_code.value).toBe("73181500");
        expect(model.requests.length).toBe(seen + 1);
        const req = model.requests.at(-1)!;
        expect(req.body.model).toBe("local-extractor");
        expect(req.body.response_format).toMatchObject({ type: "json_schema", json_schema: { strict: true } });
        expect(req.body.messages[1].content).toContain("COMMERCIAL INVOICE");
        expect(req.body.logprobs).toBe(true);
      } finally {
        await task.stop();
        startTask();
      }
    });

    it("uploaded files are deleted after 5 days (results stay); the task's own cleanup does it too", async () => {
      const old = await upload((await inlineGerman(makeShipment(15))).bytes, "old.pdf", "application/pdf");
      const fresh = await upload((await inlineGerman(makeShipment(16))).bytes, "fresh.pdf", "application/pdf");
      await task.idle();
      await db.query("update extraction_jobs set created_at = now() - interval '6 days' where id = $1", [old.body.job_id]);
      const keyOf = async (id: string) =>
        (
          await db.query<{ blob_key: string | null; file_deleted_at: unknown }>(
            "select blob_key, file_deleted_at from extraction_jobs where id = $1",
            [id],
          )
        )[0];
      const oldKey = (await keyOf(old.body.job_id)).blob_key!;
      expect(await gw.services.blobs.get(oldKey)).not.toBeNull();

      expect(await cleanupExpiredUploads(gw.services, 5)).toBe(1);
      expect(await gw.services.blobs.get(oldKey)).toBeNull();
      expect(await keyOf(old.body.job_id)).toMatchObject({ blob_key: null, file_deleted_at: expect.anything() });
      expect((await keyOf(fresh.body.job_id)).blob_key).not.toBeNull();
      expect((await get(old.body.job_id)).body.status).toBe("completed");

      // The background task cleans up when it starts (and hourly).
      const freshKey = (await keyOf(fresh.body.job_id)).blob_key!;
      await db.query("update extraction_jobs set created_at = now() - interval '5 days 1 hour' where id = $1", [fresh.body.job_id]);
      await task.stop();
      startTask();
      await task.idle();
      expect(await gw.services.blobs.get(freshKey)).toBeNull();
      expect((await keyOf(fresh.body.job_id)).blob_key).toBeNull();
    });
  });
}
