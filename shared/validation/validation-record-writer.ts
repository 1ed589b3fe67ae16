/**
 * Validation records written in groups (issue 31): the records of validations that finish while an insert
 * is on its way to the database go together in the next one, so that under load many records share one
 * round trip and one commit (group commit, as PostgreSQL's own commit_delay does for WAL flushes) instead
 * of paying a statement, a socket write and a WAL flush each. Nothing is given up: every caller still
 * waits until its own record is committed, and an idle service sends each record at once (a group of one).
 *
 * A failed group is written again one record at a time, so that one bad record (say, of an account
 * deleted meanwhile) fails only its own validation.
 */
import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/types.ts";
import {
  insertValidationRecord,
  insertValidationRecords,
  type NewValidationRecord,
  type ValidationRecord,
} from "./validation-record-repository.ts";

/** At most this many records per statement, and about this much JSON (a 500-line record is ~0.5 MB). */
const MAX_GROUP_RECORDS = 64;
const MAX_GROUP_RESULTS = 20_000;

interface Waiting {
  record: NewValidationRecord;
  resolve: (r: ValidationRecord | null) => void;
  reject: (e: unknown) => void;
}

/**
 * One group on its way per database at a time: the records that arrive meanwhile wait for it and make the
 * next group, which grows with the load (tried: up to 4 groups at once wrote smaller groups for more CPU
 * per record and no more records per second; docs/benchmarks.md).
 */
interface Lane {
  waiting: Waiting[];
  writing: boolean;
}

const lanes = new WeakMap<Queryable, Lane>();

/**
 * Stores the record (as insertValidationRecord: null when its key's re-check fails), together with the
 * records of other validations waiting on the same database. Not for a transaction's handle: a group
 * would commit with whichever transaction it ran in.
 */
export function storeValidationRecord(db: Queryable, record: NewValidationRecord): Promise<ValidationRecord | null> {
  let lane = lanes.get(db);
  if (!lane) {
    lane = { waiting: [], writing: false };
    lanes.set(db, lane);
  }
  const current = lane;
  return new Promise((resolve, reject) => {
    current.waiting.push({ record, resolve, reject });
    if (!current.writing) void drain(db, current);
  });
}

/** Writes the waiting records group by group until none is left. */
async function drain(db: Queryable, lane: Lane): Promise<void> {
  lane.writing = true;
  try {
    while (lane.waiting.length > 0) {
      const group = takeGroup(lane.waiting);
      await writeGroup(db, group);
    }
  } finally {
    lane.writing = false;
  }
}

function takeGroup(waiting: Waiting[]): Waiting[] {
  let results = 0;
  let n = 0;
  while (n < waiting.length && n < MAX_GROUP_RECORDS) {
    results += waiting[n].record.results.length;
    if (n > 0 && results > MAX_GROUP_RESULTS) break;
    n++;
  }
  return waiting.splice(0, n);
}

async function writeGroup(db: Queryable, group: Waiting[]): Promise<void> {
  try {
    const stored = await insertValidationRecords(
      db,
      group.map((w) => ({ id: randomUUID(), record: w.record })),
    );
    group.forEach((w, i) => w.resolve(stored[i]));
  } catch (error) {
    if (group.length === 1) return group[0].reject(error);
    // One record's error must not fail the others: each on its own, with its own answer.
    for (const w of group) await insertValidationRecord(db, w.record).then(w.resolve, w.reject);
  }
}
