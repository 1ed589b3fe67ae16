/**
 * Keeps the stored HS search line indexes (stored-line-index.ts) current from the long-running processes
 * (the local server and `npm run worker`): at start and every few minutes, it stores those whose value is
 * missing or not of the schedule's current build. Imports from the command line store them at once
 * (scripts/reference-import.ts, reference-refresh.ts); this catches the other paths: a database imported by
 * code from before, the local refresh task, and on Supabase the refresh-reference-data function, which does
 * not build them itself (five index builds on top of a table's import would take it past the 2 s of CPU an
 * edge request has). Until then a schedule's first search builds its index from the rows.
 */
import type { Db } from "../db/types.ts";
import type { BackgroundTask } from "../jobs/background-registry.ts";
import { storeStaleLineIndexes, type StoredLineIndex } from "./stored-line-index.ts";

const CHECK_INTERVAL_MS = 5 * 60_000;

/**
 * storeStaleLineIndexes by one process at a time (a transaction-scoped advisory lock: a pooler-safe one);
 * null when another process holds the lock (it stores what this one would).
 */
export async function storeStaleLineIndexesOnce(db: Db): Promise<StoredLineIndex[] | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ locked: boolean }>("select pg_try_advisory_xact_lock(hashtext('hs_search_line_index')) as locked");
    return row?.locked ? storeStaleLineIndexes(tx) : null;
  });
}

export function lineIndexStoreTask(services: { db: Db }, intervalMs = CHECK_INTERVAL_MS): BackgroundTask {
  let current: Promise<void> = Promise.resolve();
  const check = () => {
    current = current
      .then(() => storeStaleLineIndexesOnce(services.db))
      .then(
        (stored) => {
          if (stored && stored.length > 0) console.log(`  HS search line indexes stored (${stored.map((s) => s.schedule).join(", ")})`);
        },
        (e) => console.error("HS search line indexes could not be stored (searches build them from the rows):", e),
      );
  };
  check();
  const timer = setInterval(check, intervalMs);
  return {
    name: "hs-line-index-store",
    wake: check,
    idle: () => current,
    stop: async () => {
      clearInterval(timer);
      await current;
    },
  };
}
