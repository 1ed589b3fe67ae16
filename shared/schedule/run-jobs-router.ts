import { z } from "zod";
import { defineRoute } from "../http/route.ts";
import { err } from "../http/common-responses.ts";
import { jobDrains } from "../jobs/background-registry.ts";
import { JOB_TABLES, type JobTable } from "../jobs/job-queue.ts";
import { sweepDocumentFiles } from "../generation/document-retention.ts";
import { cleanupExpiredUploads } from "../extraction/upload-retention.ts";
import { runScreeningMonitorNow } from "../screening/monitoring/monitor-task.ts";
import { pruneSessions } from "../accounts/session-repository.ts";
// Registers the generation drain: generation runs wherever this route runs (extraction registers
// itself only in processes that load its readers, shared/server/background-tasks.ts).
import "../generation/generation-queue.ts";

const JobCounts = z.object(
  Object.fromEntries(JOB_TABLES.map((t) => [t, z.number().int().describe(`${t} run by this call`)])) as Record<JobTable, z.ZodNumber>,
);

/**
 * The scheduled sweep (pg_cron calls it every minute on Supabase): deletes expired files and uploads and
 * the dashboard sessions that ended over a day ago (what the local server's background tasks do), and — only where in-process work is allowed (TDS_IN_PROCESS_JOBS, docs/architecture.md) — runs
 * queued jobs of every job table of the registry whose drain this process has.
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
      schema: JobCounts.extend({
        files_expired: z.number().int(),
        uploads_deleted: z.number().int(),
        sessions_deleted: z.number().int().describe("Dashboard sessions that ended over a day ago"),
        screening_matches: z.number().int().describe("New matches monitoring found after list changes (screening.match events)"),
      }),
    },
    401: err("Not the service_role key (SVC_AUTH_003)"),
  },
  handler: async (c, { body }) => {
    const services = c.var.services;
    const deadline = Date.now() + (body.max_seconds ?? 50) * 1000;
    const ran = Object.fromEntries(JOB_TABLES.map((t) => [t, 0])) as Record<JobTable, number>;
    if (services.config.inProcessJobs) {
      // In the registry's order: documents first (quick, users poll for them); extraction (OCR) takes the rest.
      for (const { table, drain } of jobDrains()) ran[table] = (await drain?.(services, deadline)) ?? 0;
    }
    const filesExpired = await sweepDocumentFiles(services);
    const uploads = await cleanupExpiredUploads(services, services.config.extraction.retentionDays);
    const sessions = await pruneSessions(services.db);
    // Monitoring on Supabase: the list changes of the hourly refresh are processed by this schedule.
    const monitored = await runScreeningMonitorNow(services);
    const matches = monitored.reduce((n, r) => n + r.matches, 0);
    return c.json(
      { ...ran, files_expired: filesExpired, uploads_deleted: uploads, sessions_deleted: sessions, screening_matches: matches },
      200,
    );
  },
});
