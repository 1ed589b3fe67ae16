/**
 * The database the HS benchmarks search: DATABASE_URL when set (migrated here; the HS tables must have
 * been imported with `npm run reference:import -- --dir ../shared/data`), else a file-backed PGlite under
 * bench/.data/hs-quality, imported from ../shared/data on the first run and again when a migration or the
 * data change.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Db } from "../shared/db/types.ts";
import { loadMigrations, migrate } from "../shared/db/migrate.ts";
import { importReferenceDir } from "../shared/reference/import-reference-dir.ts";
import { BENCH_DATA_DIR, REFERENCE_DIR } from "./support.ts";

async function fingerprint(tables: readonly string[]): Promise<string> {
  const h = createHash("sha256").update(tables.join(","));
  for (const m of await loadMigrations()) h.update(m.name).update(m.sql);
  const walk = async (dir: string): Promise<void> => {
    for (const e of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else h.update(e.name).update(String((await stat(p)).size));
    }
  };
  await walk(REFERENCE_DIR);
  return h.digest("hex");
}

export async function openHsBenchDatabase(tables: readonly string[]): Promise<{ db: Db; label: string; close: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const { openPostgres } = await import("../shared/db/postgres.ts");
    const db = openPostgres(url);
    await migrate(db);
    return { db, label: "PostgreSQL (DATABASE_URL)", close: () => db.close() };
  }
  const { openPglite } = await import("../shared/db/pglite.ts");
  const dir = join(BENCH_DATA_DIR, "hs-quality");
  const pgDir = join(dir, "pg");
  const stamp = join(dir, "fingerprint.txt");
  const want = await fingerprint(tables);
  const have = existsSync(stamp) ? (await readFile(stamp, "utf8")).trim() : "";
  if (have !== want || !existsSync(pgDir)) {
    await rm(dir, { recursive: true, force: true });
    await mkdir(pgDir, { recursive: true });
    const db = await openPglite({ dataDir: pgDir });
    await migrate(db);
    await importReferenceDir(db, REFERENCE_DIR, { only: [...tables], onTableStart: (t) => process.stderr.write(`importing ${t}…\n`) });
    await db.close();
    await writeFile(stamp, `${want}\n`);
  }
  const db = await openPglite({ dataDir: pgDir });
  return { db, label: "PGlite (file-backed)", close: () => db.close() };
}
