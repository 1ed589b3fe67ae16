import type { Db, Queryable, Row } from "../db/types.ts";
import { isUuid, toIso } from "../db/values.ts";
import { EVENT_NAMES, type EventName } from "../events/outbox.ts";
import { encryptSecret, secretPrefix } from "./webhook-secret.ts";
import type { AttemptOutcome } from "./delivery-queue.ts";

/** Every query takes the account id: one account never reads or changes another's webhooks. */

export const MAX_SUBSCRIPTIONS_PER_ACCOUNT = 20;

export interface WebhookSubscription {
  id: string;
  url: string;
  events: EventName[];
  description: string | null;
  active: boolean;
  disabled_at: string | null;
  disabled_reason: string | null;
  secret_prefix: string;
  previous_secret_expires_at: string | null;
  consecutive_failures: number;
  first_failure_at: string | null;
  last_failure_at: string | null;
  last_success_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface DeliveryAttempt {
  attempt: number;
  started_at: string;
  duration_ms: number;
  outcome: AttemptOutcome;
  status_code: number | null;
  error: string | null;
  response_excerpt: string | null;
  url: string;
}

export interface WebhookDelivery {
  id: string;
  subscription_id: string;
  event_id: string;
  event: EventName;
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  completed_at: string | null;
  payload: unknown;
  attempt_log: DeliveryAttempt[];
}

function parseJson(value: unknown): unknown {
  return typeof value === "string" ? JSON.parse(value) : value;
}

/** Events in the order of EVENT_NAMES, without duplicates. */
export function normaliseEvents(events: readonly string[]): EventName[] {
  return EVENT_NAMES.filter((e) => events.includes(e));
}

export function toSubscription(r: Row): WebhookSubscription {
  return {
    id: r.id as string,
    url: r.url as string,
    events: normaliseEvents(parseJson(r.events) as string[]),
    description: (r.description as string | null) ?? null,
    active: r.active as boolean,
    disabled_at: toIso(r.disabled_at),
    disabled_reason: (r.disabled_reason as string | null) ?? null,
    secret_prefix: r.secret_prefix as string,
    previous_secret_expires_at:
      r.previous_secret_expires_at && new Date(r.previous_secret_expires_at as string) > new Date()
        ? toIso(r.previous_secret_expires_at)
        : null,
    consecutive_failures: Number(r.consecutive_failures),
    first_failure_at: toIso(r.first_failure_at),
    last_failure_at: toIso(r.last_failure_at),
    last_success_at: toIso(r.last_success_at),
    created_at: toIso(r.created_at)!,
    updated_at: toIso(r.updated_at)!,
  };
}

function toAttempt(r: Row): DeliveryAttempt {
  return {
    attempt: Number(r.attempt_number),
    started_at: toIso(r.started_at)!,
    duration_ms: Number(r.duration_ms),
    outcome: r.outcome as AttemptOutcome,
    status_code: r.status_code === null || r.status_code === undefined ? null : Number(r.status_code),
    error: (r.error as string | null) ?? null,
    response_excerpt: (r.response_excerpt as string | null) ?? null,
    url: r.url as string,
  };
}

function toDelivery(r: Row, log: DeliveryAttempt[]): WebhookDelivery {
  let payload: unknown = r.body;
  try {
    payload = JSON.parse(r.body as string);
  } catch {
    /* keep the text */
  }
  return {
    id: r.id as string,
    subscription_id: r.subscription_id as string,
    event_id: r.event_id as string,
    event: r.event as EventName,
    status: r.status as WebhookDelivery["status"],
    attempts: Number(r.attempts),
    next_attempt_at: r.status === "pending" ? toIso(r.next_attempt_at) : null,
    last_attempt_at: toIso(r.last_attempt_at),
    last_status: r.last_status === null || r.last_status === undefined ? null : Number(r.last_status),
    last_error: (r.last_error as string | null) ?? null,
    created_at: toIso(r.created_at)!,
    completed_at: toIso(r.completed_at),
    payload,
    attempt_log: log,
  };
}

export interface NewSubscription {
  url: string;
  events: EventName[];
  description: string | null;
  active: boolean;
}

/**
 * Creates a subscription with its (already validated) secret, encrypted at rest. Returns null when the
 * account already has MAX_SUBSCRIPTIONS_PER_ACCOUNT (counted under a per-account lock).
 */
export async function insertSubscription(
  db: Db,
  accountId: string,
  s: NewSubscription,
  secret: string,
  keyMaterial: string,
): Promise<WebhookSubscription | null> {
  const id = crypto.randomUUID();
  const encrypted = await encryptSecret(keyMaterial, id, secret);
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('webhook_subscriptions:' || $1))", [accountId]);
    const n = await tx.query<{ n: number }>("select count(*)::int as n from webhook_subscriptions where account_id = $1", [accountId]);
    if (n[0].n >= MAX_SUBSCRIPTIONS_PER_ACCOUNT) return null;
    const rows = await tx.query(
      `insert into webhook_subscriptions (id, account_id, url, events, description, secret_encrypted, secret_prefix, active, disabled_at, disabled_reason)
       values ($1, $2, $3, $4::text::jsonb, $5, $6, $7, $8, case when $8::boolean then null else now() end,
               case when $8::boolean then null else 'created inactive' end)
       returning *`,
      [id, accountId, s.url, JSON.stringify(s.events), s.description, encrypted, secretPrefix(secret), s.active],
    );
    return toSubscription(rows[0]);
  });
}

