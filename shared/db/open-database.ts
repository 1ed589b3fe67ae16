import { join } from "node:path";
import { mkdir } from "node:fs/promises";
import type { Config } from "../runtime/config.ts";
import type { Db } from "./types.ts";
import { openPglite } from "./pglite.ts";
import { openPostgres } from "./postgres.ts";

/** DATABASE_URL selects a PostgreSQL server; otherwise PGlite under TDS_DATA_DIR/pg. */
export async function openDatabase(config: Pick<Config, "databaseUrl" | "dataDir">): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const dir = join(config.dataDir, "pg");
  await mkdir(dir, { recursive: true });
  return openPglite({ dataDir: dir });
}
