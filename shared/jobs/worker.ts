import type { Db, Queryable, Row } from "../db/types.ts";
import { claimRows, failInterruptedRows, renewLease, writeOutcome, type Outcome, type QueueSpec } from "./job-queue.ts";
import { startHeartbeat } from "./worker-heartbeat.ts";

export interface QueuedRow extends Row {
  id: string;
  attempts: number;
}

/** How a row ended, as its kind hears of it. */
export type FinalOutcome = { status: "completed" } | { status: "failed"; error: string };

/**
 * A kind of queued work: its queue declaration (table, lease, claim, failure) and what an attempt does.
 * `T` is what run returns; by default the columns to set on completion.
 */
export interface QueueKind<R extends QueuedRow = QueuedRow, T = Record<string, unknown> | void> extends QueueSpec {
  /** Rows one worker runs at once (and claims in one statement). Default 1. */
  concurrency?: number;
  /**
   * Short work before each claim that needs no lease because it is idempotent and transactional (the
   * webhook kind turns new outbox events into deliveries here).
   */
  prepare?(): Promise<void>;
  /** Does the work. Throwing fails the row with the message. */
  run(row: R): Promise<T>;
  /**
   * Turns run's result into the row's outcome, in the transaction that writes it, so that what the
   * attempt changed elsewhere (a delivery's log and its subscription's health) commits with it.
   * Default: completed, with the result as the columns to set.
   */
  settle?(row: R, result: T, tx: Queryable): Promise<Outcome>;
  /**
   * Called in the transaction that makes the row final (completed or failed, also when given up after
   * an interrupted last claim), only while the row is still ours: e.g. to write an outbox event, so the
   * event exists exactly when the final status does.
   */
  onFinished?(row: R, outcome: FinalOutcome, tx: Queryable): Promise<void>;
}

export interface Worker {
  /** Look for work now instead of at the next poll (called after enqueueing). */
  wake(): void;
  stop(): Promise<void>;
  /** Resolves when nothing is running and nothing is runnable (tests, benchmarks). */
  idle(): Promise<void>;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function finish<R extends QueuedRow, T>(
  db: Db,
  kind: QueueKind<R, T>,
  row: R,
  result: { ok: true; value: T } | { ok: false; error: string },
) {
  await db.transaction(async (tx) => {
    const outcome: Outcome = !result.ok
      ? { status: "failed", error: result.error }
      : kind.settle
        ? await kind.settle(row, result.value, tx)
        : { status: "completed", set: (result.value as Record<string, unknown> | undefined) ?? undefined };
    if (!(await writeOutcome(tx, kind, row.id, row.attempts, outcome))) return; // lease lost: another worker owns it
    if (outcome.status !== "rescheduled") {
      await kind.onFinished?.(
        row,
        outcome.status === "completed" ? { status: "completed" } : { status: "failed", error: outcome.error },
        tx,
      );
    }
  });
}

/** Runs one claimed row to its end, keeping the lease alive meanwhile. Never throws for the row's own failure. */
export async function runClaimed<R extends QueuedRow, T>(db: Db, kind: QueueKind<R, T>, row: R): Promise<void> {
  const renew = setInterval(() => void renewLease(db, kind, row.id, row.attempts).catch(() => {}), (kind.leaseSeconds * 1000) / 3);
  try {
    const value = await kind.run(row);
    await finish(db, kind, row, { ok: true, value });
  } catch (e) {
    await finish(db, kind, row, { ok: false, error: message(e) });
  } finally {
    clearInterval(renew);
  }
}

/** Fails the rows whose last allowed claim was interrupted, telling the kind in the same transaction. */
async function giveUpInterrupted<R extends QueuedRow, T>(db: Db, kind: QueueKind<R, T>): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await failInterruptedRows<R>(tx, kind);
    for (const row of rows) await kind.onFinished?.(row, { status: "failed", error: String(row[kind.errorColumn]) }, tx);
    return rows.length;
  });
}

