import type { Services } from "../runtime/services.ts";
import type { BackgroundTask } from "../jobs/background-registry.ts";
import { drainQueue, runPass, startWorker, type QueueKind } from "../jobs/worker.ts";
import {
  deliveryQueueSpec,
  fanOutEvents,
  pruneFinishedDeliveries,
  settleAttempt,
  type AttemptResult,
  type DeliveryRow,
} from "./delivery-queue.ts";
import { sendWebhook } from "./send-webhook.ts";
import type { Resolver } from "./url-safety.ts";
import { decryptSecret, signDelivery } from "./webhook-secret.ts";
import { webhookSettings, type WebhookSettings } from "./webhook-settings.ts";

/**
 * The webhook dispatcher is no loop of its own: deliveries are a kind of the one queue and run by the
 * one worker loop (shared/jobs/worker.ts), locally and in `npm run worker`; on Supabase the
 * dispatch-webhooks function drains the same kind when pg_net or pg_cron calls it.
 */

export interface DispatchOptions {
  /** Overrides of the environment settings (tests: a short timeout, private targets allowed). */
  settings?: Partial<WebhookSettings>;
  /** DNS resolver for the delivery-time address check (tests inject one). */
  resolve?: Resolver;
  /** Deliveries sent in parallel by one worker, or per pass (default 10). */
  batchSize?: number;
  /** Random source of the retry jitter. */
  random?: () => number;
}

export interface PassResult {
  events_fanned_out: number;
  deliveries_created: number;
  attempts: number;
  succeeded: number;
  failed_attempts: number;
  deliveries_given_up: number;
  subscriptions_disabled: number;
}

const noCounts = (): PassResult => ({
  events_fanned_out: 0,
  deliveries_created: 0,
  attempts: 0,
  succeeded: 0,
  failed_attempts: 0,
  deliveries_given_up: 0,
  subscriptions_disabled: 0,
});

/** Finished deliveries (and their attempt logs) are kept this many days. */
export const DELIVERY_RETENTION_DAYS = 30;
let lastPrune = 0;

interface Subscription {
  url: string;
  secret_encrypted: string;
  previous_secret_encrypted: string | null;
  previous_secret_expires_at: Date | string | null;
}

/** One signed attempt; never throws for the receiver's failure (that is the result). */
async function attempt(settings: WebhookSettings, d: DeliveryRow, s: Subscription, options: DispatchOptions): Promise<AttemptResult> {
  const secret = await decryptSecret(settings.secretKeyMaterial, d.subscription_id, s.secret_encrypted);
  if (secret === null) {
    return {
      outcome: "secret_unreadable",
      statusCode: null,
      error: "the stored secret cannot be decrypted (TDS_WEBHOOK_SECRET_KEY changed?); rotate the secret",
      responseExcerpt: null,
      startedAt: new Date(),
      durationMs: 0,
    };
  }
  const extra: string[] = [];
  if (s.previous_secret_encrypted && s.previous_secret_expires_at && new Date(s.previous_secret_expires_at) > new Date()) {
    const previous = await decryptSecret(settings.secretKeyMaterial, d.subscription_id, s.previous_secret_encrypted);
    if (previous) extra.push(previous);
  }
  // A new timestamp per attempt (receivers reject old ones); the same webhook-id on every attempt.
  const headers = await signDelivery(secret, {
    id: d.id,
    timestampSeconds: Math.floor(Date.now() / 1000),
    body: d.body,
    extraSecrets: extra,
  });
  return sendWebhook(
    { url: s.url, body: d.body, headers: { ...headers, "x-service-event": d.event } },
    { timeoutMs: settings.timeoutMs, policy: settings, resolve: options.resolve },
  );
}

/**
 * Webhook deliveries as a kind of the one queue. Before each claim it fans new outbox events out into
 * deliveries: that step is one short transaction, idempotent (unique (event_id, subscription_id)) and
 * safe beside other workers (SKIP LOCKED), so it needs no lease, attempts or row of its own, and doing
 * it right before the claim sends a new event's deliveries in the same pass. Counts go to `counts`.
 */
