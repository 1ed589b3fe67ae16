import { z } from "zod";
import { defineRoute } from "../http/route.ts";
import { err } from "../http/common-responses.ts";
import { drainQueue } from "../jobs/worker.ts";
import { generationJobHandler, sweepDocumentFiles } from "./generation-worker.ts";
import { cleanupExpiredUploads, extractionJobHandler } from "../extraction/extraction-task.ts";
import { loadExtractionConfig } from "../extraction/extraction-config.ts";

/**
 * Supabase has no long-lived worker: generate-documents starts draining in the background of its own
 * invocation (EdgeRuntime.waitUntil), and a pg_cron schedule calls this function every minute so that
 * jobs of a crashed invocation (expired lease) still finish and old files are swept.
 */
export const runJobsRoute = defineRoute({
  method: "post",
  path: "/functions/v1/run-jobs",
  operationId: "runJobs",
  summary: "Admin/scheduler: run queued generation and extraction jobs for up to max_seconds and sweep expired files",
  tags: ["Admin"],
  auth: "service-role",
  body: z.strictObject({ max_seconds: z.number().int().min(1).max(140).optional() }),
  bodyOptional: true,
  responses: {
    200: { description: "What ran", schema: z.object({ generation_jobs: z.number().int(), extraction_jobs: z.number().int(), files_expired: z.number().int(), uploads_deleted: z.number().int() }) },
    401: err("Not the service_role key (SVC_AUTH_003)"),
  },
  handler: async (c, { body }) => {
    const services = c.var.services;
    const deadline = Date.now() + (body.max_seconds ?? 50) * 1000;
    // Documents first: they are quick and users poll for them; extraction (OCR) takes the rest of the time.
    const generation = await drainQueue(services.db, generationJobHandler(services), deadline);
    const extractionConfig = loadExtractionConfig();
    const extraction = await drainQueue(services.db, extractionJobHandler(services, extractionConfig), deadline);
    const filesExpired = await sweepDocumentFiles(services);
    const uploads = await cleanupExpiredUploads(services, extractionConfig.retentionDays);
    return c.json({ generation_jobs: generation, extraction_jobs: extraction, files_expired: filesExpired, uploads_deleted: uploads });
  },
});