export async function listSubscriptions(db: Queryable, accountId: string): Promise<WebhookSubscription[]> {
  const rows = await db.query("select * from webhook_subscriptions where account_id = $1 order by created_at desc, id desc", [accountId]);
  return rows.map(toSubscription);
}

export async function findSubscription(db: Queryable, accountId: string, id: string): Promise<WebhookSubscription | null> {
  if (!isUuid(id)) return null;
  const rows = await db.query("select * from webhook_subscriptions where id = $1 and account_id = $2", [id, accountId]);
  return rows[0] ? toSubscription(rows[0]) : null;
}

export interface SubscriptionChanges {
  url?: string;
  events?: EventName[];
  description?: { value: string | null };
  active?: boolean;
}

/**
 * PATCH. `active: false` records disabled_at and a reason; `active: true` on an inactive subscription
 * clears them and the failure counters, so a subscription disabled by the service can be re-enabled.
 */
export async function updateSubscription(
  db: Queryable,
  accountId: string,
  id: string,
  ch: SubscriptionChanges,
): Promise<WebhookSubscription | null> {
  if (!isUuid(id)) return null;
  const rows = await db.query(
    `update webhook_subscriptions set
        url = coalesce($3, url),
        events = coalesce($4::text::jsonb, events),
        description = case when $5::boolean then $6 else description end,
        active = coalesce($7::boolean, active),
        disabled_at = case when $7::boolean is true then null
                           when $7::boolean is false and active then now() else disabled_at end,
        disabled_reason = case when $7::boolean is true then null
                               when $7::boolean is false and active then 'deactivated through the API' else disabled_reason end,
        consecutive_failures = case when $7::boolean is true and not active then 0 else consecutive_failures end,
        first_failure_at = case when $7::boolean is true and not active then null else first_failure_at end,
        updated_at = now()
      where id = $1 and account_id = $2 returning *`,
    [
      id,
      accountId,
      ch.url ?? null,
      ch.events ? JSON.stringify(ch.events) : null,
      ch.description !== undefined,
      ch.description?.value ?? null,
      ch.active ?? null,
    ],
  );
  return rows[0] ? toSubscription(rows[0]) : null;
}

export async function deleteSubscription(db: Queryable, accountId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db.query("delete from webhook_subscriptions where id = $1 and account_id = $2 returning id", [id, accountId]);
  return rows.length > 0;
}

/** Replaces the secret; the old one keeps signing (a second webhook-signature) for `graceSeconds`. */
export async function rotateSubscriptionSecret(
  db: Queryable,
  accountId: string,
  id: string,
  secret: string,
  keyMaterial: string,
  graceSeconds: number,
): Promise<WebhookSubscription | null> {
  if (!isUuid(id)) return null;
  const encrypted = await encryptSecret(keyMaterial, id, secret);
  const rows = await db.query(
    `update webhook_subscriptions set
        previous_secret_encrypted = case when $5::int > 0 then secret_encrypted end,
        previous_secret_expires_at = case when $5::int > 0 then now() + make_interval(secs => $5::int) end,
        secret_encrypted = $3, secret_prefix = $4, updated_at = now()
      where id = $1 and account_id = $2 returning *`,
    [id, accountId, encrypted, secretPrefix(secret), graceSeconds],
  );
  return rows[0] ? toSubscription(rows[0]) : null;
}

