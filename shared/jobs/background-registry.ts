import type { Services } from "../runtime/services.ts";
import { JOB_TABLES, type JobTable } from "./job-queue.ts";

/**
 * The background tasks running in this process, without the tasks' code. Request handlers import
 * `wakeBackgroundTasks` from here: importing the task factories (shared/server/background-tasks.ts)
 * would pull OCR, PDF reading and spreadsheet parsing into every edge function that enqueues a job.
 */

/** Something the local server or the worker runs beside the HTTP server (job workers, the webhook dispatcher, cleanups). */
export interface BackgroundTask {
  name: string;
  /** Start now (or on wake); must be safe with several processes running it (leases, SKIP LOCKED). */
  wake(): void;
  stop(): Promise<void>;
  /** Resolves when the task has nothing left to do right now (tests and benchmarks wait on it). */
  idle(): Promise<void>;
}

/** Makes a task for a process's services; the features export theirs and the server composes them. */
export type BackgroundTaskFactory = (services: Services) => BackgroundTask;

const running: BackgroundTask[] = [];

export function registerBackgroundTask(task: BackgroundTask): void {
  running.push(task);
}

export function runningBackgroundTasks(): readonly BackgroundTask[] {
  return running;
}

/** Wakes every running task (after new work was enqueued in this process); a no-op in an edge function. */
export function wakeBackgroundTasks(): void {
  for (const t of running) t.wake();
}

/** Stops every task; one that does not stop within `graceMs` is reported and left behind (shutdown must end). */
export async function stopBackgroundTasks(graceMs = 10_000): Promise<void> {
  await Promise.all(
    running.splice(0).map(async (t) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), graceMs)));
      const outcome = await Promise.race([t.stop().then(() => "stopped" as const), late]);
      clearTimeout(timer);
      if (outcome === "late") console.error(`background task ${t.name} did not stop within ${graceMs} ms; shutting down without it`);
    }),
  );
}

export async function backgroundTasksIdle(): Promise<void> {
  await Promise.all(running.map((t) => t.idle()));
}

/** Runs queued jobs of one table until none is left or the deadline passes; returns how many ran. */
export type JobDrain = (services: Services, deadline: number) => Promise<number>;

const drains = new Map<JobTable, JobDrain>();

/**
 * Which job tables this process can work on from a request (run-jobs). Each kind registers its drain
 * where its code may be loaded: generation wherever run-jobs runs, extraction only from
 * shared/server/background-tasks.ts (the local server and the worker), so an edge function never
 * carries OCR, PDF reading or spreadsheet code and its extraction jobs wait for a worker.
 */
export function registerJobDrain(table: JobTable, drain: JobDrain): void {
  drains.set(table, drain);
}

/** Every job table, in the order run-jobs drains them, with this process's drain (undefined: none here). */
export function jobDrains(): { table: JobTable; drain: JobDrain | undefined }[] {
  return JOB_TABLES.map((table) => ({ table, drain: drains.get(table) }));
}
