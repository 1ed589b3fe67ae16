import type { Services } from "../runtime/services.ts";
import type { BackgroundTask } from "../jobs/background-registry.ts";
import {
  claimDueDeliveries,
  failAbandonedDeliveries,
  fanOutEvents,
  finishAttempt,
  pruneFinishedDeliveries,
  type AttemptResult,
  type ClaimedDelivery,
} from "./delivery-queue.ts";
import { sendWebhook } from "./send-webhook.ts";
import type { Resolver } from "./url-safety.ts";
import { decryptSecret, signDelivery } from "./webhook-secret.ts";
import { webhookSettings, type WebhookSettings } from "./webhook-settings.ts";

export interface DispatchOptions {
  /** Overrides of the environment settings (tests: a short timeout, private targets allowed). */
  settings?: Partial<WebhookSettings>;
  /** DNS resolver for the delivery-time address check (tests inject one). */
  resolve?: Resolver;
  /** Deliveries sent in parallel per pass (default 10). */
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

/** Finished deliveries (and their attempt logs) are kept this many days. */
export const DELIVERY_RETENTION_DAYS = 30;
let lastPrune = 0;

async function attempt(
  _services: Services,
  settings: WebhookSettings,
  d: ClaimedDelivery,
  options: DispatchOptions,
): Promise<AttemptResult> {
  const secret = await decryptSecret(settings.secretKeyMaterial, d.subscription_id, d.secret_encrypted);
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
  if (d.previous_secret_encrypted && d.previous_secret_expires_at && new Date(d.previous_secret_expires_at) > new Date()) {
    const previous = await decryptSecret(settings.secretKeyMaterial, d.subscription_id, d.previous_secret_encrypted);
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
    { url: d.url, body: d.body, headers: { ...headers, "x-service-event": d.event } },
    { timeoutMs: settings.timeoutMs, policy: settings, resolve: options.resolve },
  );
}

/**
 * One pass: gives up deliveries abandoned on their last attempt, fans new outbox events out, then claims
 * up to `batchSize` due deliveries and sends them in parallel. Safe with any number of dispatchers on
 * the same database.
 */
export async function runDispatchPass(services: Services, options: DispatchOptions = {}): Promise<PassResult> {
  const { db } = services;
  const settings = webhookSettings(services.config, options.settings);
  const result: PassResult = {
    events_fanned_out: 0,
    deliveries_created: 0,
    attempts: 0,
    succeeded: 0,
    failed_attempts: 0,
    deliveries_given_up: await failAbandonedDeliveries(db),
    subscriptions_disabled: 0,
  };
  for (let i = 0; i < 10; i++) {
    const fan = await fanOutEvents(db);
    result.events_fanned_out += fan.events;
    result.deliveries_created += fan.deliveries;
    if (fan.events < 100) break;
  }
  // The lease outlasts the attempt's whole budget, so an attempt in flight is never claimed again.
  const leaseSeconds = Math.ceil(settings.timeoutMs / 1000) + 60;
  const claimed = await claimDueDeliveries(db, options.batchSize ?? 10, leaseSeconds);
  result.attempts = claimed.length;
  await Promise.all(
    claimed.map(async (d) => {
      const outcome = await attempt(services, settings, d, options);
      const finished = await finishAttempt(db, d, outcome, { disableAfterMs: settings.disableAfterMs, random: options.random });
      if (outcome.outcome === "success") result.succeeded++;
      else result.failed_attempts++;
      if (finished.status === "failed") result.deliveries_given_up++;
      if (finished.disabledReason) result.subscriptions_disabled++;
    }),
  );
  if (Date.now() - lastPrune > 3600_000) {
    lastPrune = Date.now();
    await pruneFinishedDeliveries(db, DELIVERY_RETENTION_DAYS);
  }
  return result;
}

const didWork = (r: PassResult) => r.events_fanned_out > 0 || r.attempts > 0;

/** Passes until nothing is due or the time budget is spent (the dispatch-webhooks function). */
export async function dispatchUntilIdle(
  services: Services,
  options: DispatchOptions & { budgetMs?: number } = {},
): Promise<PassResult & { passes: number }> {
  const deadline = Date.now() + (options.budgetMs ?? 50_000);
  const total: PassResult & { passes: number } = {
    passes: 0,
    events_fanned_out: 0,
    deliveries_created: 0,
    attempts: 0,
    succeeded: 0,
    failed_attempts: 0,
    deliveries_given_up: 0,
    subscriptions_disabled: 0,
  };
  do {
    const r = await runDispatchPass(services, options);
    total.passes++;
    for (const k of Object.keys(r) as (keyof PassResult)[]) total[k] += r[k];
    if (!didWork(r)) break;
  } while (Date.now() < deadline);
  return total;
}

/**
 * The local server's dispatcher: passes back to back while there is work, otherwise one every
 * TDS_WEBHOOK_POLL_MS (or at once on wake). On Supabase, pg_net and pg_cron call the dispatch-webhooks
 * function instead (see the migration).
 */
export function createWebhookDispatcher(services: Services, options: DispatchOptions = {}): BackgroundTask {
  const pollMs = webhookSettings(services.config, options.settings).pollMs;
  let running = true;
  let wakeUp: (() => void) | null = null;
  // A waiter is released only by an empty pass that started after it was registered.
  let passesStarted = 0;
  let idleWaiters: { since: number; resolve: () => void }[] = [];

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  const loop = (async () => {
    while (running) {
      let worked = false;
      const seq = ++passesStarted;
      try {
        worked = didWork(await runDispatchPass(services, options));
      } catch (e) {
        if (!running) break;
        console.error("webhooks: dispatch pass failed:", e);
      }
      if (worked) continue;
      const ready = idleWaiters.filter((w) => w.since < seq);
      idleWaiters = idleWaiters.filter((w) => w.since >= seq);
      ready.forEach((w) => w.resolve());
      if (running) await sleep(pollMs);
    }
    idleWaiters.splice(0).forEach((w) => w.resolve());
  })();

  return {
    name: "webhooks",
    wake: () => wakeUp?.(),
    stop: async () => {
      running = false;
      wakeUp?.();
      await loop;
    },
    idle: () =>
      new Promise<void>((resolve) => {
        if (!running) return resolve();
        idleWaiters.push({ since: passesStarted, resolve });
        wakeUp?.();
      }),
  };
}
