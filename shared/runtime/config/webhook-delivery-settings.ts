/** Webhook delivery settings (docs/webhooks.md); the key that encrypts secrets is a key setting. */
import { flag, integer, type Vars } from "./env-values.ts";

export interface WebhookDeliverySettings {
  /** TDS_WEBHOOKS_ALLOW_PRIVATE=true: allow loopback, private and link-local targets, and plain http (local development). */
  allowPrivate: boolean;
  /** TDS_WEBHOOKS_ALLOW_HTTP=true: allow plain http:// to public addresses (https is required otherwise). */
  allowHttp: boolean;
  /** TDS_WEBHOOK_TIMEOUT_MS: one attempt's whole budget (DNS, connect, answer, excerpt); 10 s by default. */
  timeoutMs: number;
  /** TDS_WEBHOOK_DISABLE_AFTER_HOURS: a subscription with no successful delivery for this long is disabled (120 h). */
  disableAfterMs: number;
  /** TDS_WEBHOOK_POLL_MS: how often the local dispatcher looks for due deliveries (1000 ms). */
  pollMs: number;
}

export const webhookVariables = {
  TDS_WEBHOOKS_ALLOW_PRIVATE: flag(false),
  TDS_WEBHOOKS_ALLOW_HTTP: flag(false),
  TDS_WEBHOOK_TIMEOUT_MS: integer(1, 10_000),
  TDS_WEBHOOK_DISABLE_AFTER_HOURS: integer(1, 120),
  TDS_WEBHOOK_POLL_MS: integer(1, 1000),
};

export function webhookDeliverySettings(v: Vars<typeof webhookVariables>): WebhookDeliverySettings {
  return {
    allowPrivate: v.TDS_WEBHOOKS_ALLOW_PRIVATE,
    allowHttp: v.TDS_WEBHOOKS_ALLOW_HTTP,
    timeoutMs: v.TDS_WEBHOOK_TIMEOUT_MS,
    disableAfterMs: v.TDS_WEBHOOK_DISABLE_AFTER_HOURS * 3600_000,
    pollMs: v.TDS_WEBHOOK_POLL_MS,
  };
}
