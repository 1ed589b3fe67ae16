import type { Db } from "../db/types.ts";
import { openDatabase } from "../db/open-database.ts";
import { loadConfig, type Config } from "./config.ts";

/** What request handlers need from the outside world; tests and the local server provide it explicitly. */
export interface Services {
  db: Db;
  config: Config;
}

let current: Promise<Services> | undefined;

/** Used by the local server and tests: every function app in this process shares these services. */
export function provideServices(services: Services): void {
  current = Promise.resolve(services);
}

/** On Supabase each function is its own isolate: services come from the environment on first use. */
export function getServices(): Promise<Services> {
  current ??= (async () => {
    const config = loadConfig();
    return { config, db: await openDatabase(config) };
  })();
  return current;
}
