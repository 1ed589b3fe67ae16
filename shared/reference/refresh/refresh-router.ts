import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { err } from "../../http/common-responses.ts";
import { AppError } from "../../errors/app-error.ts";
import { PLATFORM_ERRORS } from "../../errors/platform-errors.ts";

const Result = z.object({
  table: z.string(),
  outcome: z.enum(["imported", "unchanged", "busy", "not_due", "failed"]),
  rows: z.number().int().optional(),
  previous_rows: z.number().int().optional(),
  vintage: z.string().nullable().optional(),
  error: z.string().optional(),
  seconds: z.number(),
});

/**
 * Supabase has no long-lived process: a pg_cron schedule (migration 20261124001701) calls this every
 * hour. Without `only` it refreshes the most overdue due table (`max_tables`, default 1): one table per
 * call keeps each invocation within the Edge Function's time and memory limits. With `only`, exactly
 * those tables are refreshed whether due or not (an operator's manual refresh).
 */
export const refreshReferenceDataRoute = defineRoute({
  method: "post",
  path: "/functions/v1/refresh-reference-data",
  operationId: "refreshReferenceData",
  summary: "Admin/scheduler: download the due reference tables from their sources and import what changed",
  tags: ["Admin"],
  auth: "service-role",
  body: z.strictObject({
    only: z.array(z.string().max(40)).max(20).optional(),
    force: z.boolean().optional(),
    max_tables: z.number().int().min(1).max(9).optional(),
  }),
  bodyOptional: true,
  responses: {
    200: { description: "What each table did", schema: z.object({ enabled: z.boolean(), results: z.array(Result) }) },
    400: err("Unknown table in only (SVC_REQ_002)"),
    401: err("Not the service_role key (SVC_AUTH_003)"),
  },
  handler: async (c, { body }) => {
    const { db, config } = c.var.services;
    const settings = config.referenceRefresh;
    if (settings.explicitlyOff) return c.json({ enabled: false, results: [] }, 200);
    // Loaded on first call: the importers are not part of the other routes of this app.
    const { refreshReferenceData, dueTables, resolveTables, UnknownTableError } = await import("./refresh-reference-data.ts");
    let only: string[];
    try {
      only = body.only ? resolveTables(body.only) : (await dueTables(db, settings)).slice(0, body.max_tables ?? 1);
    } catch (e) {
      if (e instanceof UnknownTableError) throw new AppError(PLATFORM_ERRORS.SVC_REQ_002, e.message, { details: { field: "only" } });
      throw e;
    }
    const results = only.length === 0 ? [] : await refreshReferenceData(db, settings, { only, force: body.force === true });
    for (const r of results)
      if (r.outcome === "failed") console.error(`reference refresh: ${r.table} failed, previous data kept: ${r.error}`);
    return c.json(
      {
        enabled: true,
        results: results.map((r) => ({
          table: r.table,
          outcome: r.outcome,
          rows: r.rows,
          previous_rows: r.previousRows,
          vintage: r.vintage,
          error: r.error,
          seconds: r.seconds,
        })),
      },
      200,
    );
  },
});
