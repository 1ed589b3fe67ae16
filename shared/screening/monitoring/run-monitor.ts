/**
 * Monitoring (issue 37, docs/sanctions-screening.md "Monitoring"): the list importers log each entry
 * added, changed or removed in screening_entry_changes; this processes the rows past its cursor. The
 * added and changed entries are read and indexed on their own (a small index), every saved party and
 * the parties of recently updated shipments are screened against them only, and each new match of a
 * party with one of those entries is stored per account and written to the webhook outbox as
 * `screening.match`, in the transaction that moves the cursor: a match is recorded and announced
 * exactly once, whichever process runs the monitor and however often. No change rows, no rescreening.
 */
import type { Db, Queryable } from "../../db/types.ts";
import { enqueueEvent } from "../../events/outbox.ts";
import type { ScreeningMatch } from "../screening-types.ts";
import { normaliseReviewName } from "../reviews/review-keys.ts";
import { insertMonitorMatch, lockMonitorCursor, saveMonitorCursor, type MonitorMatch } from "./monitor-repository.ts";
import { readMonitorSubjects } from "./monitor-subjects.ts";

/** The screening functions monitoring uses (shared/screening exports them; tests and the bench pass the same). */
export interface MonitorScreening {
  readEntries(db: Queryable, refs: { list_table: string; entry_id: string }[]): Promise<unknown[]>;
  screen(entries: unknown[], names: readonly string[]): Map<string, ScreeningMatch | null>;
}

export interface MonitorRun {
  /** Change rows processed (0: nothing changed, nothing screened). */
  changes: number;
  /** Entries added or changed that were screened against. */
  entries: number;
  /** Party names screened (distinct). */
  names: number;
  /** New matches recorded (and events written). */
  matches: number;
  ms: number;
}

interface ChangeRow {
  id: string | number;
  list_table: string;
  list: string;
  entry_id: string;
  entry_hash: string | null;
  change: "added" | "changed" | "removed";
}

/** At most this many change rows per run (a full first import is processed over several runs). */
export const MONITOR_BATCH = 20_000;

/** screening.match event data: the party or shipment, the list, the entry and its effect. */
export function matchEventData(m: MonitorMatch): Record<string, unknown> {
  return {
    match_id: m.id,
    party_id: m.subject_kind === "party" ? m.subject_id : null,
    shipment_id: m.subject_kind === "shipment" ? m.subject_id : null,
    party_role: m.party_role,
    party_name: m.party_name,
    list: m.list,
    entry_id: m.entry_id,
    entry_hash: m.entry_hash,
    program: m.program,
    effect: m.effect,
    severity: m.severity,
    entry_name: m.entry_name,
    matched_name: m.matched_name,
    score: m.score,
  };
}

export async function runScreeningMonitor(
  db: Db,
  screening: MonitorScreening,
  /** lists: the tables the deployment is bound by (TDS_SCREENING_LISTS); changes of the others are passed over. Absent: every list. */
  opts: { monitorDays: number; lists?: readonly string[] },
): Promise<MonitorRun> {
  const started = performance.now();
  return db.transaction(async (tx) => {
    const idle: MonitorRun = { changes: 0, entries: 0, names: 0, matches: 0, ms: 0 };
    // The change log comes with the lists' migration; a database without it has nothing to monitor.
    const log = await tx.query<{ t: string | null }>("select to_regclass('screening_entry_changes')::text as t");
    if (!log[0]?.t) return idle;
    const cursor = await lockMonitorCursor(tx);
    const changes = await tx.query<ChangeRow>(
      `select id, list_table, list, entry_id, entry_hash, change from screening_entry_changes where id > $1 order by id limit $2`,
      [cursor, MONITOR_BATCH],
    );
    const run: MonitorRun = { changes: changes.length, entries: 0, names: 0, matches: 0, ms: 0 };
    if (changes.length === 0) return run;
    const last = Number(changes[changes.length - 1].id);
    // The latest change per entry: an entry added then removed in the same batch is not screened.
    const byEntry = new Map<string, ChangeRow>();
    for (const c of changes) byEntry.set(`${c.list_table}\u0000${c.entry_id}`, c);
    const refs = [...byEntry.values()].filter((c) => c.change !== "removed" && (!opts.lists || opts.lists.includes(c.list_table)));
    if (refs.length > 0) {
      const changeOf = new Map(refs.map((c) => [`${c.list}\u0000${c.entry_id}`, c]));
      const entries = await screening.readEntries(
        tx,
        refs.map((c) => ({ list_table: c.list_table, entry_id: c.entry_id })),
      );
      run.entries = entries.length;
      const subjects = entries.length === 0 ? [] : await readMonitorSubjects(tx, opts.monitorDays);
      const names = [...new Set(subjects.map((s) => s.name))];
      run.names = names.length;
      const found = names.length === 0 ? new Map<string, ScreeningMatch | null>() : screening.screen(entries, names);
      for (const s of subjects) {
        const match = found.get(s.name);
        if (!match) continue;
        const normalised = normaliseReviewName(s.name);
        for (const listing of match.lists.length > 0 ? match.lists : [match]) {
          const change = changeOf.get(`${listing.list}\u0000${listing.entry_id}`);
          if (!change) continue;
          const stored = await insertMonitorMatch(tx, s.accountId, {
            subject_kind: s.kind,
            subject_id: s.id,
            party_role: s.role,
            party_name: s.name,
            party_name_normalised: normalised,
            list: listing.list,
            entry_id: listing.entry_id,
            entry_hash: listing.entry_hash,
            program: listing.program,
            effect: listing.effect,
            severity: match.severity,
            matched_name: match.matched_name,
            entry_name: match.name,
            score: match.score,
            change_id: Number(change.id),
          });
          if (!stored) continue;
          run.matches++;
          await enqueueEvent(tx, s.accountId, "screening.match", matchEventData(stored));
        }
      }
    }
    run.ms = Math.round(performance.now() - started);
    await saveMonitorCursor(tx, last, { ...run, at: new Date().toISOString() });
    return run;
  });
}
