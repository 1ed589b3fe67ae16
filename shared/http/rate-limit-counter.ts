import type { Queryable } from "../db/types.ts";
import type { RateLimitPolicy, RateLimitState } from "./rate-limit-policy.ts";

const CLEANUP_EVERY_MS = 60_000;
/** Share of a budget one instance may count in memory before it writes to the shared counter. */
export const LOCAL_SHARE = 0.01;
/** At most this many requests per budget are counted in memory between two writes. */
export const MAX_LOCAL_BATCH = 100;
/** What was counted in memory is written at the first request after this time (no timers: edge functions too). */
export const FLUSH_EVERY_MS = 1000;

/**
 * How many requests of a budget an instance may count in memory before writing them (1: every request
 * is written, as for the small free-tier and public budgets). This is the tolerance of the limits across
 * instances: with N instances, a budget lets at most N × localBatchOf(quota) requests through beyond its
 * quota in a window; one instance is exact.
 */
export function localBatchOf(quota: number): number {
  return Math.min(MAX_LOCAL_BATCH, Math.max(1, Math.floor(quota * LOCAL_SHARE)));
}

/** One budget's window as this instance knows it. */
interface Counter {
  /** Window start (epoch seconds, from the database clock) and width. */
  start: number;
  windowSeconds: number;
  /** Local clock (ms) at which the window ends. */
  endsAt: number;
  /** The shared count the database returned last (every instance's writes up to then). */
  known: number;
  /** Counted here, being written now. */
  inflight: number;
  /** Counted here, not written yet. */
  pending: number;
}

interface Counters {
  byPartition: Map<string, Counter>;
  lastFlush: number;
  lastCleanup: number;
  /**
   * This instance's writes, one after another: a request written at once must not read a shared count
   * that already holds a background flush whose in-flight share it still adds (it counted twice).
   */
  writes: Promise<unknown>;
}

/** Runs fn after every write queued before it. */
function serially<T>(c: Counters, fn: () => Promise<T>): Promise<T> {
  const run = c.writes.then(fn, fn);
  c.writes = run.catch(() => {});
  return run;
}

const countersOf = new WeakMap<object, Counters>();

function countersFor(db: Queryable): Counters {
  let c = countersOf.get(db);
  if (!c) countersOf.set(db, (c = { byPartition: new Map(), lastFlush: 0, lastCleanup: 0, writes: Promise.resolve() }));
  return c;
}

/** The window this instance may go on counting in memory for the policy, or null when it must write. */
function localCounter(c: Counters, p: RateLimitPolicy, now: number): Counter | null {
  const batch = localBatchOf(p.quota);
  const s = c.byPartition.get(p.partition);
  if (!s || batch === 1 || now >= s.endsAt) return null;
  // Near the quota every request is written: the refusal is decided on the shared count.
  if (s.pending + 1 >= batch || s.known + s.inflight + s.pending + 1 + batch > p.quota) return null;
  return s;
}

interface CountRow {
  partition: string;
  hits: number | string;
  start: number | string;
  ms_left: number | string;
}

interface Increment {
  partition: string;
  windowSeconds: number;
  by: number;
  /** The window to add to (epoch seconds); null: the database's current window. */
  start: number | null;
}

/**
 * Adds to fixed-window counters, one statement for all: kept in the database so every instance on it
 * shares the count. The upsert is atomic (ON CONFLICT … DO UPDATE … RETURNING), so concurrent writers
 * on any instance each see a distinct total. The window comes from the database clock, so instances with
 * skewed clocks still agree.
 */
async function addToCounters(db: Queryable, increments: Increment[]): Promise<CountRow[]> {
  const params: unknown[] = [];
  const values = increments.map((i) => {
    params.push(i.partition, i.windowSeconds, i.by, i.start);
    const n = params.length;
    return `($${n - 3}::text, $${n - 2}::int, $${n - 1}::int, $${n}::bigint)`;
  });
  return db.query<CountRow>(
    `with v(partition, w, n, s) as (values ${values.join(", ")}),
          t as (select partition, w, n, coalesce(s, floor(extract(epoch from now()) / w)::bigint * w) as start from v)
     insert into rate_limit_counters as c (partition, window_start, hits, expires_at)
     select partition, to_timestamp(start), n, to_timestamp(start + w) from t
     on conflict (partition, window_start) do update set hits = c.hits + excluded.hits
     returning c.partition, c.hits, extract(epoch from c.window_start)::bigint as start,
               ((extract(epoch from c.expires_at) - extract(epoch from now())) * 1000)::float8 as ms_left`,
    params,
  );
}

/** Takes the database's answer into this instance's view of the window. */
function learn(c: Counters, row: CountRow, now: number, windowSeconds: number): Counter {
  const start = Number(row.start);
  const hits = Number(row.hits);
  let s = c.byPartition.get(row.partition);
  if (!s || s.start !== start) {
    s = { start, windowSeconds, endsAt: now + Number(row.ms_left), known: hits, inflight: 0, pending: 0 };
    c.byPartition.set(row.partition, s);
  } else {
    s.known = Math.max(s.known, hits);
  }
  return s;
}

function resetSeconds(s: Counter, now: number): number {
  return Math.max(1, Math.ceil((s.endsAt - now) / 1000));
}

