import type { Db, Queryable } from "../db/types.ts";
import type { Outcome, QueueSpec } from "../jobs/job-queue.ts";
import { serializeEventBody } from "./event-payloads.ts";
import { DELIVERY_ATTEMPTS_PER_SCHEDULE, retryDelaySeconds } from "./retry-schedule.ts";

/**
 * The delivery table on the one queue (shared/jobs/job-queue.ts: claims with FOR UPDATE SKIP LOCKED and
 * a lease, writes guarded by the attempt number), plus what only deliveries have: the fan-out from the
 * outbox and the record of each attempt.
 */

/**
 * Turns up to `limit` undispatched outbox events into one delivery per active subscription of the
 * event's account that subscribes to its name, and marks them dispatched, in one transaction. Several
 * dispatchers can run this together (SKIP LOCKED), and the unique (event_id, subscription_id) makes a
 * repeat harmless.
 */
export async function fanOutEvents(db: Db, limit = 100): Promise<{ events: number; deliveries: number }> {
  return db.transaction(async (tx) => {
    const events = await tx.query<{ id: string; account_id: string; event: string; payload: unknown }>(
      `select id, account_id, event, payload from event_outbox
        where dispatched_at is null order by created_at, id limit $1 for update skip locked`,
      [limit],
    );
    let deliveries = 0;
    for (const e of events) {
      const payload = (typeof e.payload === "string" ? JSON.parse(e.payload) : e.payload) as {
        event: string;
        timestamp: string;
        data: unknown;
      };
      const inserted = await tx.query(
        `insert into webhook_deliveries (account_id, subscription_id, event_id, event, body, next_attempt_at)
         select s.account_id, s.id, $1, $2, $3, now() from webhook_subscriptions s
          where s.account_id = $4 and s.active and s.events @> jsonb_build_array($2::text)
         on conflict (event_id, subscription_id) do nothing
         returning id`,
        [
          e.id,
          e.event,
          serializeEventBody({ event: payload.event ?? e.event, timestamp: payload.timestamp, data: payload.data ?? {} }),
          e.account_id,
        ],
      );
      deliveries += inserted.length;
      await tx.query("update event_outbox set dispatched_at = now() where id = $1", [e.id]);
    }
    return { events: events.length, deliveries };
  });
}

/** A delivery as claimed from the queue (the row of webhook_deliveries). */
export interface DeliveryRow {
  [column: string]: unknown;
  id: string;
  account_id: string;
  subscription_id: string;
  event: string;
  body: string;
  attempts: number;
  schedule_attempts: number;
}

/**
 * Deliveries on the one queue (shared/jobs/job-queue.ts): runnable when pending, due and of an active
 * subscription, earliest due first; claimed at most DELIVERY_ATTEMPTS_PER_SCHEDULE times per retry
 * schedule (a redelivery starts a new one), and a failed attempt is rescheduled by the retry schedule.
 */
export function deliveryQueueSpec(leaseSeconds: number): QueueSpec {
  return {
    table: "webhook_deliveries",
    leaseSeconds,
    runnable: `status = 'pending' and next_attempt_at <= now()
      and exists (select 1 from webhook_subscriptions s where s.id = webhook_deliveries.subscription_id and s.active)`,
    orderBy: "next_attempt_at, id",
    statuses: { waiting: "pending", claimed: "pending", done: "succeeded", failed: "failed" },
    claimLimit: { column: "schedule_attempts", max: DELIVERY_ATTEMPTS_PER_SCHEDULE, message: "gave up: the last attempt was interrupted" },
    errorColumn: "last_error",
    onWrite: "updated_at = now()",
    dueColumn: "next_attempt_at",
  };
}

export type AttemptOutcome = "success" | "http_error" | "redirect" | "timeout" | "network_error" | "blocked_address" | "secret_unreadable";

export interface AttemptResult {
  outcome: AttemptOutcome;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
  startedAt: Date;
  durationMs: number;
}

export interface FinishPolicy {
  /** A subscription with no success for this long (and at least MIN_FAILURES_TO_DISABLE failures) is disabled. */
  disableAfterMs: number;
  random?: () => number;
}

