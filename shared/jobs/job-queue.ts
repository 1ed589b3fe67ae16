import type { Queryable, Row } from "../db/types.ts";

/**
 * The one queue: rows of a table claimed with FOR UPDATE SKIP LOCKED and a lease (`locked_until`), so
 * any number of workers share it and a row whose worker died is claimed again when its lease runs out.
 * What differs between the kinds (generation and extraction jobs, webhook deliveries) is declared in a
 * QueueSpec: the table, the lease, which rows are runnable and in what order, how many claims a row
 * gets, and whether a failed attempt may be rescheduled. The SQL is the same on PGlite and PostgreSQL.
 *
 * Every claim increments `attempts`, so an attempt number belongs to exactly one worker; every later
 * write is guarded by it (a worker whose lease was lost cannot finish someone else's claim).
 */

/** The job tables (one shape: status queued → processing → completed | failed, attempts, locked_until, …), in the order run-jobs drains them. */
export const JOB_TABLES = ["generation_jobs", "extraction_jobs"] as const;
export type JobTable = (typeof JOB_TABLES)[number];
/** Every queue; also the name workers announce themselves under (job_workers.job_table). */
export type QueueTable = JobTable | "webhook_deliveries";

export interface QueueSpec {
  table: QueueTable;
  leaseSeconds: number;
  /** SQL condition on the table's columns that makes a row claimable (a free lease and the claim limit are added). */
  runnable: string;
  /** SQL order of the claim (oldest or earliest due first). */
  orderBy: string;
  /** Status values: waiting to be claimed, held by a worker, and the two final ones. */
  statuses: { waiting: string; claimed: string; done: string; failed: string };
  /**
   * A row is claimed at most `max` times, counted in `column` (`attempts`, or a counter that restarts,
   * like a delivery's retry schedule). When the last allowed claim's lease runs out unfinished, the row
   * fails with `message`: an attempt that kills its worker must not loop forever.
   */
  claimLimit: { column: string; max: number; message: string };
  /** Column that receives a failed attempt's message. */
  errorColumn: string;
  /** Extra SQL assignments of a claim (e.g. `started_at`), and of every write (e.g. `updated_at`). */
  onClaim?: string;
  onWrite?: string;
  /** Column holding when the row is due: only a kind that has one may reschedule a failed attempt. */
  dueColumn?: string;
}

/** The result of one attempt, as written to the row. */
export type Outcome =
  | { status: "completed"; set?: Record<string, unknown> }
  | { status: "failed"; error: string; set?: Record<string, unknown> }
  /** Back to waiting, due again after `delaySeconds` (kinds with a dueColumn only). */
  | { status: "rescheduled"; error: string; delaySeconds: number; set?: Record<string, unknown> };

/** Every job is claimed at most this often: each claim after the first means an earlier attempt was interrupted. */
export const JOB_MAX_INTERRUPTED_ATTEMPTS = 3;

/** The declaration shared by the job tables: oldest first, a started_at, failure is final. */
export function jobTableSpec(table: JobTable, leaseSeconds: number): QueueSpec {
  return {
    table,
    leaseSeconds,
    runnable: "status in ('queued', 'processing')",
    orderBy: "created_at, id",
    statuses: { waiting: "queued", claimed: "processing", done: "completed", failed: "failed" },
    claimLimit: {
      column: "attempts",
      max: JOB_MAX_INTERRUPTED_ATTEMPTS,
      message: `gave up after ${JOB_MAX_INTERRUPTED_ATTEMPTS} interrupted attempts`,
    },
    errorColumn: "error_message",
    onClaim: "started_at = coalesce(started_at, now())",
  };
}

const write = (spec: QueueSpec) => (spec.onWrite ? `, ${spec.onWrite}` : "");

/**
 * Claims up to `limit` runnable rows (a free lease, fewer claims than the limit), earliest first, and
 * sets their lease in the same statement.
 */
export async function claimRows<T = Row>(db: Queryable, spec: QueueSpec, limit: number): Promise<T[]> {
  if (limit < 1) return [];
  const { table, claimLimit: cap } = spec;
  const counter = cap.column === "attempts" ? "" : `, ${cap.column} = ${cap.column} + 1`;
  return db.query<T>(
    `update ${table} set status = $3, attempts = attempts + 1${counter},
            locked_until = now() + make_interval(secs => $2::int)${spec.onClaim ? `, ${spec.onClaim}` : ""}${write(spec)}
      where id in (
        select id from ${table}
         where (${spec.runnable}) and (locked_until is null or locked_until < now()) and ${cap.column} < $4
         order by ${spec.orderBy}
         limit $1
         for update skip locked)
      returning *`,
    [limit, spec.leaseSeconds, spec.statuses.claimed, cap.max],
  );
}

/** Extends the lease of a long attempt; false when the row is no longer ours (lease lost and re-claimed). */
export async function renewLease(db: Queryable, spec: QueueSpec, id: string, attempts: number): Promise<boolean> {
  const rows = await db.query(
    `update ${spec.table} set locked_until = now() + make_interval(secs => $3::int)
      where id = $1 and attempts = $2 and status = $4 and locked_until is not null returning id`,
    [id, attempts, spec.leaseSeconds, spec.statuses.claimed],
  );
  return rows.length > 0;
}

/**
 * Writes an attempt's outcome and ends the lease; false (nothing written) when the row is no longer
 * ours. `set` names columns of the kind's own table, never input.
 */
export async function writeOutcome(db: Queryable, spec: QueueSpec, id: string, attempts: number, outcome: Outcome): Promise<boolean> {
  const { statuses } = spec;
  const status = outcome.status === "completed" ? statuses.done : outcome.status === "failed" ? statuses.failed : statuses.waiting;
  const params: unknown[] = [id, attempts, statuses.claimed, status, outcome.status === "completed" ? null : outcome.error];
  const param = (value: unknown) => `$${params.push(value)}`;
  let assignments = outcome.status === "rescheduled" ? "" : ", completed_at = now()";
  if (outcome.status === "rescheduled") {
    if (!spec.dueColumn) throw new Error(`${spec.table} has no due time: a failed attempt cannot be rescheduled`);
    const delay = param(Math.max(1, Math.round(outcome.delaySeconds)));
    assignments += `, completed_at = null, ${spec.dueColumn} = now() + make_interval(secs => ${delay}::int)`;
  }
  for (const [column, value] of Object.entries(outcome.set ?? {})) assignments += `, ${column} = ${param(value)}`;
  const rows = await db.query(
    `update ${spec.table} set status = $4, ${spec.errorColumn} = $5, locked_until = null${assignments}${write(spec)}
      where id = $1 and attempts = $2 and status = $3 and locked_until is not null returning id`,
    params,
  );
  return rows.length > 0;
}

/**
 * Fails the rows whose last allowed claim was interrupted (the lease ran out unfinished): nothing may
 * claim them again. Returns them, so the caller can report each in the same transaction.
 */
export async function failInterruptedRows<T = Row>(db: Queryable, spec: QueueSpec): Promise<T[]> {
  const err = spec.errorColumn;
  return db.query<T>(
    `update ${spec.table} set status = $1, locked_until = null, completed_at = now(),
            ${err} = coalesce(${err} || '; ', '') || $2${write(spec)}
      where status = $3 and ${spec.claimLimit.column} >= $4 and locked_until < now()
      returning *`,
    [spec.statuses.failed, spec.claimLimit.message, spec.statuses.claimed, spec.claimLimit.max],
  );
}
