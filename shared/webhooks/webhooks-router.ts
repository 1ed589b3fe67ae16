import { z } from "zod";
import { pageOffset, pagination } from "../http/pagination.ts";
import type { Context } from "hono";
import { defineRoute, type RouteDef } from "../http/route.ts";
import { AppError } from "../errors/app-error.ts";
import type { AppEnv } from "../http/app-env.ts";
import { COMMON_ERRORS, err } from "../http/common-responses.ts";
import { changeSubscription, checkSubscriptionUrl, createSubscription, redeliverNow, rotateSecret } from "./webhook-service.ts";
import {
  deleteSubscription,
  findDelivery,
  findSubscription,
  listDeliveries,
  listSubscriptions,
  MAX_SUBSCRIPTIONS_PER_ACCOUNT,
  normaliseEvents,
} from "./webhook-repository.ts";
import {
  CreateWebhookBody,
  DeliveryParams,
  DeliverySchema,
  ListDeliveriesQuery,
  RotateSecretBody,
  UpdateWebhookBody,
  WebhookIdParam,
  WebhookSchema,
  WebhookWithSecret,
} from "./webhook-schemas.ts";
import { WEBHOOKS_ERRORS } from "./webhooks-errors.ts";

const tags = ["Webhooks"];
const notFound = err("No such webhook subscription in this account (SVC_WEBHOOK_001)");
const deliveryNotFound = err("No such subscription or delivery in this account (SVC_WEBHOOK_001, SVC_WEBHOOK_003)");

function subscriptionNotFound(id: string): AppError {
  return new AppError(WEBHOOKS_ERRORS.SVC_WEBHOOK_001, "Webhook subscription not found", { details: { webhook_id: id } });
}

/** The URL rules of url-safety.ts with the current settings; a refusal names the field and the reason. */
function checkedUrl(c: Context<AppEnv>, url: string): string {
  const check = checkSubscriptionUrl(c.var.services.config, url);
  if (!check.ok) throw new AppError(WEBHOOKS_ERRORS.SVC_WEBHOOK_002, `Webhook URL refused: ${check.reason}`, { details: { field: "url" } });
  return check.url;
}

