import type { Services } from "../runtime/services.ts";
import type { BackgroundTask } from "../jobs/background-registry.ts";
import { pruneSessions } from "./session-repository.ts";

const SESSION_PRUNE_INTERVAL_MS = 3600_000;

/**
 * Deletes ended dashboard sessions at start and then every hour, beside the other sweeps of the local
 * server and the worker. Several processes may run it: the delete is idempotent.
 */
export function sessionPruningTask(services: Pick<Services, "db">, intervalMs = SESSION_PRUNE_INTERVAL_MS): BackgroundTask {
  let current: Promise<void> = Promise.resolve();
  const sweep = () => {
    current = current
      .then(() => pruneSessions(services.db))
      .then(
        () => undefined,
        (e) => console.error("dashboard session pruning:", e),
      );
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  return {
    name: "dashboard-session-pruning",
    wake: () => {},
    idle: () => current,
    stop: async () => {
      clearInterval(timer);
      await current;
    },
  };
}
