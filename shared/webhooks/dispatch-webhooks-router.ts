import { z } from "zod";
import { defineRoute } from "../http/route.ts";
import { COMMON_ERRORS } from "../http/common-responses.ts";
import { dispatchUntilIdle } from "./dispatcher.ts";

/**
 * The dispatcher as an edge function (Supabase): pg_net calls it after outbox inserts and pg_cron every
 * minute (see supabase/migrations/20261121000007_webhooks.sql). Each call fans out new events and sends
 * due deliveries until nothing is due or about 50 s have passed; concurrent calls share the work safely.
 */
export const dispatchWebhooksRoute = defineRoute({
  method: "post",
  path: "/functions/v1/dispatch-webhooks",
  operationId: "dispatchWebhooks",
  summary: "Run the webhook dispatcher once (service_role; called by pg_net / pg_cron on Supabase)",
  tags: ["Webhooks"],
  auth: "service-role",
  body: z.looseObject({}),
  bodyOptional: true,
  responses: {
    200: {
      description: "What the call did",
      schema: z.object({
        passes: z.number().int(),
        events_fanned_out: z.number().int(),
        deliveries_created: z.number().int(),
        attempts: z.number().int(),
        succeeded: z.number().int(),
        failed_attempts: z.number().int(),
        deliveries_given_up: z.number().int(),
        subscriptions_disabled: z.number().int(),
      }),
    },
    401: COMMON_ERRORS[401],
  },
  handler: async (c) => c.json(await dispatchUntilIdle(c.var.services), 200),
});