/**
 * Counts one request against each policy. Far from a budget's quota the request is counted in memory
 * and written with others at most every FLUSH_EVERY_MS or every localBatchOf(quota) requests; near the
 * quota (and for small budgets) it is written at once and the answer is the shared count. So a request
 * costs a write only now and then, and the limits still hold across instances within the tolerance
 * stated at localBatchOf.
 */
export async function countRequest(db: Queryable, policies: RateLimitPolicy[], now = Date.now()): Promise<RateLimitState[]> {
  if (policies.length === 0) return [];
  const c = countersFor(db);
  const local = policies.map((p) => localCounter(c, p, now));
  if (local.every((s) => s !== null)) {
    const states = policies.map((policy, i) => {
      const s = local[i]!;
      s.pending++;
      return { policy, hits: s.known + s.inflight + s.pending, resetSeconds: resetSeconds(s, now) };
    });
    maybeFlush(db, c, now);
    return states;
  }
  // Written now, together with what this instance counted of the same windows before it; after the
  // writes queued before it, so that the shared count and this instance's in-flight share never overlap.
  return serially(c, async () => {
    const taken = policies.map((p) => {
      const s = c.byPartition.get(p.partition);
      if (!s || now >= s.endsAt) return 0;
      const n = s.pending;
      s.pending = 0;
      return n;
    });
    let rows: CountRow[];
    try {
      rows = await addToCounters(
        db,
        policies.map((p, i) => ({ partition: p.partition, windowSeconds: p.windowSeconds, by: taken[i] + 1, start: null })),
      );
    } catch (e) {
      policies.forEach((p, i) => {
        const s = c.byPartition.get(p.partition);
        if (s) s.pending += taken[i];
      });
      throw e;
    }
    maybeCleanUp(db, c, now);
    const byPartition = new Map(rows.map((r) => [r.partition, r]));
    const after = Date.now();
    return policies.map((policy) => {
      const row = byPartition.get(policy.partition)!;
      // A budget written on every request keeps no state here (many client addresses would pile up).
      if (localBatchOf(policy.quota) === 1) {
        return { policy, hits: Number(row.hits), resetSeconds: Math.max(1, Math.ceil(Number(row.ms_left) / 1000)) };
      }
      const s = learn(c, row, after, policy.windowSeconds);
      return { policy, hits: Number(row.hits) + s.inflight + s.pending, resetSeconds: resetSeconds(s, after) };
    });
  });
}

/** Writes what was counted in memory, in the background, at most every FLUSH_EVERY_MS. */
function maybeFlush(db: Queryable, c: Counters, now: number): void {
  if (now - c.lastFlush < FLUSH_EVERY_MS) return;
  c.lastFlush = now;
  const batch: { s: Counter; inc: Increment }[] = [];
  for (const [partition, s] of c.byPartition) {
    if (now >= s.endsAt) {
      // The window is over: what was not written can no longer refuse anything.
      if (s.inflight === 0) c.byPartition.delete(partition);
      continue;
    }
    if (s.pending === 0) continue;
    batch.push({ s, inc: { partition, windowSeconds: s.windowSeconds, by: s.pending, start: s.start } });
    s.inflight += s.pending;
    s.pending = 0;
  }
  if (batch.length === 0) return;
  // The bookkeeping runs inside the queued write, before any later write of this instance starts.
  void serially(c, async () => {
    try {
      const rows = await addToCounters(
        db,
        batch.map((b) => b.inc),
      );
      const after = Date.now();
      for (const b of batch) b.s.inflight -= b.inc.by;
      const widths = new Map(batch.map((b) => [b.inc.partition, b.inc.windowSeconds]));
      for (const r of rows) learn(c, r, after, widths.get(r.partition)!);
    } catch (e) {
      for (const b of batch) {
        b.s.inflight -= b.inc.by;
        b.s.pending += b.inc.by;
      }
      console.error("rate limit counts could not be written:", e);
    }
  });
  maybeCleanUp(db, c, now);
}

/**
 * The single upsert of the shared counters for each policy, without counting in memory (what
 * countRequest does near a quota; the rate-limit benchmark measures it).
 */
export async function countRequestInDatabase(db: Queryable, policies: RateLimitPolicy[]): Promise<RateLimitState[]> {
  if (policies.length === 0) return [];
  const rows = await addToCounters(
    db,
    policies.map((p) => ({ partition: p.partition, windowSeconds: p.windowSeconds, by: 1, start: null })),
  );
  const byPartition = new Map(rows.map((r) => [r.partition, r]));
  return policies.map((policy) => {
    const row = byPartition.get(policy.partition)!;
    return { policy, hits: Number(row.hits), resetSeconds: Math.max(1, Math.ceil(Number(row.ms_left) / 1000)) };
  });
}

/** Old windows are deleted now and then by whichever instance counts a request (no extra worker needed). */
function maybeCleanUp(db: Queryable, c: Counters, now: number): void {
  if (now - c.lastCleanup < CLEANUP_EVERY_MS) return;
  c.lastCleanup = now;
  for (const [partition, s] of c.byPartition) {
    if (now >= s.endsAt && s.inflight === 0) c.byPartition.delete(partition);
  }
  db.query("delete from rate_limit_counters where expires_at < now() - interval '1 minute'").catch((e) =>
    console.error("rate limit counter cleanup:", e),
  );
}
