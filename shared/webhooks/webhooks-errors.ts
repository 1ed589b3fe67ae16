import { defineErrorCodes } from "../errors/error-code.ts";

/** Error codes of webhook subscriptions and deliveries. */
export const WEBHOOKS_ERRORS = defineErrorCodes({
  SVC_WEBHOOK_001: { status: 404, meaning: "webhook subscription not found (or belongs to another account)" },
  SVC_WEBHOOK_002: {
    status: 400,
    meaning:
      "webhook URL refused: not http(s), plain http without TDS_WEBHOOKS_ALLOW_HTTP, credentials in the URL, or a loopback, private, link-local or otherwise non-public address (TDS_WEBHOOKS_ALLOW_PRIVATE=true allows them for local development)",
  },
  SVC_WEBHOOK_003: { status: 404, meaning: "webhook delivery not found for this subscription" },
  SVC_WEBHOOK_004: {
    status: 409,
    meaning: "redelivery not possible now: the subscription is inactive (re-enable it first) or an attempt is in progress",
  },
  SVC_WEBHOOK_005: { status: 409, meaning: "webhook subscription limit of the account reached (20)" },
});
