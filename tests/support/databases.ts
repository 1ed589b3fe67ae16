import { readFile } from "node:fs/promises";
import postgres from "postgres";
import { inject } from "vitest";
import type { Db } from "../../shared/db/types.ts";
import { openPglite } from "../../shared/db/pglite.ts";
import { openPostgres } from "../../shared/db/postgres.ts";
import { migrate } from "../../shared/db/migrate.ts";
import { importReferenceDir } from "../../shared/reference/import-reference-dir.ts";
import { SCREENING_TABLES } from "../../shared/screening/lists/screening-tables.ts";

/** The folder of the minimal sanctions list every test database starts with (global-setup). */
export function minimalReferenceDir(): string {
  return inject("minimalReferenceDir");
}

/**
 * Removes the minimal screening lists every test database starts with, for tests about a database without
 * any reference data (the first import, "never imported" states).
 */
export async function withoutReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const table of SCREENING_TABLES) await tx.query(`delete from ${table}`);
    await tx.query("delete from sanctions_screening_index_meta");
    await tx.query("delete from sanctions_screening_index");
    await tx.query("delete from reference_imports");
  });
}

/** A migrated in-memory PGlite restored from the snapshot made by global-setup. */
export async function openTestPglite(): Promise<Db> {
  const bytes = await readFile(inject("pgliteSnapshot"));
  return openPglite({ snapshot: new Blob([bytes]) });
}

/**
 * A fresh, migrated database on the server named by DATABASE_URL, with the minimal sanctions list
 * (like the PGlite snapshot); dropped by the returned cleanup. Each test file gets its own, so runs
 * never see each other's rows.
 */
export async function openTestPostgres(baseUrl: string): Promise<{ db: Db; url: string; drop: () => Promise<void> }> {
  const name = `tds_test_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  // As a deployment on a direct connection opens it (TDS_DB_PREPARED_STATEMENTS=auto).
  const db = openPostgres(url.toString(), { preparedStatements: true });
  await migrate(db);
  await importReferenceDir(db, minimalReferenceDir(), { only: [...SCREENING_TABLES] });
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export interface Backend {
  name: "pglite" | "postgres";
  open(): Promise<{ db: Db; close: () => Promise<void> }>;
}

/** PGlite always; the PostgreSQL server too when DATABASE_URL is set (CI sets it). */
export function testBackends(): Backend[] {
  const list: Backend[] = [
    {
      name: "pglite",
      open: async () => {
        const db = await openTestPglite();
        return { db, close: () => db.close() };
      },
    },
  ];
  const url = process.env.DATABASE_URL;
  if (url) {
    list.push({
      name: "postgres",
      open: async () => {
        const t = await openTestPostgres(url);
        return { db: t.db, close: t.drop };
      },
    });
  }
  return list;
}
