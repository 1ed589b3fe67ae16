import type { Db, Row } from "../db/types.ts";
import { claimNextJob, finishJob, MAX_ATTEMPTS, renewLease, type JobTable } from "./job-queue.ts";

export interface JobRow extends Row {
  id: string;
  attempts: number;
}

export interface JobHandler<J extends JobRow = JobRow> {
  table: JobTable;
  leaseSeconds: number;
  /** Does the work; returns columns to set on completion. Throwing fails the job with the message. */
  run(job: J): Promise<Record<string, unknown> | void>;
  /** Called after the job row is final (completed or failed), e.g. to write an outbox event. */
  onFinished?(job: J, outcome: { status: "completed" } | { status: "failed"; error: string }): Promise<void>;
}

export interface Worker {
  /** Look for work now instead of at the next poll (called after enqueueing). */
  wake(): void;
  stop(): Promise<void>;
  /** Resolves when no job is running and none is queued (tests, benchmarks). */
  idle(): Promise<void>;
}

/**
 * A polling worker: claims one job at a time per slot, keeps its lease alive while it runs, and gives up
 * on a job whose earlier attempts all died mid-way (MAX_ATTEMPTS), so a poison job cannot loop forever.
 */
export function startWorker<J extends JobRow>(db: Db, handler: JobHandler<J>, options: { pollMs?: number; concurrency?: number } = {}): Worker {
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

  async function runOne(job: J) {
    const renew = setInterval(() => void renewLease(db, handler.table, job.id, job.attempts, handler.leaseSeconds).catch(() => {}), (handler.leaseSeconds * 1000) / 3);
    try {
      if (job.attempts > MAX_ATTEMPTS) throw new Error(`gave up after ${MAX_ATTEMPTS} interrupted attempts`);
      const set = (await handler.run(job)) ?? undefined;
      if (await finishJob(db, handler.table, job.id, job.attempts, { status: "completed", set })) await handler.onFinished?.(job, { status: "completed" });
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      if (await finishJob(db, handler.table, job.id, job.attempts, { status: "failed", error })) await handler.onFinished?.(job, { status: "failed", error });
    } finally {
      clearInterval(renew);
    }
  }

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

  const slots = Array.from({ length: options.concurrency ?? 1 }, () => slot());
  return {
    wake: () => wakeUp?.(),
    stop: async () => {
      running = false;
      wakeUp?.();
      await Promise.all(slots);
    },
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        wakeUp?.();
      }),
  };
}
