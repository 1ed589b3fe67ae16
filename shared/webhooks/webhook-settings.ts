import { readEnv } from "../runtime/env.ts";
import type { Config } from "../runtime/config.ts";

/**
 * Webhook settings, read from the environment when used (so a test can change them per case).
 * Every one is listed in docs/webhooks.md.
 */
export interface WebhookSettings {
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
  /** Key material for encrypting secrets at rest: TDS_WEBHOOK_SECRET_KEY (its own local default; refused in production when unset). */
  secretKeyMaterial: string;
}

function flag(name: string): boolean {
  return /^(1|true|yes|on)$/i.test(readEnv(name)?.trim() ?? "");
}

function positiveInt(name: string, fallback: number): number {
  const raw = readEnv(name);
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

export function webhookSettings(config: Pick<Config, "webhookSecretKey">, overrides: Partial<WebhookSettings> = {}): WebhookSettings {
  return {
    allowPrivate: flag("TDS_WEBHOOKS_ALLOW_PRIVATE"),
    allowHttp: flag("TDS_WEBHOOKS_ALLOW_HTTP"),
    timeoutMs: positiveInt("TDS_WEBHOOK_TIMEOUT_MS", 10_000),
    disableAfterMs: positiveInt("TDS_WEBHOOK_DISABLE_AFTER_HOURS", 120) * 3600_000,
    pollMs: positiveInt("TDS_WEBHOOK_POLL_MS", 1000),
    secretKeyMaterial: readEnv("TDS_WEBHOOK_SECRET_KEY") || config.webhookSecretKey,
    ...overrides,
  };
}
