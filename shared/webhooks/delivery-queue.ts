import type { Db, Queryable } from "../db/types.ts";
import { serializeEventBody } from "./event-payloads.ts";
import { MAX_ATTEMPTS, retryDelaySeconds } from "./retry-schedule.ts";

/**
 * The delivery table as a queue: fan-out from the outbox, claiming with FOR UPDATE SKIP LOCKED and a
 * lease (like shared/jobs), and recording each attempt. `attempts` is incremented by the claim, so an
 * attempt number belongs to exactly one worker; every later write is guarded by it.
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

export interface ClaimedDelivery {
  id: string;
  account_id: string;
  subscription_id: string;
  event: string;
  body: string;
  attempts: number;
  schedule_attempts: number;
  url: string;
  secret_encrypted: string;
  previous_secret_encrypted: string | null;
  previous_secret_expires_at: Date | string | null;
}

/**
 * Claims up to `limit` due deliveries of active subscriptions: pending, next_attempt_at reached, not
 * leased (or the lease ran out: its worker died). The claim increments the attempt counters and sets
 * the lease in the same statement, so no two workers ever hold the same attempt.
 */
export async function claimDueDeliveries(db: Queryable, limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
  return db.query<ClaimedDelivery>(
    `update webhook_deliveries d
        set attempts = d.attempts + 1, schedule_attempts = d.schedule_attempts + 1,
            locked_until = now() + make_interval(secs => $2::int), updated_at = now()
       from webhook_subscriptions s
      where s.id = d.subscription_id
        and d.id in (
          select d2.id from webhook_deliveries d2
            join webhook_subscriptions s2 on s2.id = d2.subscription_id
           where d2.status = 'pending' and s2.active and d2.next_attempt_at <= now()
             and (d2.locked_until is null or d2.locked_until < now())
             and d2.schedule_attempts < $3
           order by d2.next_attempt_at, d2.id
           limit $1
           for update of d2 skip locked)
      returning d.id, d.account_id, d.subscription_id, d.event, d.body, d.attempts, d.schedule_attempts,
                s.url, s.secret_encrypted, s.previous_secret_encrypted, s.previous_secret_expires_at`,
    [limit, leaseSeconds, MAX_ATTEMPTS],
  );
}

/**
 * Deliveries whose last allowed attempt was claimed but never finished (the worker died and the lease
 * ran out): nothing may retry them, so they end as failed.
 */
export async function failAbandonedDeliveries(db: Queryable): Promise<number> {
  const rows = await db.query(
    `update webhook_deliveries set status = 'failed', locked_until = null, completed_at = now(), updated_at = now(),
            last_error = coalesce(last_error || '; ', '') || 'gave up: the last attempt was interrupted'
      where status = 'pending' and schedule_attempts >= $1 and locked_until < now()
      returning id`,
    [MAX_ATTEMPTS],
  );
  return rows.length;
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

export interface FinishResult {
  /** false when the lease was lost and another worker owns the delivery now (the attempt is still logged). */
  owned: boolean;
  status: "succeeded" | "pending" | "failed";
  disabledReason: string | null;
}

/**
 * Records one attempt and its consequences in one transaction: the log row, the delivery's new state
 * (succeeded; pending with the next time from the retry schedule; failed), the subscription's health,
 * and disabling it on 410 Gone or after failing for days (its pending deliveries then fail too).
 */
export async function finishAttempt(db: Db, d: ClaimedDelivery, r: AttemptResult, policy: FinishPolicy): Promise<FinishResult> {
  return db.transaction(async (tx) => {
    await tx.query(
      `insert into webhook_delivery_attempts
         (delivery_id, account_id, attempt_number, url, started_at, duration_ms, outcome, status_code, error, response_excerpt)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       on conflict (delivery_id, attempt_number) do nothing`,
      [
        d.id,
        d.account_id,
        d.attempts,
        d.url,
        r.startedAt.toISOString(),
        Math.max(0, Math.round(r.durationMs)),
        r.outcome,
        r.statusCode,
        r.error,
        r.responseExcerpt,
      ],
    );
    const success = r.outcome === "success";
    let disabledReason: string | null = null;
    if (success) {
      await tx.query(
        "update webhook_subscriptions set consecutive_failures = 0, first_failure_at = null, last_success_at = now() where id = $1",
        [d.subscription_id],
      );
    } else {
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
      if (h?.active) {
        if (r.statusCode === 410) {
          disabledReason = "the endpoint answered 410 Gone: deliveries stopped";
        } else if (Number(h.consecutive_failures) >= MIN_FAILURES_TO_DISABLE && Number(h.failing_ms) >= policy.disableAfterMs) {
          disabledReason = `no successful delivery since ${new Date(h.first_failure_at).toISOString()} (${h.consecutive_failures} failed attempts in a row)`;
        }
      }
    }

    let status: FinishResult["status"];
    let delay: number | null = null;
    if (success) status = "succeeded";
    else if (disabledReason) status = "failed";
    else {
      delay = retryDelaySeconds(d.schedule_attempts, (policy.random ?? Math.random)());
      status = delay === null ? "failed" : "pending";
    }
    const error = success
      ? null
      : disabledReason
        ? `${r.error ?? r.outcome}; subscription disabled: ${disabledReason}`
        : (r.error ?? r.outcome);
    const updated = await tx.query(
      `update webhook_deliveries set status = $3, locked_until = null,
              next_attempt_at = case when $4::int is null then next_attempt_at else now() + make_interval(secs => $4::int) end,
              last_attempt_at = $5, last_status = $6, last_error = $7,
              completed_at = case when $3 = 'pending' then null else now() end, updated_at = now()
        where id = $1 and attempts = $2 and status = 'pending' and locked_until is not null
        returning id`,
      [d.id, d.attempts, status, delay, r.startedAt.toISOString(), r.statusCode, error],
    );

    if (disabledReason) {
      await tx.query(
        `update webhook_subscriptions set active = false, disabled_at = now(), disabled_reason = $2, updated_at = now()
          where id = $1 and active`,
        [d.subscription_id, disabledReason],
      );
      // Other pending deliveries of this subscription end too (a redelivery after re-enabling revives one).
      await tx.query(
        `update webhook_deliveries set status = 'failed', locked_until = null, completed_at = now(), updated_at = now(),
                last_error = $2
          where subscription_id = $1 and status = 'pending' and (locked_until is null or locked_until < now())`,
        [d.subscription_id, `subscription disabled: ${disabledReason}`],
      );
    }
    return { owned: updated.length > 0, status, disabledReason };
  });
}

/** Deletes finished deliveries (and their attempt logs) older than `days`. */
export async function pruneFinishedDeliveries(db: Queryable, days: number): Promise<number> {
  const rows = await db.query(
    "delete from webhook_deliveries where status <> 'pending' and completed_at < now() - make_interval(days => $1::int) returning id",
    [days],
  );
  return rows.length;
}
