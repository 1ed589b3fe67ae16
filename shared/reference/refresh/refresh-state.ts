/**
 * reference_refresh_state: one row per table with the refresh lease (so that two instances refreshing
 * at once download and import once), the last check that found the source unchanged and the last failure.
 */
import type { Queryable } from "../../db/types.ts";
import { toIso } from "../../db/values.ts";
import type { RefreshableTable } from "../sources/registry.ts";

export interface RefreshState {
  table: RefreshableTable;
  lastAttemptAt: string | null;
  lastCheckedAt: string | null;
  lastOutcome: string | null;
  lastError: string | null;
  consecutiveFailures: number;
  leaseUntil: string | null;
}

export async function readRefreshStates(db: Queryable): Promise<Map<string, RefreshState>> {
  const rows = await db.query<Record<string, unknown>>(
    "select table_name, last_attempt_at, last_checked_at, last_outcome, last_error, consecutive_failures, lease_until from reference_refresh_state",
  );
  return new Map(
    rows.map((r) => [
      r.table_name as string,
      {
        table: r.table_name as RefreshableTable,
        lastAttemptAt: toIso(r.last_attempt_at),
        lastCheckedAt: toIso(r.last_checked_at),
        lastOutcome: (r.last_outcome as string | null) ?? null,
        lastError: (r.last_error as string | null) ?? null,
        consecutiveFailures: Number(r.consecutive_failures ?? 0),
        leaseUntil: toIso(r.lease_until),
      },
    ]),
  );
}

/**
 * Takes the table's lease for `leaseMs` unless another owner holds an unexpired one. On PostgreSQL the
 * second of two concurrent updates waits for the first and then re-reads the row, so exactly one wins.
 */
export async function claimRefreshLease(db: Queryable, table: RefreshableTable, owner: string, leaseMs: number): Promise<boolean> {
  await db.query("insert into reference_refresh_state (table_name) values ($1) on conflict (table_name) do nothing", [table]);
  const rows = await db.query(
    `update reference_refresh_state
        set lease_owner = $2, lease_until = clock_timestamp() + ($3::bigint * interval '1 millisecond'), last_attempt_at = clock_timestamp()
      where table_name = $1 and (lease_until is null or lease_until < clock_timestamp() or lease_owner = $2)
      returning table_name`,
    [table, owner, leaseMs],
  );
  return rows.length === 1;
}

/**
 * Releases the lease and records the outcome (a success resets the failure count). Only a check that
 * found the source unchanged (same bytes: checksum) confirms the loaded data as still current; an import
 * of changed files clears the confirmation, so the new files' own publication date takes over.
 */
export async function finishRefresh(
  db: Queryable,
  table: RefreshableTable,
  owner: string,
  outcome: { ok: true; outcome: string } | { ok: false; error: string },
): Promise<void> {
  if (outcome.ok) {
    await db.query(
      `update reference_refresh_state
          set lease_owner = null, lease_until = null,
              last_checked_at = case when $3::text = 'unchanged' then clock_timestamp() when $3::text = 'imported' then null else last_checked_at end,
              last_outcome = $3::text,
              last_error = null, consecutive_failures = 0
        where table_name = $1 and lease_owner = $2`,
      [table, owner, outcome.outcome],
    );
  } else {
    await db.query(
      `update reference_refresh_state
          set lease_owner = null, lease_until = null, last_outcome = 'failed', last_error = $3,
              consecutive_failures = consecutive_failures + 1
        where table_name = $1 and lease_owner = $2`,
      [table, owner, outcome.error.slice(0, 2000)],
    );
  }
}