/** Prepares, gives up interrupted rows, and claims up to `limit` rows (not yet run). */
async function beginPass<R extends QueuedRow, T>(db: Db, kind: QueueKind<R, T>, limit: number): Promise<R[]> {
  await kind.prepare?.();
  await giveUpInterrupted(db, kind);
  return claimRows<R>(db, kind, limit);
}

/** One pass: claims up to `limit` rows and runs them together. Returns how many ran. */
export async function runPass<R extends QueuedRow, T>(db: Db, kind: QueueKind<R, T>, limit = kind.concurrency ?? 1): Promise<number> {
  const rows = await beginPass(db, kind, limit);
  await Promise.all(rows.map((row) => runClaimed(db, kind, row)));
  return rows.length;
}

/**
 * Request-driven processing (Supabase Edge Functions have no long-lived worker): passes until one
 * finds nothing or the deadline passes.
 */
export async function drainQueue<R extends QueuedRow, T>(
  db: Db,
  kind: QueueKind<R, T>,
  deadline: number,
): Promise<{ ran: number; passes: number }> {
  let ran = 0;
  let passes = 0;
  do {
    passes++;
    const n = await runPass(db, kind);
    ran += n;
    if (n === 0) break;
  } while (Date.now() < deadline);
  return { ran, passes };
}

/**
 * The worker loop of every kind: claims as many rows as it has free slots, runs them, and claims
 * again when one ends, on wake, or every `pollMs`. Announces itself on the queue while it runs.
 */
export function startWorker<R extends QueuedRow, T>(db: Db, kind: QueueKind<R, T>, options: { pollMs?: number } = {}): Worker {
  const pollMs = options.pollMs ?? 1000;
  const slots = Math.max(1, kind.concurrency ?? 1);
  let running = true;
  let wakeUp: (() => void) | null = null;
  // A wake during a pass must not be lost: the next sleep returns at once.
  let woken = false;
  const inFlight = new Set<Promise<void>>();
  // An idle waiter is released only by an empty pass that started after it was registered.
  let passesStarted = 0;
  let idleWaiters: { since: number; resolve: () => void }[] = [];

  const wake = () => {
    if (wakeUp) wakeUp();
    else woken = true;
  };
  const sleep = () =>
    new Promise<void>((resolve) => {
      if (woken) {
        woken = false;
        return resolve();
      }
      const t = setTimeout(done, pollMs);
      function done() {
        clearTimeout(t);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  const start = (row: R) => {
    const p: Promise<void> = runClaimed(db, kind, row)
      .catch((e) => console.error(`worker ${kind.table}: ${row.id} could not be finished:`, e))
      .finally(() => {
        inFlight.delete(p);
        wake();
      });
    inFlight.add(p);
  };

  const loop = (async () => {
    while (running) {
      // Every slot busy: wait until one ends (it wakes the loop), so that every pass claims.
      if (inFlight.size >= slots) {
        await sleep();
        continue;
      }
      const seq = ++passesStarted;
      const free = slots - inFlight.size;
      let claimed = 0;
      try {
        const rows = await beginPass(db, kind, free);
        claimed = rows.length;
        rows.forEach(start);
      } catch (e) {
        if (!running) break;
        console.error(`worker ${kind.table}: claim failed:`, e);
      }
      if (claimed === 0 && inFlight.size === 0) {
        const ready = idleWaiters.filter((w) => w.since < seq);
        idleWaiters = idleWaiters.filter((w) => w.since >= seq);
        ready.forEach((w) => w.resolve());
      }
      // Every free slot got a row: there may be more.
      if (claimed > 0 && claimed === free) continue;
      if (running) await sleep();
    }
    await Promise.all(inFlight);
    idleWaiters.splice(0).forEach((w) => w.resolve());
  })();

  // Status responses say "waiting for a worker" while no worker announces itself on the queue.
  const heartbeat = startHeartbeat(db, kind.table);
  return {
    wake,
    stop: async () => {
      running = false;
      wake();
      await loop;
      await heartbeat.stop();
    },
    idle: () =>
      new Promise<void>((resolve) => {
        if (!running) return resolve();
        idleWaiters.push({ since: passesStarted, resolve });
        wake();
      }),
  };
}
