import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Db } from "./types.ts";
import { sha256Hex } from "../hashing/sha256.ts";

export interface Migration {
  name: string;
  sql: string;
}

/** supabase/migrations is the only schema: the same files serve PGlite, PostgreSQL and `supabase db push`. */
export const MIGRATIONS_DIR = fileURLToPath(new URL("../../supabase/migrations/", import.meta.url));

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith(".sql")).sort();
  return Promise.all(names.map(async (name) => ({ name, sql: await readFile(`${dir}/${name}`, "utf8") })));
}

function digest(text: string): Promise<string> {
  return sha256Hex(text);
}

/**
 * Applies the migrations not yet recorded, each in its own transaction under an advisory lock, so
 * two processes starting together never run one twice. Returns the names applied now.
 */
export async function migrate(db: Db, migrations?: Migration[]): Promise<string[]> {
  const list = migrations ?? (await loadMigrations());
  const applied: string[] = [];
  for (const m of list) {
    const checksum = await digest(m.sql);
    const ran = await db.transaction(async (tx) => {
      await tx.query("select pg_advisory_xact_lock(7301966)");
      await tx.exec(`create table if not exists tds_schema_migrations (
        name text primary key,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`);
      const rows = await tx.query<{ checksum: string }>("select checksum from tds_schema_migrations where name = $1", [m.name]);
      if (rows.length > 0) {
        if (rows[0].checksum !== checksum) console.warn(`migration ${m.name} changed after it was applied; not re-applied`);
        return false;
      }
      await tx.exec(m.sql);
      await tx.query("insert into tds_schema_migrations (name, checksum) values ($1, $2)", [m.name, checksum]);
      return true;
    });
    if (ran) applied.push(m.name);
  }
  return applied;
}
