import { join } from "node:path";
import type { Db } from "../db/types.ts";
import { openDatabase } from "../db/open-database.ts";
import type { BlobStore } from "../storage/blob-store.ts";
import { createLocalBlobStore } from "../storage/local-blob-store.ts";
import { createSupabaseBlobStore } from "../storage/supabase-blob-store.ts";
import { createPostgresBlobStore } from "../storage/postgres-blob-store.ts";
import { createS3BlobStore } from "../storage/s3-blob-store.ts";
import { ConfigError, parseConfig, readConfigEnvironment, type Config } from "./config.ts";
import { productionSecretProblems } from "./production-secrets.ts";

/**
 * A function on its own cannot serve with this configuration; the message names the variables (the log
 * says why). The request layer (http/request-services.ts) answers it as 503 SVC_CONFIG_001.
 */
export class ServicesRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ServicesRefused";
  }
}

/** What request handlers need from the outside world; tests and the local server provide it explicitly. */
export interface Services {
  db: Db;
  config: Config;
  blobs: BlobStore;
}

/** The configured blob store; `postgres` keeps files in the service's own database (db). */
export function createBlobStore(config: Config, db: Db): BlobStore {
  switch (config.storage) {
    case "supabase":
      if (!config.supabaseUrl) throw new Error("TDS_STORAGE=supabase needs SUPABASE_URL");
      // A secret key where the project has one (legacy service_role keys are being retired).
      return createSupabaseBlobStore(config.supabaseUrl, config.secretKeys[0] ?? config.serviceRoleKey);
    case "s3":
      if (!config.s3?.endpoint || !config.s3.accessKeyId || !config.s3.secretAccessKey) {
        throw new Error("TDS_STORAGE=s3 needs TDS_S3_ENDPOINT, TDS_S3_ACCESS_KEY_ID and TDS_S3_SECRET_ACCESS_KEY");
      }
      return createS3BlobStore(config.s3);
    case "postgres":
      return createPostgresBlobStore(db);
    default:
      return createLocalBlobStore(join(config.dataDir, "blobs"));
  }
}

/** A function on its own (Supabase) only enqueues unless TDS_IN_PROCESS_JOBS says otherwise. */
function configOrRefusal(env: Parameters<typeof parseConfig>[0]): Config {
  try {
    return parseConfig(env, { inProcessJobsByDefault: false });
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    for (const line of e.problems) console.error(line);
    const names = e.problems.map((line) => line.split(" ")[0]).join(", ");
    throw new ServicesRefused(`The service is not configured correctly: check ${names} (the function log says why)`);
  }
}

let current: Promise<Services> | undefined;

/** Used by the local server and tests: every function app in this process shares these services. */
export function provideServices(services: Services): void {
  current = Promise.resolve(services);
}

/** On Supabase each function is its own isolate: services come from the environment on first use. */
export function getServices(): Promise<Services> {
  current ??= (async () => {
    // A deployed function refuses to serve on published default secrets, as `npm start` refuses to start.
    const env = readConfigEnvironment();
    const problems = productionSecretProblems((name) => env[name]);
    if (problems.length > 0) {
      for (const line of problems) console.error(line);
      const names = problems.map((line) => line.split(" ")[0]).join(", ");
      throw new ServicesRefused(`The service is not configured for production: set ${names} (the function log says why)`);
    }
    const config = configOrRefusal(env);
    const db = await openDatabase(config);
    return { config, db, blobs: createBlobStore(config, db) };
  })();
  return current;
}
