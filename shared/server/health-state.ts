/**
 * What GET /health answers, kept in memory. Load balancers and platforms call /health all the time; reading
 * the reference-data state from the database on every call made it the heaviest light route (issue 39).
 * The answer is recomputed at most every HEALTH_REFRESH_MS, in the background: a call within that time gets
 * the last answer, a later call gets it too while a new one is read (stale-while-revalidate), and only
 * the first call of a process waits. A read that fails (the database is down) makes the calls after it
 * fail as before (500), until a read succeeds; each of them waits for the read under way.
 */
import type { Db } from "../db/types.ts";
import type { ReferenceRefreshSettings } from "../runtime/config/reference-refresh-settings.ts";
import { referenceDataHealth } from "../reference/refresh/reference-health.ts";
import type { ScreeningTable } from "../runtime/config/reference-sources.ts";

export const HEALTH_REFRESH_MS = 5_000;

export interface HealthAnswer {
  status: "ok";
  database: Db["kind"];
  functions: string[];
  reference_data: Awaited<ReturnType<typeof referenceDataHealth>>;
  /** When the state was read: at most HEALTH_REFRESH_MS (plus one read) before the answer. */
  checked_at: string;
}

interface Entry {
  /** When the last read finished (0: never). */
  at: number;
  reading?: Promise<void>;
  last?: HealthAnswer;
  /** The last read's failure, the answer until a read succeeds. */
  error?: unknown;
}

const entries = new WeakMap<Db, Entry>();

async function read(
  db: Db,
  settings: ReferenceRefreshSettings,
  functions: string[],
  lists: readonly ScreeningTable[] | undefined,
): Promise<HealthAnswer> {
  await db.query("select 1");
  return {
    status: "ok",
    database: db.kind,
    functions,
    reference_data: await referenceDataHealth(db, settings, lists),
    checked_at: new Date().toISOString(),
  };
}

/** The health answer for `db`, from memory when it is recent enough. */
export async function currentHealth(
  db: Db,
  settings: ReferenceRefreshSettings,
  functions: string[],
  now = Date.now(),
  /** The screening lists the deployment is bound by (TDS_SCREENING_LISTS; every list when absent). */
  lists?: readonly ScreeningTable[],
): Promise<HealthAnswer> {
  let entry = entries.get(db);
  if (!entry) {
    entry = { at: 0 };
    entries.set(db, entry);
  }
  const e = entry;
  if (now - e.at >= HEALTH_REFRESH_MS && !e.reading) {
    e.reading = read(db, settings, functions, lists)
      .then(
        (answer) => {
          e.last = answer;
          e.error = undefined;
        },
        (error: unknown) => {
          e.error = error;
        },
      )
      .finally(() => {
        e.at = Date.now();
        e.reading = undefined;
      });
  }
  if (e.last && e.error === undefined) return e.last;
  await e.reading;
  if (e.error !== undefined) throw e.error;
  return e.last as HealthAnswer;
}

/** Forgets the kept answer (in tests): the next call reads the state again. */
export function forgetHealth(db: Db): void {
  entries.delete(db);
}
