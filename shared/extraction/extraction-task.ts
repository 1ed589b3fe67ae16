/**
 * The extraction background task: a job-queue worker on extraction_jobs (leases, SKIP LOCKED, so it is
 * safe with several processes and picks up jobs a dead process left) and the cleanup that deletes
 * uploaded files after the retention (5 days by default).
 *
 * The job is finished in run(): the row update and its outbox event (extraction.completed or
 * extraction.failed) are one transaction. onFinished only covers the jobs the worker fails by itself
 * (given up after JOB_MAX_INTERRUPTED_ATTEMPTS interrupted attempts): it stamps SVC_EXTRACT_002 and writes
 * the failed event.
 */
import type { Queryable } from "../db/types.ts";
import type { Services } from "../runtime/services.ts";
import type { BackgroundTask } from "../jobs/background-registry.ts";
import { startWorker, type QueueKind } from "../jobs/worker.ts";
import { jobTableSpec } from "../jobs/job-queue.ts";
import type { ExtractionConfig } from "./extraction-config.ts";
import { ExtractionFailure } from "./extraction-failure.ts";
import { completeExtractionJob, failExtractionJob, stampFailureCode, type ExtractionJobRow } from "./extraction-repository.ts";
import { enqueueExtractionEvent } from "./extraction-events.ts";
import type { Extractor } from "./extractors/extractor.ts";
import type { ExtractionOutcome } from "./run-extraction.ts";
import { runIsolatedExtraction, stopIsolatedExtraction } from "./isolation/isolated-extraction.ts";
import { cleanupExpiredUploads } from "./upload-retention.ts";

export const EXTRACTION_LEASE_SECONDS = 120;
export const JOB_ERROR_CODE = "SVC_EXTRACT_002";
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

export function extractionJobKind(services: Services, config: ExtractionConfig, extractor?: Extractor): QueueKind<ExtractionJobRow> {
  return {
    ...jobTableSpec("extraction_jobs", EXTRACTION_LEASE_SECONDS),
    async run(job) {
      let outcome: ExtractionOutcome | null = null;
      let message = "";
      try {
        if (!job.blob_key)
          throw new ExtractionFailure(`The uploaded file is no longer available (uploads are kept ${config.retentionDays} days)`);
        const blob = await services.blobs.get(job.blob_key);
        if (!blob) {
          console.error(`extraction job ${job.id}: upload ${job.blob_key} is missing from storage (${services.blobs.kind})`);
          throw new ExtractionFailure("The uploaded file is missing from storage (a storage fault, not retention); submit it again");
        }
        // In a worker thread with heap, time, byte and pixel budgets: a bomb fails its job, not the server.
        outcome = await runIsolatedExtraction(blob.bytes, job.file_kind, config, extractor);
      } catch (e) {
        if (e instanceof ExtractionFailure) message = e.message;
        else {
          console.error(`extraction job ${job.id} failed unexpectedly:`, e);
          message = `Data could not be extracted (internal error: ${e instanceof Error ? e.message : String(e)})`;
        }
      }
      await services.db.transaction(async (tx) => {
        const row = outcome
          ? await completeExtractionJob(tx, job, { result: outcome.result, extractor: outcome.extractor, inputSource: outcome.source })
          : await failExtractionJob(tx, job, { code: JOB_ERROR_CODE, message, extractor: config.extractor });
        // null: the lease was lost and another worker owns the job now; it will report it.
        if (row) await enqueueExtractionEvent(tx, row);
      });
    },
    // Called in the worker's finishing transaction (tx) where the worker passes one, else in our own.
    async onFinished(job, result, tx?: Queryable) {
      if (result.status !== "failed") return;
      const stamp = async (q: Queryable) => {
        const row = await stampFailureCode(q, job.id, JOB_ERROR_CODE);
        if (row) await enqueueExtractionEvent(q, row);
      };
      await (tx ? stamp(tx) : services.db.transaction(stamp));
    },
  };
}

export { cleanupExpiredUploads };

export interface ExtractionTaskOptions {
  /** Default: Services.config.extraction. */
  config?: ExtractionConfig;
  /** Tests inject an extractor; by default the configured one (TDS_EXTRACTOR). */
  extractor?: Extractor;
}

export function createExtractionTask(services: Services, options: ExtractionTaskOptions = {}): BackgroundTask {
  const config = options.config ?? services.config.extraction;
  const worker = startWorker(services.db, extractionJobKind(services, config, options.extractor), { pollMs: config.pollMs });
  let cleaning: Promise<unknown> = Promise.resolve();
  const cleanup = () => {
    cleaning = cleaning
      .then(() => cleanupExpiredUploads(services, config.retentionDays))
      .catch((e) => console.error("extraction: upload cleanup failed:", e));
    return cleaning;
  };
  void cleanup();
  const timer = setInterval(cleanup, CLEANUP_INTERVAL_MS);
  (timer as { unref?: () => void }).unref?.();
  return {
    name: "extraction",
    wake: () => worker.wake(),
    async stop() {
      clearInterval(timer);
      await worker.stop();
      await cleaning;
      await stopIsolatedExtraction();
      await (await import("./readers/ocr-reader.ts")).terminateOcr();
    },
    async idle() {
      await cleaning;
      await worker.idle();
    },
  };
}

/** The factory registered in shared/server/background-tasks.ts. */
export const extractionTaskFactory = (services: Services): BackgroundTask => createExtractionTask(services);
