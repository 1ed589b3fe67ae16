/** SQL of monitoring: the cursor over screening_entry_changes and the matches found per account. */
import type { Queryable, Row } from "../../db/types.ts";
import { toIso } from "../../db/values.ts";

export interface MonitorMatch {
  id: string;
  subject_kind: "party" | "shipment";
  subject_id: string;
  party_role: string | null;
  party_name: string;
  list: string;
  entry_id: string;
  entry_hash: string;
  program: string | null;
  effect: string | null;
  severity: "error" | "warning";
  matched_name: string;
  entry_name: string;
  score: number;
  created_at: string;
}

export type NewMonitorMatch = Omit<MonitorMatch, "id" | "created_at"> & { party_name_normalised: string; change_id: number };

const COLUMNS =
  "id, subject_kind, subject_id, party_role, party_name, list, entry_id, entry_hash, program, effect, severity, matched_name, entry_name, score, created_at";

function toMatch(r: Row): MonitorMatch {
  return {
    id: String(r.id),
    subject_kind: r.subject_kind as MonitorMatch["subject_kind"],
    subject_id: String(r.subject_id),
    party_role: (r.party_role as string | null) ?? null,
    party_name: String(r.party_name),
    list: String(r.list),
    entry_id: String(r.entry_id),
    entry_hash: String(r.entry_hash),
    program: (r.program as string | null) ?? null,
    effect: (r.effect as string | null) ?? null,
    severity: r.severity as MonitorMatch["severity"],
    matched_name: String(r.matched_name),
    entry_name: String(r.entry_name),
    score: Number(r.score),
    created_at: toIso(r.created_at)!,
  };
}

/** The cursor row, locked for this transaction: one process at a time processes changes. */
export async function lockMonitorCursor(tx: Queryable): Promise<number> {
  await tx.query("insert into screening_monitor_state (id) values (1) on conflict (id) do nothing");
  const rows = await tx.query<{ last_change_id: string | number }>(
    "select last_change_id from screening_monitor_state where id = 1 for update",
  );
  return Number(rows[0].last_change_id);
}

export async function saveMonitorCursor(tx: Queryable, lastChangeId: number, run: Record<string, unknown> | null): Promise<void> {
  await tx.query(
    "update screening_monitor_state set last_change_id = $1, last_run_at = now(), last_run = coalesce($2::text::jsonb, last_run) where id = 1",
    [lastChangeId, run === null ? null : JSON.stringify(run)],
  );
}

/** The stored match, or null when the same subject, name and entry (same hash) was already recorded. */
export async function insertMonitorMatch(tx: Queryable, accountId: string, m: NewMonitorMatch): Promise<MonitorMatch | null> {
  const rows = await tx.query(
    `insert into screening_monitor_matches (account_id, subject_kind, subject_id, party_role, party_name, party_name_normalised, list,
       entry_id, entry_hash, program, effect, severity, matched_name, entry_name, score, change_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     on conflict (account_id, subject_kind, subject_id, party_name_normalised, list, entry_id, entry_hash) do nothing
     returning ${COLUMNS}`,
    [
      accountId,
      m.subject_kind,
      m.subject_id,
      m.party_role,
      m.party_name,
      m.party_name_normalised,
      m.list,
      m.entry_id,
      m.entry_hash,
      m.program,
      m.effect,
      m.severity,
      m.matched_name,
      m.entry_name,
      m.score,
      m.change_id,
    ],
  );
  return rows[0] ? toMatch(rows[0]) : null;
}

/** The account's matches, newest first. */
export async function listMonitorMatches(db: Queryable, accountId: string, limit = 50): Promise<MonitorMatch[]> {
  const rows = await db.query(
    `select ${COLUMNS} from screening_monitor_matches where account_id = $1 order by created_at desc, id desc limit $2`,
    [accountId, limit],
  );
  return rows.map(toMatch);
}