async function attemptLogs(db: Queryable, accountId: string, deliveryIds: string[]): Promise<Map<string, DeliveryAttempt[]>> {
  const out = new Map<string, DeliveryAttempt[]>(deliveryIds.map((id) => [id, []]));
  if (deliveryIds.length === 0) return out;
  const rows = await db.query(
    `select * from webhook_delivery_attempts
      where account_id = $1 and delivery_id in (select value::uuid from jsonb_array_elements_text($2::text::jsonb))
      order by delivery_id, attempt_number`,
    [accountId, JSON.stringify(deliveryIds)],
  );
  for (const r of rows) out.get(r.delivery_id as string)?.push(toAttempt(r));
  return out;
}

export interface DeliveryListQuery {
  status?: WebhookDelivery["status"];
  event?: EventName;
  limit: number;
  offset: number;
}

/** Newest first, each with its attempt log. */
export async function listDeliveries(
  db: Queryable,
  accountId: string,
  subscriptionId: string,
  q: DeliveryListQuery,
): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
  const where = "account_id = $1 and subscription_id = $2 and ($3::text is null or status = $3) and ($4::text is null or event = $4)";
  const params = [accountId, subscriptionId, q.status ?? null, q.event ?? null];
  const rows = await db.query(
    `select *, count(*) over () as total_count from webhook_deliveries where ${where}
      order by created_at desc, id desc limit $5 offset $6`,
    [...params, q.limit, q.offset],
  );
  let total = rows.length > 0 ? Number(rows[0].total_count) : 0;
  if (rows.length === 0 && q.offset > 0)
    total = (await db.query<{ n: number }>(`select count(*)::int as n from webhook_deliveries where ${where}`, params))[0].n;
  const logs = await attemptLogs(
    db,
    accountId,
    rows.map((r) => r.id as string),
  );
  return { deliveries: rows.map((r) => toDelivery(r, logs.get(r.id as string) ?? [])), total };
}

export async function findDelivery(
  db: Queryable,
  accountId: string,
  subscriptionId: string,
  deliveryId: string,
): Promise<WebhookDelivery | null> {
  if (!isUuid(subscriptionId) || !isUuid(deliveryId)) return null;
  const rows = await db.query("select * from webhook_deliveries where id = $1 and subscription_id = $2 and account_id = $3", [
    deliveryId,
    subscriptionId,
    accountId,
  ]);
  if (!rows[0]) return null;
  const logs = await attemptLogs(db, accountId, [deliveryId]);
  return toDelivery(rows[0], logs.get(deliveryId) ?? []);
}

export type RedeliverResult =
  | { ok: true; delivery: WebhookDelivery }
  | { ok: false; reason: "not_found" | "subscription_inactive" | "in_progress" };

/**
 * Makes a delivery due now with a fresh retry schedule; it keeps its id, so the receiver sees the same
 * webhook-id (a receiver that deduplicates by it treats the redelivery as already handled).
 */
export async function redeliver(db: Queryable, accountId: string, subscriptionId: string, deliveryId: string): Promise<RedeliverResult> {
  if (!isUuid(subscriptionId) || !isUuid(deliveryId)) return { ok: false, reason: "not_found" };
  const rows = await db.query(
    `update webhook_deliveries d set status = 'pending', schedule_attempts = 0, next_attempt_at = now(),
            completed_at = null, updated_at = now()
       from webhook_subscriptions s
      where d.id = $1 and d.subscription_id = $2 and d.account_id = $3 and s.id = d.subscription_id and s.active
        and (d.locked_until is null or d.locked_until < now())
      returning d.id`,
    [deliveryId, subscriptionId, accountId],
  );
  if (rows.length > 0) return { ok: true, delivery: (await findDelivery(db, accountId, subscriptionId, deliveryId))! };
  const probe = await db.query<{ active: boolean }>(
    `select s.active from webhook_deliveries d join webhook_subscriptions s on s.id = d.subscription_id
      where d.id = $1 and d.subscription_id = $2 and d.account_id = $3`,
    [deliveryId, subscriptionId, accountId],
  );
  if (!probe[0]) return { ok: false, reason: "not_found" };
  return { ok: false, reason: probe[0].active ? "in_progress" : "subscription_inactive" };
}
