import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testBackends } from "../support/databases.ts";
import type { Db, Queryable } from "../../shared/db/types.ts";
import { createAccount } from "../../shared/accounts/account-repository.ts";
import { claimRows, failInterruptedRows, JOB_MAX_INTERRUPTED_ATTEMPTS, jobTableSpec, writeOutcome } from "../../shared/jobs/job-queue.ts";
import { runPass, startWorker, type FinalOutcome, type QueueKind, type QueuedRow } from "../../shared/jobs/worker.ts";
import { deliveryQueueSpec } from "../../shared/webhooks/delivery-queue.ts";
import { DELIVERY_ATTEMPTS_PER_SCHEDULE } from "../../shared/webhooks/retry-schedule.ts";

// The one queue's SQL on generation_jobs (a job table) and webhook_deliveries (a scheduled kind), and
// the one worker loop with a kind of the test's own.
for (const backend of testBackends()) {
  describe(`the job queue on ${backend.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    let accountId: string;
    const jobs = jobTableSpec("generation_jobs", 60);

    beforeAll(async () => {
      ({ db, close } = await backend.open());
      accountId = (await createAccount(db, "Queue account", "growth")).id;
    });
    afterAll(async () => close?.());
    beforeEach(async () => {
      await db.query("delete from generation_jobs");
    });

    async function enqueue(n: number): Promise<string[]> {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const [row] = await db.query<{ id: string }>(
          `insert into generation_jobs (account_id, document_type, provider_job_id, validation_hash, input)
           values ($1, 'PACKING_LIST', $2, 'sha256:x', '{}') returning id`,
          [accountId, `render_queue_${crypto.randomUUID()}`],
        );
        ids.push(row.id);
      }
      return ids;
    }
    const row = async (id: string) =>
      (
        await db.query<{ status: string; attempts: number; error_message: string | null; locked_until: unknown }>(
          "select status, attempts, error_message, locked_until from generation_jobs where id = $1",
          [id],
        )
      )[0];

    it("two claims at once never get the same row; a leased row is not claimed again until its lease runs out", async () => {
      const ids = await enqueue(6);
      const [a, b] = await Promise.all([claimRows<QueuedRow>(db, jobs, 4), claimRows<QueuedRow>(db, jobs, 4)]);
      expect(new Set([...a, ...b].map((r) => r.id))).toEqual(new Set(ids));
      expect([...a, ...b].every((r) => r.attempts === 1 && r.status === "processing")).toBe(true);
      expect(await claimRows(db, jobs, 10)).toEqual([]);
      await db.query("update generation_jobs set locked_until = now() - interval '1 second' where id = $1", [ids[0]]);
      const [again] = await claimRows<QueuedRow>(db, jobs, 10);
      expect(again).toMatchObject({ id: ids[0], attempts: 2 });
    });

    it("only the holder of the current attempt writes the outcome", async () => {
      const [id] = await enqueue(1);
      const [first] = await claimRows<QueuedRow>(db, jobs, 1);
      await db.query("update generation_jobs set locked_until = now() - interval '1 second' where id = $1", [id]);
      const [second] = await claimRows<QueuedRow>(db, jobs, 1);
      // The first worker's lease was lost: its result is not written.
      expect(await writeOutcome(db, jobs, id, first.attempts, { status: "failed", error: "late" })).toBe(false);
      expect(await writeOutcome(db, jobs, id, second.attempts, { status: "completed", set: { blob_key: "documents/x.pdf" } })).toBe(true);
      expect(await row(id)).toMatchObject({ status: "completed", attempts: 2, error_message: null, locked_until: null });
      expect(await writeOutcome(db, jobs, id, second.attempts, { status: "failed", error: "twice" })).toBe(false);
    });

    it(`a job whose ${JOB_MAX_INTERRUPTED_ATTEMPTS} attempts were all interrupted fails, and is not claimed again`, async () => {
      const [id] = await enqueue(1);
      for (let i = 1; i <= JOB_MAX_INTERRUPTED_ATTEMPTS; i++) {
        expect(await failInterruptedRows(db, jobs)).toEqual([]);
        const [claimed] = await claimRows<QueuedRow>(db, jobs, 1);
        expect(claimed.attempts).toBe(i);
        await db.query("update generation_jobs set locked_until = now() - interval '1 second' where id = $1", [id]);
      }
      expect(await claimRows(db, jobs, 1)).toEqual([]);
      const given = await failInterruptedRows<QueuedRow>(db, jobs);
      expect(given.map((r) => r.id)).toEqual([id]);
      expect(await row(id)).toMatchObject({
        status: "failed",
        attempts: JOB_MAX_INTERRUPTED_ATTEMPTS,
        error_message: `gave up after ${JOB_MAX_INTERRUPTED_ATTEMPTS} interrupted attempts`,
      });
    });

    it("a job table cannot reschedule (it has no due time); deliveries can, and wait until due", async () => {
      const [id] = await enqueue(1);
      const [job] = await claimRows<QueuedRow>(db, jobs, 1);
      await expect(writeOutcome(db, jobs, id, job.attempts, { status: "rescheduled", error: "x", delaySeconds: 10 })).rejects.toThrow(
        /cannot be rescheduled/,
      );

      const [sub] = await db.query<{ id: string }>(
        `insert into webhook_subscriptions (account_id, url, events, secret_encrypted, secret_prefix)
         values ($1, 'https://example.com/hook', '["document.generated"]', 'v1.x', 'whsec_x') returning id`,
        [accountId],
      );
      const [delivery] = await db.query<{ id: string }>(
        `insert into webhook_deliveries (account_id, subscription_id, event_id, event, body)
         values ($1, $2, gen_random_uuid(), 'document.generated', '{}') returning id`,
        [accountId, sub.id],
      );
      const deliveries = deliveryQueueSpec(60);
      const [d] = await claimRows<QueuedRow>(db, deliveries, 5);
      expect(d).toMatchObject({ id: delivery.id, attempts: 1, schedule_attempts: 1, status: "pending" });
      expect(await writeOutcome(db, deliveries, d.id, d.attempts, { status: "rescheduled", error: "HTTP 500", delaySeconds: 600 })).toBe(
        true,
      );
      const [after] = await db.query<{ status: string; last_error: string; due_in: number; completed_at: unknown }>(
        `select status, last_error, completed_at, extract(epoch from next_attempt_at - now())::float8 as due_in
           from webhook_deliveries where id = $1`,
        [d.id],
      );
      expect(after).toMatchObject({ status: "pending", last_error: "HTTP 500", completed_at: null });
      expect(after.due_in).toBeGreaterThan(500);
      expect(await claimRows(db, deliveries, 5)).toEqual([]); // not due yet
      // The schedule's last attempt: claimable once more, then no more.
      await db.query("update webhook_deliveries set next_attempt_at = now(), schedule_attempts = $2 where id = $1", [
        d.id,
        DELIVERY_ATTEMPTS_PER_SCHEDULE - 1,
      ]);
      expect(await claimRows(db, deliveries, 5)).toHaveLength(1);
      await db.query("update webhook_deliveries set locked_until = now() - interval '1 second' where id = $1", [d.id]);
      expect(await claimRows(db, deliveries, 5)).toEqual([]);
      expect((await failInterruptedRows<{ last_error: string }>(db, deliveries))[0].last_error).toBe(
        "HTTP 500; gave up: the last attempt was interrupted",
      );
    });

    it("the worker loop: several workers run every row exactly once; failures and give-ups reach the kind in the finishing transaction", async () => {
      const ids = await enqueue(12);
      // One more, left behind by a worker that died on its last allowed attempt.
      const [abandoned] = await enqueue(1);
      await db.query(
        "update generation_jobs set status = 'processing', attempts = $2, locked_until = now() - interval '1 second' where id = $1",
        [abandoned, JOB_MAX_INTERRUPTED_ATTEMPTS],
      );
      const ran: string[] = [];
      const finished = new Map<string, FinalOutcome>();
      const kind: QueueKind = {
        ...jobs,
        concurrency: 3,
        async run(job) {
          ran.push(job.id);
          if (job.id === ids[0]) throw new Error("this one fails");
          return { blob_key: `documents/${job.id}.pdf` };
        },
        async onFinished(job, outcome, tx: Queryable) {
          // Inside the transaction: the final status is already visible here.
          const [r] = await tx.query<{ status: string }>("select status from generation_jobs where id = $1", [job.id]);
          expect(r.status).toBe(outcome.status);
          finished.set(job.id, outcome);
        },
      };
      const workers = [startWorker(db, kind, { pollMs: 20 }), startWorker(db, kind, { pollMs: 20 })];
      await Promise.all(workers.map((w) => w.idle()));
      await Promise.all(workers.map((w) => w.stop()));

      expect(ran.sort()).toEqual([...ids].sort());
      expect(finished.get(ids[0])).toEqual({ status: "failed", error: "this one fails" });
      expect(finished.get(abandoned)).toEqual({
        status: "failed",
        error: `gave up after ${JOB_MAX_INTERRUPTED_ATTEMPTS} interrupted attempts`,
      });
      expect(finished.size).toBe(13);
      const rows = await db.query<{ id: string; status: string; attempts: number; blob_key: string | null }>(
        "select id, status, attempts, blob_key from generation_jobs",
      );
      for (const r of rows.filter((x) => x.id !== abandoned)) {
        expect(r.attempts).toBe(1);
        expect(r).toMatchObject(
          r.id === ids[0] ? { status: "failed", blob_key: null } : { status: "completed", blob_key: `documents/${r.id}.pdf` },
        );
      }
      // Nothing is left for a pass.
      expect(await runPass(db, kind)).toBe(0);
    });
  });
}
