import { z } from "zod";
import { EVENT_NAMES } from "../events/outbox.ts";
import { isValidWebhookSecret } from "./webhook-secret.ts";

export const EventNameSchema = z.enum(EVENT_NAMES);

const Events = z
  .array(EventNameSchema)
  .min(1, "subscribe to at least one event")
  .max(EVENT_NAMES.length * 2)
  .describe(`Event names: ${EVENT_NAMES.join(", ")}`);

const Url = z.string().trim().min(1).max(2048).describe("https address that receives the POSTs (see docs/webhooks.md for what is refused)");

const Secret = z
  .string()
  .refine(isValidWebhookSecret, "must be whsec_ followed by the standard base64 of 24 to 64 random bytes")
  .describe("Optional: your own secret in the Standard Webhooks format whsec_<base64>; generated when absent");

const Description = z.string().trim().max(500).nullable();

export const CreateWebhookBody = z.strictObject({
  url: Url,
  events: Events,
  secret: Secret.optional(),
  description: Description.optional(),
  active: z.boolean().optional().describe("Default true"),
});

export const UpdateWebhookBody = z
  .strictObject({
    url: Url.optional(),
    events: Events.optional(),
    description: Description.optional(),
    active: z.boolean().optional().describe("true re-enables a disabled subscription and resets its failure count"),
  })
  .refine((b) => Object.keys(b).length > 0, "send at least one of url, events, description, active");

export const RotateSecretBody = z.strictObject({
  secret: Secret.optional(),
  previous_secret_ttl_seconds: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .optional()
    .describe("How long the old secret keeps signing as a second webhook-signature value (default 86400; 0 ends it now)"),
});

export const WebhookIdParam = z.object({ id: z.string() });
export const DeliveryParams = z.object({ id: z.string(), deliveryId: z.string() });

export const ListDeliveriesQuery = z.strictObject({
  status: z.enum(["pending", "succeeded", "failed"]).optional(),
  event: EventNameSchema.optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const WebhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(EventNameSchema),
  description: z.string().nullable(),
  active: z.boolean(),
  disabled_at: z.string().nullable().describe("When it stopped receiving (by the API or by the service)"),
  disabled_reason: z.string().nullable().describe("Why: deactivated through the API, 410 Gone, or failing for days"),
  secret_prefix: z.string().describe("First characters of the secret, to recognise it"),
  previous_secret_expires_at: z.string().nullable().describe("After a rotation: until when the old secret also signs"),
  consecutive_failures: z.number().int(),
  first_failure_at: z.string().nullable(),
  last_failure_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const WebhookWithSecret = WebhookSchema.extend({ secret: z.string().describe("Shown only in this answer") });

export const AttemptSchema = z.object({
  attempt: z.number().int(),
  started_at: z.string(),
  duration_ms: z.number().int(),
  outcome: z.enum(["success", "http_error", "redirect", "timeout", "network_error", "blocked_address", "secret_unreadable"]),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  response_excerpt: z.string().nullable().describe("First 500 characters of the answer"),
  url: z.string(),
});

export const DeliverySchema = z.object({
  id: z.string().describe("Also the webhook-id header, the same on every attempt"),
  subscription_id: z.string(),
  event_id: z.string(),
  event: EventNameSchema,
  status: z.enum(["pending", "succeeded", "failed"]),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  payload: z.unknown().describe("The request body that is sent: {event, timestamp, data}"),
  attempt_log: z.array(AttemptSchema),
});
