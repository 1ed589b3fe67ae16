import type { Db, Queryable } from "../db/types.ts";
import type { QueueTable } from "./job-queue.ts";

/** A worker whose heartbeat is older than this is considered gone. */
export const WORKER_STALE_SECONDS = 30;
export const HEARTBEAT_INTERVAL_MS = 10_000;

export interface Heartbeat {
  stop(): Promise<void>;
}

/** Announces a worker loop on `table` until stopped (job_workers); failures are logged, never fatal. */
export function startHeartbeat(db: Db, table: QueueTable, host = ""): Heartbeat {
  const id = crypto.randomUUID();
  let warned = false;
  const beat = () =>
    db
      .query(
        `insert into job_workers (id, job_table, host) values ($1, $2, $3)
           on conflict (id) do update set last_seen = now()`,
        [id, table, host],
      )
      .then(() => db.query(`delete from job_workers where last_seen < now() - make_interval(secs => $1::int) * 10`, [WORKER_STALE_SECONDS]))
      .catch((e) => {
        if (!warned) console.error(`worker ${table}: heartbeat failed:`, e instanceof Error ? e.message : e);
        warned = true;
      });
  let last = beat();
  const timer = setInterval(() => (last = beat()), HEARTBEAT_INTERVAL_MS);
  (timer as { unref?: () => void }).unref?.();
  return {
    async stop() {
      clearInterval(timer);
      await last;
      await db.query("delete from job_workers where id = $1", [id]).catch(() => {});
    },
  };
}

/** True when some worker announced itself on `table` recently. */
export async function workerRunning(db: Queryable, table: QueueTable): Promise<boolean> {
  const rows = await db.query<{ alive: boolean }>(
    `select exists (select 1 from job_workers where job_table = $1 and last_seen > now() - make_interval(secs => $2::int)) as alive`,
    [table, WORKER_STALE_SECONDS],
  );
  return rows[0]?.alive === true;
}

/**
 * What a queued or running job is doing, for its status response (added beside the spec's fields):
 * "running", "queued", or "waiting for a worker" when none has announced itself on the queue.
 */
export async function jobQueueDetail(db: Queryable, table: QueueTable, status: string): Promise<string | undefined> {
  if (status === "processing") return "running";
  if (status !== "queued") return undefined;
  return (await workerRunning(db, table)) ? "queued" : "waiting for a worker: none is running, the job starts when one does";
}
