import { hostname } from "node:os";
import type { Config } from "../runtime/config.ts";
import { createBlobStore, provideServices, type Services } from "../runtime/services.ts";
import { openDatabase } from "../db/open-database.ts";
import { migrate } from "../db/migrate.ts";
import { startBackgroundTasks } from "./background-tasks.ts";
import { refreshStoredSanctionsIndex } from "../screening/sanctions-screener.ts";
import { stopBackgroundTasks } from "../jobs/background-registry.ts";
import { createGateway, loadFunctionApps } from "./gateway.ts";
import { listen, type RunningServer } from "./listen.ts";

/**
 * The public HTML pages a worker can serve where edge functions cannot (Supabase rewrites text/html to
 * text/plain without a custom domain): the verification page (/verify/<hash>) and the dashboard (/dashboard/…).
 */
export const PAGE_FUNCTIONS = ["verify-hash", "dashboard"] as const;

export interface WorkerProcess {
  services: Services;
  /** Set when the worker serves the pages (TDS_WORKER_PORT). */
  pagesUrl?: string;
  close(): Promise<void>;
}

/**
 * `npm run worker`: the heavy work outside the edge. Claims generation (renders) and extraction (OCR,
 * scanned PDFs, spreadsheets) jobs from the PostgreSQL queue, delivers webhooks and sweeps expired files:
 * the local server's background tasks without its API. Any number of workers (and servers) share the
 * queue (leases, FOR UPDATE SKIP LOCKED). With `pagesPort` it also serves the public pages.
 */
export async function startWorkerProcess(config: Config, options: { pagesPort?: number } = {}): Promise<WorkerProcess> {
  if (!config.databaseUrl) {
    throw new Error(
      "npm run worker needs DATABASE_URL (or SUPABASE_DB_URL): the PostgreSQL database the functions enqueue into. PGlite cannot be shared between processes; npm start alone already runs the jobs.",
    );
  }
  const db = await openDatabase(config);
  await migrate(db);
  const services: Services = { db, config: { ...config, inProcessJobs: true }, blobs: createBlobStore(config, db) };
  provideServices(services);
  startBackgroundTasks(services);
  // Edge functions screen through the stored sanctions index: (re)build it when an import made it stale.
  refreshStoredSanctionsIndex(db)
    .then((rows) => rows && console.log(`  sanctions screening index stored (${rows} rows)`))
    .catch((e) => console.error("sanctions screening index could not be stored:", e));
  let server: RunningServer | undefined;
  let pagesUrl: string | undefined;
  if (options.pagesPort !== undefined) {
    const gateway = createGateway(await loadFunctionApps(PAGE_FUNCTIONS));
    server = await listen(gateway.fetch, config.host, options.pagesPort, { lingeringClose: config.lingeringClose });
    pagesUrl = `http://${config.host}:${server.port}`;
  }
  console.log(`worker ${hostname()}:${process.pid} running generation, extraction and webhook jobs`);
  return {
    services,
    pagesUrl,
    close: async () => {
      await server?.close();
      await stopBackgroundTasks();
      await db.close();
    },
  };
}
