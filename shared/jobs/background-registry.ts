import type { Services } from "../runtime/services.ts";
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
