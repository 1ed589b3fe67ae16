import type { Db, Queryable, Row } from "../db/types.ts";
import { claimNextJob, finishJob, MAX_ATTEMPTS, renewLease, type JobTable } from "./job-queue.ts";
import { startHeartbeat } from "./worker-heartbeat.ts";

export interface JobRow extends Row {
  id: string;
  attempts: number;
}

export interface JobHandler<J extends JobRow = JobRow> {
  table: JobTable;
  leaseSeconds: number;
  /** Does the work; returns columns to set on completion. Throwing fails the job with the message. */
  run(job: J): Promise<Record<string, unknown> | void>;
  /**
   * Called in the transaction that makes the job row final (completed or failed), e.g. to write an
   * outbox event: the event exists exactly when the final status does.
   */
  onFinished?(job: J, outcome: { status: "completed" } | { status: "failed"; error: string }, tx: Queryable): Promise<void>;
}

export interface Worker {
  /** Look for work now instead of at the next poll (called after enqueueing). */
  wake(): void;
  stop(): Promise<void>;
  /** Resolves when no job is running and none is queued (tests, benchmarks). */
  idle(): Promise<void>;
}

async function finish<J extends JobRow>(
  db: Db,
  handler: JobHandler<J>,
  job: J,
  outcome: { status: "completed"; set?: Record<string, unknown> } | { status: "failed"; error: string },
) {
  await db.transaction(async (tx) => {
    if (!(await finishJob(tx, handler.table, job.id, job.attempts, outcome))) return; // lease lost: another worker owns it
    await handler.onFinished?.(job, outcome.status === "completed" ? { status: "completed" } : outcome, tx);
  });
}

/** Runs one claimed job to its end, keeping the lease alive meanwhile. Never throws for the job's own failure. */
export async function runClaimedJob<J extends JobRow>(db: Db, handler: JobHandler<J>, job: J): Promise<void> {
  const renew = setInterval(
    () => void renewLease(db, handler.table, job.id, job.attempts, handler.leaseSeconds).catch(() => {}),
    (handler.leaseSeconds * 1000) / 3,
  );
  try {
    if (job.attempts > MAX_ATTEMPTS) throw new Error(`gave up after ${MAX_ATTEMPTS} interrupted attempts`);
    const set = (await handler.run(job)) ?? undefined;
    await finish(db, handler, job, { status: "completed", set });
  } catch (e) {
    await finish(db, handler, job, { status: "failed", error: e instanceof Error ? e.message : String(e) });
  } finally {
    clearInterval(renew);
  }
}

/**
 * Request-driven processing (Supabase Edge Functions have no long-lived worker): claims and runs jobs
 * until none is left or the deadline passes. Returns how many ran.
 */
export async function drainQueue<J extends JobRow>(db: Db, handler: JobHandler<J>, deadline: number): Promise<number> {
  let ran = 0;
  while (Date.now() < deadline) {
    const job = await claimNextJob<J>(db, handler.table, handler.leaseSeconds);
    if (!job) break;
    await runClaimedJob(db, handler, job);
    ran++;
  }
  return ran;
}

/**
 * A polling worker: claims one job at a time per slot, keeps its lease alive while it runs, and gives up
 * on a job whose earlier attempts all died mid-way (MAX_ATTEMPTS), so a poison job cannot loop forever.
 */
export function startWorker<J extends JobRow>(
  db: Db,
  handler: JobHandler<J>,
  options: { pollMs?: number; concurrency?: number } = {},
): Worker {
  const pollMs = options.pollMs ?? 1000;
  let running = true;
  let wakeUp: (() => void) | null = null;
  let active = 0;
  const idleWaiters: (() => void)[] = [];

  const sleep = () =>
    new Promise<void>((resolve) => {
      const t = setTimeout(done, pollMs);
      function done() {
        clearTimeout(t);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  const runOne = (job: J) => runClaimedJob(db, handler, job);

  async function slot() {
    while (running) {
      let job: J | null = null;
      try {
        job = await claimNextJob<J>(db, handler.table, handler.leaseSeconds);
      } catch (e) {
        console.error(`worker ${handler.table}: claim failed:`, e);
      }
      if (!job) {
        if (active === 0) idleWaiters.splice(0).forEach((r) => r());
        await sleep();
        continue;
      }
      active++;
      try {
        await runOne(job);
      } catch (e) {
        console.error(`worker ${handler.table}: job ${job.id} could not be finished:`, e);
      } finally {
        active--;
      }
    }
  }

  // Job status responses say "waiting for a worker" while no worker announces itself on the queue.
  const heartbeat = startHeartbeat(db, handler.table);
  const slots = Array.from({ length: options.concurrency ?? 1 }, () => slot());
  return {
    wake: () => wakeUp?.(),
    stop: async () => {
      running = false;
      wakeUp?.();
      await Promise.all(slots);
      await heartbeat.stop();
    },
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        wakeUp?.();
      }),
  };
}
