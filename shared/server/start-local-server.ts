import type { Config } from "../runtime/config.ts";
import { createBlobStore, provideServices, type Services } from "../runtime/services.ts";
import { openDatabase } from "../db/open-database.ts";
import { migrate } from "../db/migrate.ts";
import { countAccounts, createAccount, createApiKey } from "../accounts/account-repository.ts";
import { createGateway, loadFunctionApps } from "./gateway.ts";
import { importReferenceDirIfEmpty } from "../reference/import-reference-dir.ts";
import { getSanctionsIndex } from "../screening/sanctions-screener.ts";
import { startBackgroundTasks, stopBackgroundTasks } from "./background-tasks.ts";
import { listen, type RunningServer } from "./listen.ts";
import { bootstrapOwnerInvitation } from "../accounts/member-service.ts";

export interface LocalServer extends RunningServer {
  url: string;
  services: Services;
  /** Set on the first start only: the key of the default account (printed once, stored as a hash). */
  defaultApiKey?: string;
  /** While the dashboard has no member: a single-use invitation for the owner of the first account. */
  ownerInvitation?: { accountName: string; url: string };
}

/** Opens the database, applies migrations, mounts every function and listens: what `npm start` runs. */
export async function startLocalServer(config: Config, options: { publicBaseUrlFromEnv: boolean }): Promise<LocalServer> {
  const db = await openDatabase(config);
  await migrate(db);
  let defaultApiKey: string | undefined;
  // First start: one account so the service is usable at once (the key is shown only now).
  if ((await countAccounts(db)) === 0) {
    const account = await createAccount(db, "Default account", config.defaultTier);
    defaultApiKey = (await createApiKey(db, account.id, "default")).api_key;
  }
  // TDS_REFERENCE_DIR: load the official reference files into tables that are still empty.
  if (config.referenceDir) {
    const imported = await importReferenceDirIfEmpty(db, config.referenceDir);
    for (const t of imported.tables) console.log(`  reference data: ${t.table} ← ${t.rows} rows`);
  }
  const services: Services = { db, config, blobs: createBlobStore(config, db) };
  provideServices(services);
  const gateway = createGateway(await loadFunctionApps());
  // Workers first: jobs left behind by a previous run are picked up as soon as their lease ends.
  // TDS_IN_PROCESS_JOBS=false: this server only enqueues and answers; `npm run worker` does the work.
  if (config.inProcessJobs) startBackgroundTasks(services);
  const server = await listen(gateway.fetch, config.host, config.port, { lingeringClose: config.lingeringClose });
  const url = `http://${config.host}:${server.port}`;
  // Build the sanctions index now (1–2 s) rather than inside the first validation request.
  getSanctionsIndex(db).catch((e) => console.error("sanctions index could not be built:", e));
  if (!options.publicBaseUrlFromEnv) config.publicBaseUrl = url;
  const ownerInvitation = (await bootstrapOwnerInvitation(db, config)) ?? undefined;
  return {
    ...server,
    url,
    services,
    defaultApiKey,
    ownerInvitation,
    close: async () => {
      console.log("  closing the HTTP server…");
      await server.close();
      console.log("  stopping background tasks…");
      await stopBackgroundTasks();
      console.log("  closing the database…");
      await db.close();
    },
  };
}
