import { z } from "zod";
import { defineRoute } from "../http/route.ts";
import { err } from "../http/common-responses.ts";
import { jobDrain } from "../jobs/job-drains.ts";
import { sweepDocumentFiles } from "./document-retention.ts";
import { cleanupExpiredUploads } from "../extraction/upload-retention.ts";
import { loadExtractionConfig } from "../extraction/extraction-config.ts";

/**
 * The scheduled sweep (pg_cron calls it every minute on Supabase): deletes expired files and uploads,
 * and — only where in-process work is allowed (TDS_IN_PROCESS_JOBS, docs/architecture.md) — runs
 * queued jobs. Generation runs wherever this route runs; extraction only in a process that loaded the
 * extraction worker (the local server, `npm run worker`), never in the edge function.
 */
export const runJobsRoute = defineRoute({
  method: "post",
  path: "/functions/v1/run-jobs",
  operationId: "runJobs",
  summary:
    "Admin/scheduler: run queued generation and extraction jobs for up to max_seconds (where in-process work is allowed) and sweep expired files",
  tags: ["Admin"],
  auth: "service-role",
  body: z.strictObject({ max_seconds: z.number().int().min(1).max(140).optional() }),
  bodyOptional: true,
  responses: {
    200: {
      description: "What ran",
      schema: z.object({
        generation_jobs: z.number().int(),
        extraction_jobs: z.number().int(),
        files_expired: z.number().int(),
        uploads_deleted: z.number().int(),
      }),
    },
    401: err("Not the service_role key (SVC_AUTH_003)"),
  },
  handler: async (c, { body }) => {
    const services = c.var.services;
    const deadline = Date.now() + (body.max_seconds ?? 50) * 1000;
    let generation = 0;
    let extraction = 0;
    if (services.config.inProcessJobs) {
      // Documents first: they are quick and users poll for them; extraction (OCR) takes the rest of the time.
      // Loaded only here: the renderer costs a cold start that merely sweeps.
      const [{ drainQueue }, { generationJobHandler }] = await Promise.all([import("../jobs/worker.ts"), import("./generation-worker.ts")]);
      generation = await drainQueue(services.db, generationJobHandler(services), deadline);
      extraction = (await jobDrain("extraction_jobs")?.(services, deadline)) ?? 0;
    }
    const filesExpired = await sweepDocumentFiles(services);
    const uploads = await cleanupExpiredUploads(services, loadExtractionConfig().retentionDays);
    return c.json({ generation_jobs: generation, extraction_jobs: extraction, files_expired: filesExpired, uploads_deleted: uploads }, 200);
  },
});
