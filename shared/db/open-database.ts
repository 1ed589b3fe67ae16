import { join } from "node:path";
import { mkdir } from "node:fs/promises";
import type { Db } from "./types.ts";
import { openPostgres } from "./postgres.ts";

/** DATABASE_URL selects a PostgreSQL server; otherwise PGlite under TDS_DATA_DIR/pg. */
export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const dir = join(config.dataDir, "pg");
  await mkdir(dir, { recursive: true });
  // Loaded on demand: deployed functions use DATABASE_URL and never ship PGlite's WebAssembly.
  const { openPglite } = await import("./pglite.ts");
  return openPglite({ dataDir: dir });
}
