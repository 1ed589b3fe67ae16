/**
 * Monitoring as a background task of the local server and the worker: a run at start, on wake (an
 * import in this process) and every `intervalMs`. A run with no new change rows reads one row and
 * screens nothing. On Supabase the run-jobs schedule calls runScreeningMonitorNow every minute.
 */
import type { Services } from "../../runtime/services.ts";
import type { BackgroundTask } from "../../jobs/background-registry.ts";
import { onePassAtATime } from "../../jobs/one-pass-at-a-time.ts";
import { defaultMonitorScreening } from "./monitor-screening.ts";
import { runScreeningMonitor, type MonitorRun } from "./run-monitor.ts";

export const MONITOR_INTERVAL_MS = 60_000;

/** One run with the service's settings; runs again while a run filled its batch. */
export async function runScreeningMonitorNow(services: Pick<Services, "db" | "config">): Promise<MonitorRun[]> {
  const runs: MonitorRun[] = [];
  for (;;) {
    const run = await runScreeningMonitor(services.db, defaultMonitorScreening, {
      monitorDays: services.config.screening.monitorDays,
      lists: services.config.screening.lists,
    });
    runs.push(run);
    if (run.changes === 0 || runs.length >= 50) return runs;
  }
}

export function screeningMonitorTask(services: Pick<Services, "db" | "config">, intervalMs = MONITOR_INTERVAL_MS): BackgroundTask {
  const passes = onePassAtATime(async () => {
    try {
      await runScreeningMonitorNow(services);
    } catch (e) {
      console.error("screening monitor:", e);
    }
  });
  const sweep = passes.wake;
  sweep();
  const timer = setInterval(sweep, intervalMs);
  return {
    name: "screening-monitor",
    wake: sweep,
    idle: async () => {
      while (passes.busy()) await passes.current();
    },
    stop: async () => {
      clearInterval(timer);
      await passes.current();
    },
  };
}
