import type { Services } from "../runtime/services.ts";
import { registerJobDrain } from "../jobs/background-registry.ts";

/**
 * Runs queued generation jobs until none is left or the deadline passes (run-jobs, and a function that
 * renders after answering). The renderer is loaded only here, not with the routes: a cold start that
 * merely enqueues or sweeps stays cheap.
 */
export async function drainGenerationJobs(services: Services, deadline: number): Promise<number> {
  const [{ drainQueue }, { generationJobKind }] = await Promise.all([import("../jobs/worker.ts"), import("./generation-worker.ts")]);
  return (await drainQueue(services.db, generationJobKind(services), deadline)).ran;
}

// Generation may run wherever its routes run (edge functions too), so it registers itself on import.
registerJobDrain("generation_jobs", drainGenerationJobs);
