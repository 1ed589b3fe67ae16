import { mkdtemp, writeFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite } from "../../shared/db/pglite.ts";
import { migrate } from "../../shared/db/migrate.ts";
import { hasSharedData, NEEDS_SHARED_DATA, SHARED_DATA } from "./shared-data.ts";
import { writeMinimalSanctionsDir } from "./minimal-sanctions.ts";
import { importReferenceDir } from "../../shared/reference/import-reference-dir.ts";
import { SCREENING_TABLES } from "../../shared/screening/lists/screening-tables.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    /** A folder with a minimal, invented sanctions list dated today (tests/support/minimal-sanctions.ts). */
    minimalReferenceDir: string;
  }
}

/**
 * Migrates one in-memory PGlite, imports the minimal sanctions list (an empty one fails every validation
 * closed) and dumps it, so each test file restores it in ~0.4 s instead of ~3 s.
 */
export default async function setup(project: TestProject) {
  // Locally the real-data suites are skipped without ../shared/data; in CI that would be a green run
  // that never read the real tariffs, UN/LOCODE and OFAC files.
  if (process.env.CI && process.env.CI !== "false" && !hasSharedData) {
    throw new Error(`CI is set but ${SHARED_DATA} is missing: the real reference data suites cannot run`);
  }
  // Said once at the start, so the skipped count below has its reason in plain sight.
  if (!hasSharedData) console.warn(`Real-data suites are skipped: each ${NEEDS_SHARED_DATA}.`);
  const dir = await mkdtemp(join(tmpdir(), "tds-snapshot-"));
  const reference = await writeMinimalSanctionsDir(join(dir, "reference"));
  const db = await openPglite();
  await migrate(db);
  await importReferenceDir(db, reference, { only: [...SCREENING_TABLES] });
  const file = join(dir, "pglite.tar");
  await writeFile(file, new Uint8Array(await (await db.dump()).arrayBuffer()));
  await db.close();
  project.provide("pgliteSnapshot", file);
  project.provide("minimalReferenceDir", reference);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
