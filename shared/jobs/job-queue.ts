import type { Queryable, Row } from "../db/types.ts";

/**
 * The job tables share one shape: status (queued → processing → completed | failed), attempts,
 * locked_until (the lease), started_at, completed_at, error_message.
 */
export type JobTable = "generation_jobs" | "extraction_jobs";

export const MAX_ATTEMPTS = 3;

/**
 * Claims the oldest runnable job: queued, or processing with an expired lease (its worker died).
 * FOR UPDATE SKIP LOCKED lets any number of workers share the table without taking the same job.
 */
export async function claimNextJob<T = Row>(db: Queryable, table: JobTable, leaseSeconds: number): Promise<T | null> {
  const rows = await db.query<T>(
    `update ${table} set status = 'processing', attempts = attempts + 1,
            locked_until = now() + make_interval(secs => $1::int), started_at = coalesce(started_at, now())
      where id = (
        select id from ${table}
         where status = 'queued' or (status = 'processing' and locked_until < now())
         order by created_at, id
         for update skip locked
         limit 1)
      returning *`,
    [leaseSeconds],
  );
  return rows[0] ?? null;
}

/** Extends the lease of a long job; false when the job is no longer ours (lease lost and re-claimed). */
export async function renewLease(db: Queryable, table: JobTable, id: string, attempts: number, leaseSeconds: number): Promise<boolean> {
  const rows = await db.query(
    `update ${table} set locked_until = now() + make_interval(secs => $3::int)
      where id = $1 and attempts = $2 and status = 'processing' returning id`,
    [id, attempts, leaseSeconds],
  );
  return rows.length > 0;
}

/** Ends a job; `attempts` guards against a worker whose lease was lost finishing someone else's claim. */
export async function finishJob(
  db: Queryable,
  table: JobTable,
  id: string,
  attempts: number,
  outcome: { status: "completed"; set?: Record<string, unknown> } | { status: "failed"; error: string },
): Promise<boolean> {
  const extra = outcome.status === "completed" ? Object.entries(outcome.set ?? {}) : [];
  const assignments = extra.map(([col], i) => `, ${col} = $${i + 5}`).join("");
  const rows = await db.query(
    `update ${table} set status = $3, error_message = $4, locked_until = null, completed_at = now()${assignments}
      where id = $1 and attempts = $2 and status = 'processing' returning id`,
    [id, attempts, outcome.status, outcome.status === "failed" ? outcome.error : null, ...extra.map(([, v]) => v)],
  );
  return rows.length > 0;
}
