/**
 * What the REST API (webhooks-router.ts) and the dashboard (Settings > Webhooks) both do with a
 * subscription: check its URL, make its secret, create it within the account's quota, change it, rotate
 * its secret, and queue a delivery (again), waking the delivery worker when work became due. Each caller
 * turns the results into its own answer (an error envelope, a form with its errors).
 */
import type { Db, Queryable } from "../db/types.ts";
import type { Config } from "../runtime/config.ts";
import { wakeBackgroundTasks } from "../jobs/background-registry.ts";
import { checkWebhookUrl, type UrlCheck } from "./url-safety.ts";
import { generateWebhookSecret } from "./webhook-secret.ts";
import { webhookSettings } from "./webhook-settings.ts";
import { enqueueTestDelivery, type TestDeliveryResult } from "./test-delivery.ts";
import {
  insertSubscription,
  redeliver,
  rotateSubscriptionSecret,
  updateSubscription,
  type NewSubscription,
  type RedeliverResult,
  type SubscriptionChanges,
  type WebhookSubscription,
} from "./webhook-repository.ts";

type WebhookConfig = Pick<Config, "webhooks" | "webhookSecretKey">;

/** How long a replaced secret keeps signing (a second webhook-signature) unless the caller says otherwise. */
const DEFAULT_PREVIOUS_SECRET_TTL_SECONDS = 24 * 3600;

/** A subscription with the secret that signs its deliveries: shown once, then stored only encrypted. */
export interface SubscriptionWithSecret {
  subscription: WebhookSubscription;
  secret: string;
}

/** The URL rules of url-safety.ts under the configured policy (private addresses, plain http). */
export function checkSubscriptionUrl(config: WebhookConfig, url: string): UrlCheck {
  return checkWebhookUrl(url, webhookSettings(config));
}

/**
 * Creates a subscription (its `url` already passed checkSubscriptionUrl) with the caller's secret or a
 * generated one. Null when the account has MAX_SUBSCRIPTIONS_PER_ACCOUNT already.
 */
export async function createSubscription(
  db: Db,
  config: WebhookConfig,
  accountId: string,
  input: NewSubscription & { secret?: string },
): Promise<SubscriptionWithSecret | null> {
  const secret = input.secret ?? generateWebhookSecret();
  const { url, events, description, active } = input;
  const subscription = await insertSubscription(
    db,
    accountId,
    { url, events, description, active },
    secret,
    webhookSettings(config).secretKeyMaterial,
  );
  return subscription ? { subscription, secret } : null;
}

/** Changes a subscription; enabling one wakes the worker, as its pending deliveries are due again. */
export async function changeSubscription(
  db: Queryable,
  accountId: string,
  id: string,
  changes: SubscriptionChanges,
): Promise<WebhookSubscription | null> {
  const subscription = await updateSubscription(db, accountId, id, changes);
  if (subscription && changes.active) wakeBackgroundTasks();
  return subscription;
}

/** Replaces the secret (the caller's or a generated one); the old one keeps signing for `previousSecretTtlSeconds`. */
export async function rotateSecret(
  db: Queryable,
  config: WebhookConfig,
  accountId: string,
  id: string,
  options: { secret?: string; previousSecretTtlSeconds?: number } = {},
): Promise<SubscriptionWithSecret | null> {
  const secret = options.secret ?? generateWebhookSecret();
  const subscription = await rotateSubscriptionSecret(
    db,
    accountId,
    id,
    secret,
    webhookSettings(config).secretKeyMaterial,
    options.previousSecretTtlSeconds ?? DEFAULT_PREVIOUS_SECRET_TTL_SECONDS,
  );
  return subscription ? { subscription, secret } : null;
}

/** Makes a delivery due now with a fresh retry schedule, and wakes the worker to send it. */
export async function redeliverNow(db: Queryable, accountId: string, subscriptionId: string, deliveryId: string): Promise<RedeliverResult> {
  const result = await redeliver(db, accountId, subscriptionId, deliveryId);
  if (result.ok) wakeBackgroundTasks();
  return result;
}

/** Queues a test event for one subscription (see test-delivery.ts), and wakes the worker to send it. */
export async function sendTestEvent(db: Queryable, accountId: string, subscriptionId: string): Promise<TestDeliveryResult> {
  const result = await enqueueTestDelivery(db, accountId, subscriptionId);
  if (result.ok) wakeBackgroundTasks();
  return result;
}