export function webhookDeliveryKind(
  services: Services,
  options: DispatchOptions = {},
  counts: PassResult = noCounts(),
): QueueKind<DeliveryRow, { url: string; result: AttemptResult }> {
  const { db } = services;
  // Settings are read per attempt (tests change the environment); the lease outlasts an attempt's whole
  // budget, so an attempt in flight is never claimed again.
  const settings = () => webhookSettings(services.config, options.settings);
  return {
    ...deliveryQueueSpec(Math.ceil(settings().timeoutMs / 1000) + 60),
    concurrency: options.batchSize ?? 10,
    async prepare() {
      for (let i = 0; i < 10; i++) {
        const fan = await fanOutEvents(db);
        counts.events_fanned_out += fan.events;
        counts.deliveries_created += fan.deliveries;
        if (fan.events < 100) break;
      }
      if (Date.now() - lastPrune > 3600_000) {
        lastPrune = Date.now();
        await pruneFinishedDeliveries(db, DELIVERY_RETENTION_DAYS);
      }
    },
    async run(d) {
      const [s] = await db.query<Subscription>(
        "select url, secret_encrypted, previous_secret_encrypted, previous_secret_expires_at from webhook_subscriptions where id = $1",
        [d.subscription_id],
      );
      // Deleted meanwhile: its deliveries went with it, so there is nothing to finish.
      if (!s) throw new Error("the subscription was deleted");
      const current = settings();
      try {
        return { url: s.url, result: await attempt(current, d, s, options) };
      } catch (e) {
        // An unexpected fault is still an attempt: logged and retried like a network error.
        const error = e instanceof Error ? e.message : String(e);
        return {
          url: s.url,
          result: { outcome: "network_error", statusCode: null, error, responseExcerpt: null, startedAt: new Date(), durationMs: 0 },
        };
      }
    },
    async settle(d, { url, result }, tx) {
      const settled = await settleAttempt(tx, d, url, result, { disableAfterMs: settings().disableAfterMs, random: options.random });
      counts.attempts++;
      if (result.outcome === "success") counts.succeeded++;
      else counts.failed_attempts++;
      if (settled.disabledReason) counts.subscriptions_disabled++;
      return settled.outcome;
    },
    async onFinished(_d, outcome) {
      if (outcome.status === "failed") counts.deliveries_given_up++;
    },
  };
}

/**
 * One pass: fans new outbox events out, gives up deliveries abandoned on their last attempt, then
 * claims up to `batchSize` due deliveries and sends them in parallel.
 */
export async function runDispatchPass(services: Services, options: DispatchOptions = {}): Promise<PassResult> {
  const counts = noCounts();
  await runPass(services.db, webhookDeliveryKind(services, options, counts), options.batchSize ?? 10);
  return counts;
}

/** Passes until nothing is due or the time budget is spent (the dispatch-webhooks function). */
export async function dispatchUntilIdle(
  services: Services,
  options: DispatchOptions & { budgetMs?: number } = {},
): Promise<PassResult & { passes: number }> {
  const counts = noCounts();
  const { passes } = await drainQueue(
    services.db,
    webhookDeliveryKind(services, options, counts),
    Date.now() + (options.budgetMs ?? 50_000),
  );
  return { passes, ...counts };
}

/**
 * The local server's and the worker's deliveries: the one worker loop on this kind, polling every
 * TDS_WEBHOOK_POLL_MS (or at once on wake). On Supabase, pg_net and pg_cron call the dispatch-webhooks
 * function instead (see the migration).
 */
export function webhookDeliveryTask(services: Services, options: DispatchOptions = {}): BackgroundTask {
  const worker = startWorker(services.db, webhookDeliveryKind(services, options), {
    pollMs: webhookSettings(services.config, options.settings).pollMs,
  });
  return { name: "webhooks", wake: worker.wake, stop: worker.stop, idle: worker.idle };
}
