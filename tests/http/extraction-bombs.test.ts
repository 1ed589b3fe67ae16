/**
 * Decompression bombs through the API: each upload is accepted (202) and its job fails with the spec's
 * SVC_EXTRACT_002 and a message naming the budget, with an extraction.failed event; the job ran in the
 * extraction worker thread (the task's isolation), on both backends.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../support/databases.ts";
import { createTestGateway, type TestGateway } from "../support/test-gateway.ts";
import type { Db } from "../../shared/db/types.ts";
import type { BackgroundTask } from "../../shared/server/background-tasks.ts";
import { createExtractionTask } from "../../shared/extraction/extraction-task.ts";
import { extractionConfigWith } from "../../shared/extraction/extraction-config.ts";
import { facturxBomb, pdfStreamBomb, pngDeclaring, tiffDeclaring, xlsxBomb } from "../support/bombs.ts";

const GiB = 1024 ** 3;
const INFLATED = /^The file exceeds the decompressed-size budget: .* \(limit 104857600 bytes, TDS_EXTRACTION_MAX_INFLATED_BYTES\)$/;
const PIXELS = /^The file exceeds the image-size budget: .*\(TDS_EXTRACTION_MAX_PIXELS\)$/;

for (const backend of testBackends()) {
  describe(`extraction bombs on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    let gw: TestGateway;
    let key: string;
    let task: BackgroundTask;

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      gw = await createTestGateway(db, { maxUploadBytes: 2_000_000 });
      ({ apiKey: key } = await gw.createAccount("growth"));
      task = createExtractionTask(gw.services, { config: extractionConfigWith({ extractor: "builtin", pollMs: 20 }) });
    });
    afterAll(async () => {
      await task?.stop();
      await close?.();
    });

    async function failedJob(bytes: Uint8Array, name: string, type: string) {
      const form = new FormData();
      form.append("file", new Blob([bytes as BlobPart], { type }), name);
      const res = await gw.fetch("/api/v1/extract", { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
      expect(res.status).toBe(202);
      const { job_id } = await res.json();
      await task.idle();
      const job = (await gw.call("GET", `/api/v1/extract/${job_id}`, { apiKey: key })).body;
      expect(job.status).toBe("failed");
      expect(job.error.code).toBe("SVC_EXTRACT_002");
      const [event] = await db.query<{ payload: { data: { error: { message: string } } } }>(
        "select payload from event_outbox where event = 'extraction.failed' and payload #>> '{data,job_id}' = $1",
        [job_id],
      );
      expect(event.payload.data.error.message).toBe(job.error.message);
      return job.error.message as string;
    }

    it("XLSX whose sheet inflates to 1.1 GiB (sizes lying), PDF page stream and Factur-X attachment of 1 GiB", async () => {
      const xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
      expect(await failedJob(xlsxBomb(1.1 * GiB, true), "bomb.xlsx", xlsx)).toMatch(INFLATED);
      expect(await failedJob(pdfStreamBomb(GiB), "bomb.pdf", "application/pdf")).toMatch(INFLATED);
      expect(await failedJob(facturxBomb(GiB), "facturx.pdf", "application/pdf")).toMatch(INFLATED);
    }, 180_000);

    it("PNG and TIFF declaring billions of pixels", async () => {
      expect(await failedJob(pngDeclaring(100_000, 100_000), "bomb.png", "image/png")).toMatch(PIXELS);
      expect(await failedJob(tiffDeclaring(200_000, 50_000), "bomb.tif", "image/tiff")).toMatch(PIXELS);
    }, 180_000);
  });
}
