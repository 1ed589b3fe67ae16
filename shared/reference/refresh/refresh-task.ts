/**
 * The local server's scheduled refresh (TDS_REFERENCE_REFRESH=on, and `npm start` with the download at
 * first start on): every tick it refreshes the tables whose interval has passed, retrying failed ones
 * with a growing delay. A table never imported is due at once, so the first tick of a first start
 * downloads every table, printing a line per table as it starts and ends; tables still empty after a
 * run are named with the command that loads them from a folder or a mirror. A source that cannot be reached
 * is logged and retried later; nothing here ever throws into the server. Several server processes may
 * run it: the per-table lease lets one of them download and import.
 */
import type { BackgroundTask } from "../../jobs/background-registry.ts";
import { onePassAtATime } from "../../jobs/one-pass-at-a-time.ts";
import type { Services } from "../../runtime/services.ts";
import type { TableRefreshResult } from "./refresh-reference-data.ts";

/** How often the task looks for due tables (a check is two small queries per table). */
const MAX_TICK_MS = 60 * 60 * 1000;

export function describeRefreshResult(r: TableRefreshResult): string {
  switch (r.outcome) {
    case "imported":
      return `reference refresh: ${r.table} imported ${r.rows} rows (was ${r.previousRows})${r.vintage ? `, ${r.vintage}` : ""}`;
    case "unchanged":
      return `reference refresh: ${r.table} unchanged at the source`;
    case "failed":
      return `reference refresh: ${r.table} failed, previous data kept, will retry: ${r.error}`;
    default:
      return `reference refresh: ${r.table} ${r.outcome}`;
  }
}

/** The start banner's and the refresh's advice for tables that are still empty. */
export function missingTablesAdvice(tables: readonly string[]): string {
  return (
    `reference data: ${tables.length} table(s) empty: ${tables.join(", ")}. ` +
    (tables.includes("sanctions_ofac")
      ? "Validations that name a party fail (no screening without the sanctions list); the other lookups warn. "
      : "Validations warn that they could not check against them. ") +
    "Load them from a folder: " +
    "npm run reference:import -- --dir <folder>, or from a mirror: TDS_REFERENCE_MIRROR=<url> npm run reference:refresh"
  );
}

export function referenceRefreshTask(
  services: Services,
  log: { info: (s: string) => void; error: (s: string) => void } = { info: console.log, error: console.error },
): BackgroundTask {
  const settings = services.config.referenceRefresh;
  if (!settings.enabled) {
    return { name: "reference-refresh (off)", wake: () => {}, stop: async () => {}, idle: async () => {} };
  }
  const tickMs = Math.max(1000, Math.min(settings.retryMs, MAX_TICK_MS));
  const stopper = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Stopping the server aborts a download in flight; the table's lease runs out and the next start retries.
  const stoppableFetch: typeof fetch = (input, init) =>
    fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, stopper.signal]) : stopper.signal });

  const schedule = () => {
    if (stopper.signal.aborted) return;
    clearTimeout(timer);
    timer = setTimeout(wake, tickMs);
    // Never keeps the process alive on its own.
    (timer as { unref?: () => void }).unref?.();
  };

  const run = async () => {
    try {
      // Loaded on first use: the importers stay out of functions that only import this module's registration.
      const { refreshReferenceData } = await import("./refresh-reference-data.ts");
      const { emptyReferenceTables } = await import("../import-records.ts");
      const empty = new Set<string>(await emptyReferenceTables(services.db));
      const results = await refreshReferenceData(services.db, settings, {
        dueOnly: true,
        fetch: stoppableFetch,
        // A first load is worth a line when it starts: it may take minutes, and the API answers meanwhile.
        onEvent: (e) => {
          if (e.type === "start" && empty.has(e.table))
            log.info(`reference refresh: ${e.table} is empty, downloading it from its publisher…`);
        },
      });
      for (const r of results) {
        if (r.outcome === "failed") log.error(describeRefreshResult(r));
        else if (r.outcome === "imported" || r.outcome === "unchanged") log.info(describeRefreshResult(r));
      }
      const still = (await emptyReferenceTables(services.db)).filter((t) => results.some((r) => r.table === t && r.outcome === "failed"));
      if (still.length > 0) log.error(missingTablesAdvice(still));
    } catch (e) {
      // The database itself failed (e.g. during shutdown): log and try again next tick.
      if (!stopper.signal.aborted) log.error(`reference refresh: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  const passes = onePassAtATime(run, { stopped: () => stopper.signal.aborted, afterRun: () => schedule() });
  const wake = passes.wake;

  wake();
  return {
    name: "reference-refresh",
    wake,
    stop: async () => {
      stopper.abort();
      clearTimeout(timer);
      await passes.current();
    },
    idle: () => passes.current(),
  };
}
