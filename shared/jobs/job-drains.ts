import type { Services } from "../runtime/services.ts";
import type { JobTable } from "./job-queue.ts";

/** Runs queued jobs of one table until none is left or the deadline passes; returns how many ran. */
export type JobDrain = (services: Services, deadline: number) => Promise<number>;

const drains = new Map<JobTable, JobDrain>();

/**
 * Which job tables this process can work on from a request (run-jobs). Extraction registers itself
 * from shared/server/background-tasks.ts, which only the local server and the worker import: an edge
 * function never carries OCR, PDF reading or spreadsheet code, so its extraction jobs wait for a worker.
 */
export function registerJobDrain(table: JobTable, drain: JobDrain): void {
  drains.set(table, drain);
}

export function jobDrain(table: JobTable): JobDrain | undefined {
  return drains.get(table);
}
