/**
 * What follows a generation request answered 202, shared by the REST API and the dashboard: the queued
 * jobs are started here, not in either router.
 */
import { wakeBackgroundTasks } from "../jobs/background-registry.ts";
import type { Services } from "../runtime/services.ts";
import { drainGenerationJobs } from "./generation-queue.ts";

type EdgeRuntimeLike = { waitUntil(p: Promise<unknown>): void };

/**
 * After a 202: wake the workers of this process; on Supabase, only where in-process work is allowed,
 * keep this invocation alive to render the jobs. Otherwise the jobs wait for `npm run worker`.
 */
export function startProcessing(services: Services): void {
  wakeBackgroundTasks();
  if (!services.config.inProcessJobs) return;
  const edge = (globalThis as { EdgeRuntime?: EdgeRuntimeLike }).EdgeRuntime;
  // The renderer (pdf-lib, fontkit) is loaded by the drain, not at start: a cold start stays cheap.
  if (edge?.waitUntil) {
    edge.waitUntil(drainGenerationJobs(services, Date.now() + 50_000));
  }
}