export const MIN_FAILURES_TO_DISABLE = 5;

export interface SettledAttempt {
  outcome: Outcome;
  disabledReason: string | null;
}

/**
 * Records one attempt and decides the delivery's outcome, in the transaction that writes it: the log
 * row, the subscription's health, and disabling it on 410 Gone or after failing for days (its other
 * pending deliveries then fail too). The outcome is completed, rescheduled by the retry schedule, or
 * failed when the schedule is spent or the subscription was disabled.
 */
export async function settleAttempt(
  tx: Queryable,
  d: DeliveryRow,
  url: string,
  r: AttemptResult,
  policy: FinishPolicy,
): Promise<SettledAttempt> {
  await tx.query(
    `insert into webhook_delivery_attempts
       (delivery_id, account_id, attempt_number, url, started_at, duration_ms, outcome, status_code, error, response_excerpt)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (delivery_id, attempt_number) do nothing`,
    [
      d.id,
      d.account_id,
      d.attempts,
      url,
      r.startedAt.toISOString(),
      Math.max(0, Math.round(r.durationMs)),
      r.outcome,
      r.statusCode,
      r.error,
      r.responseExcerpt,
    ],
  );
  const set = { last_attempt_at: r.startedAt.toISOString(), last_status: r.statusCode };
  if (r.outcome === "success") {
    await tx.query(
      "update webhook_subscriptions set consecutive_failures = 0, first_failure_at = null, last_success_at = now() where id = $1",
      [d.subscription_id],
    );
    return { outcome: { status: "completed", set }, disabledReason: null };
  }
  const health = await tx.query<{
    consecutive_failures: number;
    first_failure_at: Date | string;
    failing_ms: number | string;
    active: boolean;
  }>(
    `update webhook_subscriptions set consecutive_failures = consecutive_failures + 1,
            first_failure_at = coalesce(first_failure_at, now()), last_failure_at = now()
      where id = $1
      returning consecutive_failures, first_failure_at, active,
                (extract(epoch from now() - first_failure_at) * 1000)::float8 as failing_ms`,
    [d.subscription_id],
  );
  const h = health[0];
  let disabledReason: string | null = null;
  if (h?.active) {
    if (r.statusCode === 410) {
      disabledReason = "the endpoint answered 410 Gone: deliveries stopped";
    } else if (Number(h.consecutive_failures) >= MIN_FAILURES_TO_DISABLE && Number(h.failing_ms) >= policy.disableAfterMs) {
      disabledReason = `no successful delivery since ${new Date(h.first_failure_at).toISOString()} (${h.consecutive_failures} failed attempts in a row)`;
    }
  }
  const error = r.error ?? r.outcome;
  if (disabledReason) {
    await tx.query(
      `update webhook_subscriptions set active = false, disabled_at = now(), disabled_reason = $2, updated_at = now()
        where id = $1 and active`,
      [d.subscription_id, disabledReason],
    );
    // Other pending deliveries of this subscription end too (a redelivery after re-enabling revives one);
    // this one is leased, so its own outcome is written by the queue.
    await tx.query(
      `update webhook_deliveries set status = 'failed', locked_until = null, completed_at = now(), updated_at = now(),
              last_error = $2
        where subscription_id = $1 and status = 'pending' and (locked_until is null or locked_until < now())`,
      [d.subscription_id, `subscription disabled: ${disabledReason}`],
    );
    return { outcome: { status: "failed", error: `${error}; subscription disabled: ${disabledReason}`, set }, disabledReason };
  }
  const delay = retryDelaySeconds(d.schedule_attempts, (policy.random ?? Math.random)());
  return {
    outcome: delay === null ? { status: "failed", error, set } : { status: "rescheduled", error, delaySeconds: delay, set },
    disabledReason: null,
  };
}

/** Deletes finished deliveries (and their attempt logs) older than `days`. */
export async function pruneFinishedDeliveries(db: Queryable, days: number): Promise<number> {
  const rows = await db.query(
    "delete from webhook_deliveries where status <> 'pending' and completed_at < now() - make_interval(days => $1::int) returning id",
    [days],
  );
  return rows.length;
}
