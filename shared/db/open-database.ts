import { join } from "node:path";
import { mkdir } from "node:fs/promises";
import type { Db } from "./types.ts";
import { openPostgres } from "./postgres.ts";
import { type PreparedStatementsSetting, usesPreparedStatements } from "./prepared-statements.ts";

/** DATABASE_URL selects a PostgreSQL server; otherwise PGlite under TDS_DATA_DIR/pg. */
export async function openDatabase(config: {
  databaseUrl?: string;
  databasePreparedStatements?: PreparedStatementsSetting;
  dataDir: string;
}): Promise<Db> {
  if (config.databaseUrl) {
    const preparedStatements = usesPreparedStatements(config.databaseUrl, config.databasePreparedStatements ?? "auto");
    return openPostgres(config.databaseUrl, { preparedStatements });
  }
  const dir = join(config.dataDir, "pg");
  await mkdir(dir, { recursive: true });
  // Loaded on demand: deployed functions use DATABASE_URL and never ship PGlite's WebAssembly.
  const { openPglite } = await import("./pglite.ts");
  return openPglite({ dataDir: dir });
}
