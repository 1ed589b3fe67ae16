import type { Services } from "../runtime/services.ts";
import { extractionJobKind, extractionTaskFactory } from "../extraction/extraction-task.ts";
import { drainQueue } from "../jobs/worker.ts";
import { generationBackgroundTask } from "../generation/generation-worker.ts";
import { webhookDeliveryTask } from "../webhooks/dispatcher.ts";
import {
  registerBackgroundTask,
  registerJobDrain,
  runningBackgroundTasks,
  type BackgroundTask,
  type BackgroundTaskFactory,
} from "../jobs/background-registry.ts";
import { referenceRefreshTask } from "../reference/refresh/refresh-task.ts";
import { sessionPruningTask } from "../accounts/session-pruning.ts";
import { lineIndexStoreTask } from "../hs-codes/line-index-store-task.ts";
import { screeningMonitorTask } from "../screening/monitoring/monitor-task.ts";

// The registry lives apart so that edge functions can wake tasks without importing their code.
export {
  backgroundTasksIdle,
  stopBackgroundTasks,
  wakeBackgroundTasks,
  type BackgroundTask,
  type BackgroundTaskFactory,
} from "../jobs/background-registry.ts";

// run-jobs in this process (local server, worker) may drain extraction too; edge functions never load this module.
registerJobDrain(
  "extraction_jobs",
  async (services, deadline) => (await drainQueue(services.db, extractionJobKind(services, services.config.extraction), deadline)).ran,
);

/**
 * On Supabase the same work runs from request-triggered functions and a schedule; locally the server
 * starts these in-process. Each feature exports its factory; this is the one list of them.
 */
export function backgroundTaskFactories(): BackgroundTaskFactory[] {
  return [
    generationBackgroundTask,
    extractionTaskFactory,
    // webhook deliveries on the same queue and worker loop as the jobs
    (services) => webhookDeliveryTask(services),
    // scheduled download of the reference tables (TDS_REFERENCE_REFRESH=on)
    (services) => referenceRefreshTask(services),
    // ended dashboard sessions, hourly
    (services) => sessionPruningTask(services),
    // HS search's stored line indexes, when an import left them stale
    (services) => lineIndexStoreTask(services),
    // saved parties and recent shipments screened again after a list change (screening_entry_changes)
    (services) => screeningMonitorTask(services),
  ];
}

export function startBackgroundTasks(services: Services): readonly BackgroundTask[] {
  for (const make of backgroundTaskFactories()) registerBackgroundTask(make(services));
  return runningBackgroundTasks();
}