export const webhooksRouter: RouteDef[] = [
  defineRoute({
    method: "post",
    path: "/api/v1/webhooks",
    operationId: "createWebhook",
    summary: "Subscribe a URL to events; the signing secret is shown only in this answer",
    description:
      "The secret is generated (whsec_ + base64 of 32 random bytes) unless you send your own in that format. " +
      "Every delivery is signed twice: X-Service-Signature (sha256=<hex HMAC of the body>) and the Standard Webhooks " +
      `webhook-signature. At most ${MAX_SUBSCRIPTIONS_PER_ACCOUNT} subscriptions per account. See docs/webhooks.md.`,
    tags,
    auth: "api-key",
    body: CreateWebhookBody,
    responses: {
      201: { description: "The subscription with its secret", schema: WebhookWithSecret },
      ...COMMON_ERRORS,
      400: err("Invalid fields (SVC_REQ_002) or a refused URL (SVC_WEBHOOK_002)"),
      409: err("Subscription limit reached (SVC_WEBHOOK_005)"),
    },
    handler: async (c, { body, principal }) => {
      const { db, config } = c.var.services;
      const url = checkedUrl(c, body.url);
      const created = await createSubscription(db, config, principal.accountId, {
        url,
        events: normaliseEvents(body.events),
        description: body.description ?? null,
        active: body.active ?? true,
        secret: body.secret,
      });
      if (!created) {
        throw new AppError(
          WEBHOOKS_ERRORS.SVC_WEBHOOK_005,
          `An account can have at most ${MAX_SUBSCRIPTIONS_PER_ACCOUNT} webhook subscriptions`,
          {
            details: { limit: MAX_SUBSCRIPTIONS_PER_ACCOUNT },
          },
        );
      }
      return c.json({ ...created.subscription, secret: created.secret }, 201);
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/webhooks",
    operationId: "listWebhooks",
    summary: "List the account's webhook subscriptions (never their secrets), newest first",
    tags,
    auth: "api-key",
    responses: { 200: { description: "Subscriptions", schema: z.object({ webhooks: z.array(WebhookSchema) }) }, 401: COMMON_ERRORS[401] },
    handler: async (c, { principal }) => c.json({ webhooks: await listSubscriptions(c.var.services.db, principal.accountId) }, 200),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/webhooks/{id}",
    operationId: "getWebhook",
    summary: "Read a subscription, with its health (failures, disabled_at, disabled_reason)",
    tags,
    auth: "api-key",
    params: WebhookIdParam,
    responses: { 200: { description: "The subscription", schema: WebhookSchema }, 401: COMMON_ERRORS[401], 404: notFound },
    handler: async (c, { params, principal }) => {
      const sub = await findSubscription(c.var.services.db, principal.accountId, params.id);
      if (!sub) throw subscriptionNotFound(params.id);
      return c.json(sub, 200);
    },
  }),
  defineRoute({
    method: "patch",
    path: "/api/v1/webhooks/{id}",
    operationId: "updateWebhook",
    summary: "Change url, events, description or active",
    description:
      "`active: false` stops new deliveries (pending ones wait); `active: true` re-enables a subscription, also one the " +
      "service disabled (410 Gone or failing for days), and resets its failure count.",
    tags,
    auth: "api-key",
    params: WebhookIdParam,
    body: UpdateWebhookBody,
    responses: {
      200: { description: "The subscription", schema: WebhookSchema },
      ...COMMON_ERRORS,
      400: err("Invalid fields (SVC_REQ_002) or a refused URL (SVC_WEBHOOK_002)"),
      404: notFound,
    },
    handler: async (c, { params, body, principal }) => {
      const url = body.url === undefined ? undefined : checkedUrl(c, body.url);
      const sub = await changeSubscription(c.var.services.db, principal.accountId, params.id, {
        url,
        events: body.events ? normaliseEvents(body.events) : undefined,
        description: "description" in body ? { value: body.description ?? null } : undefined,
        active: body.active,
      });
      if (!sub) throw subscriptionNotFound(params.id);
      return c.json(sub, 200);
    },
  }),
  defineRoute({
    method: "delete",
    path: "/api/v1/webhooks/{id}",
    operationId: "deleteWebhook",
    summary: "Delete a subscription with its deliveries and their log",
    tags,
    auth: "api-key",
    params: WebhookIdParam,
    responses: { 204: { description: "Deleted" }, 401: COMMON_ERRORS[401], 404: notFound },
    handler: async (c, { params, principal }) => {
      if (!(await deleteSubscription(c.var.services.db, principal.accountId, params.id))) throw subscriptionNotFound(params.id);
      return c.body(null, 204);
    },
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/webhooks/{id}/rotate-secret",
    operationId: "rotateWebhookSecret",
    summary: "Replace the signing secret; the new one is shown only in this answer",
    description:
      "The old secret keeps signing for `previous_secret_ttl_seconds` (default 24 h) as a second value of " +
      "webhook-signature, so receivers can switch without losing deliveries. X-Service-Signature uses the new secret at once.",
    tags,
    auth: "api-key",
    params: WebhookIdParam,
    body: RotateSecretBody,
    bodyOptional: true,
    responses: { 200: { description: "The subscription with its new secret", schema: WebhookWithSecret }, ...COMMON_ERRORS, 404: notFound },
    handler: async (c, { params, body, principal }) => {
      const { db, config } = c.var.services;
      const rotated = await rotateSecret(db, config, principal.accountId, params.id, {
        secret: body.secret,
        previousSecretTtlSeconds: body.previous_secret_ttl_seconds,
      });
      if (!rotated) throw subscriptionNotFound(params.id);
      return c.json({ ...rotated.subscription, secret: rotated.secret }, 200);
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/webhooks/{id}/deliveries",
    operationId: "listWebhookDeliveries",
    summary: "The delivery log: deliveries newest first, each with every attempt (status, time, duration, answer excerpt)",
    tags,
    auth: "api-key",
    params: WebhookIdParam,
    query: ListDeliveriesQuery,
    responses: {
      200: {
        description: "A page of deliveries",
        schema: z.object({
          deliveries: z.array(DeliverySchema),
          pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), total_pages: z.number().int() }),
        }),
      },
      400: COMMON_ERRORS[400],
      401: COMMON_ERRORS[401],
      404: notFound,
    },
    handler: async (c, { params, query, principal }) => {
      const { db } = c.var.services;
      const sub = await findSubscription(db, principal.accountId, params.id);
      if (!sub) throw subscriptionNotFound(params.id);
      const { deliveries, total } = await listDeliveries(db, principal.accountId, sub.id, {
        status: query.status,
        event: query.event,
        limit: query.limit,
        offset: pageOffset(query),
      });
      return c.json(
        {
          deliveries,
          pagination: pagination(query, total),
        },
        200,
      );
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/webhooks/{id}/deliveries/{deliveryId}",
    operationId: "getWebhookDelivery",
    summary: "One delivery with its attempt log",
    tags,
    auth: "api-key",
    params: DeliveryParams,
    responses: { 200: { description: "The delivery", schema: DeliverySchema }, 401: COMMON_ERRORS[401], 404: deliveryNotFound },
    handler: async (c, { params, principal }) => {
      const d = await findDelivery(c.var.services.db, principal.accountId, params.id, params.deliveryId);
      if (!d)
        throw new AppError(WEBHOOKS_ERRORS.SVC_WEBHOOK_003, "Webhook delivery not found", {
          details: { webhook_id: params.id, delivery_id: params.deliveryId },
        });
      return c.json(d, 200);
    },
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver",
    operationId: "redeliverWebhook",
    summary: "Send a delivery again now (same webhook-id, same body, a fresh retry schedule)",
    tags,
    auth: "api-key",
    params: DeliveryParams,
    responses: {
      202: { description: "Queued: the delivery, now pending", schema: DeliverySchema },
      401: COMMON_ERRORS[401],
      404: deliveryNotFound,
      409: err("The subscription is inactive, or an attempt is in progress (SVC_WEBHOOK_004)"),
    },
    handler: async (c, { params, principal }) => {
      const r = await redeliverNow(c.var.services.db, principal.accountId, params.id, params.deliveryId);
      if (!r.ok) {
        const details = { webhook_id: params.id, delivery_id: params.deliveryId };
        if (r.reason === "not_found") throw new AppError(WEBHOOKS_ERRORS.SVC_WEBHOOK_003, "Webhook delivery not found", { details });
        throw new AppError(
          WEBHOOKS_ERRORS.SVC_WEBHOOK_004,
          r.reason === "subscription_inactive"
            ? 'The subscription is inactive; re-enable it with PATCH {"active": true} first'
            : "An attempt of this delivery is in progress; try again when it has finished",
          { details: { ...details, reason: r.reason } },
        );
      }
      return c.json(r.delivery, 202);
    },
  }),
];
