import type { Services } from "../runtime/services.ts";
import { extractionTaskFactory } from "../extraction/extraction-task.ts";
import { generationBackgroundTask } from "../generation/generation-worker.ts";
import { createWebhookDispatcher } from "../webhooks/dispatcher.ts";
import { referenceRefreshTask } from "../reference/refresh/refresh-task.ts";

/** Something the local server runs beside the HTTP server (job workers, the webhook dispatcher, cleanups). */
export interface BackgroundTask {
  name: string;
  /** Start now (or on wake); must be safe with several processes running it (leases, SKIP LOCKED). */
  wake(): void;
  stop(): Promise<void>;
  /** Resolves when the task has nothing left to do right now (tests and benchmarks wait on it). */
  idle(): Promise<void>;
}

export type BackgroundTaskFactory = (services: Services) => BackgroundTask;

const running: BackgroundTask[] = [];

/**
 * On Supabase the same work runs from request-triggered functions and a schedule; locally the server
 * starts these in-process. Each area registers its factory at its anchor below.
 */
export function backgroundTaskFactories(): BackgroundTaskFactory[] {
  return [
    generationBackgroundTask,
    // [tasks:documents]
    // [tasks:extraction]
    extractionTaskFactory,
    // [tasks:webhooks]
    (services) => createWebhookDispatcher(services),
    // [tasks:reference] scheduled download of the reference tables (TDS_REFERENCE_REFRESH=on)
    (services) => referenceRefreshTask(services),
  ];
}

export function startBackgroundTasks(services: Services): BackgroundTask[] {
  for (const make of backgroundTaskFactories()) running.push(make(services));
  return running;
}

/** Wakes every running task (after new work was enqueued in this process). */
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
