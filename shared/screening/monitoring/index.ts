import type { Db } from "../../db/types.ts";
import type { Services } from "../../runtime/services.ts";
import { wakeBackgroundTasks } from "../../jobs/background-registry.ts";
import { runScreeningMonitorNow } from "./monitor-task.ts";
import { DEFAULT_MONITOR_DAYS } from "../../runtime/config/screening-settings.ts";

/**
 * Called by every screening list import after it commits: screens the saved parties and recent
 * shipments against what the import added or changed, now, in this process (a folder import from the
 * command line has no background task). A failure is logged and left to the next run of the monitor
 * (the background task, or run-jobs on Supabase): the change rows stay past the cursor until processed.
 */
export async function afterScreeningListsChanged(db: Db, services?: unknown): Promise<void> {
  const config = (services as Partial<Pick<Services, "config">> | undefined)?.config;
  try {
    await runScreeningMonitorNow({ db, config: config ?? ({ screening: { monitorDays: DEFAULT_MONITOR_DAYS } } as Services["config"]) });
  } catch (e) {
    console.error("screening monitor after a list import:", e);
  }
  wakeBackgroundTasks();
}
