import { join } from "node:path";
import type { Db } from "../db/types.ts";
import { openDatabase } from "../db/open-database.ts";
import type { BlobStore } from "../storage/blob-store.ts";
import { createLocalBlobStore } from "../storage/local-blob-store.ts";
import { createSupabaseBlobStore } from "../storage/supabase-blob-store.ts";
import { loadConfig, type Config } from "./config.ts";
import { readEnv } from "./env.ts";

/** What request handlers need from the outside world; tests and the local server provide it explicitly. */
export interface Services {
  db: Db;
  config: Config;
  blobs: BlobStore;
}

export function createBlobStore(config: Config): BlobStore {
  if (config.storage === "supabase") {
    if (!config.supabaseUrl) throw new Error("TDS_STORAGE=supabase needs SUPABASE_URL");
    return createSupabaseBlobStore(config.supabaseUrl, config.serviceRoleKey);
  }
  return createLocalBlobStore(join(config.dataDir, "blobs"));
}

let current: Promise<Services> | undefined;

/** Used by the local server and tests: every function app in this process shares these services. */
export function provideServices(services: Services): void {
  current = Promise.resolve(services);
}

/** On Supabase each function is its own isolate: services come from the environment on first use. */
export function getServices(): Promise<Services> {
  current ??= (async () => {
    // A function on its own (Supabase) only enqueues unless TDS_IN_PROCESS_JOBS says otherwise.
    const config = loadConfig(readEnv("TDS_IN_PROCESS_JOBS") ? {} : { inProcessJobs: false });
    return { config, db: await openDatabase(config), blobs: createBlobStore(config) };
  })();
  return current;
}
