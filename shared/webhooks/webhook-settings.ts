import type { Config } from "../runtime/config.ts";
import type { WebhookDeliverySettings } from "../runtime/config/webhook-delivery-settings.ts";

/** Webhook settings: the configuration's delivery section and the key that encrypts secrets at rest. Every one is listed in docs/webhooks.md. */
export interface WebhookSettings extends WebhookDeliverySettings {
  /** Key material for encrypting secrets at rest: TDS_WEBHOOK_SECRET_KEY (its own local default; refused in production when unset). */
  secretKeyMaterial: string;
}

export function webhookSettings(
  config: Pick<Config, "webhooks" | "webhookSecretKey">,
  overrides: Partial<WebhookSettings> = {},
): WebhookSettings {
  return { ...config.webhooks, secretKeyMaterial: config.webhookSecretKey, ...overrides };
}
