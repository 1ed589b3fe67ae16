/**
 * Settings > Webhooks, the pages: each reads what it shows through the webhook service and repository,
 * answers a form with its errors, and hands the view (webhooks-view.ts) what to draw.
 */
import type { Context, Hono } from "hono";
import { html } from "hono/html";
import type { DashboardEnv } from "../dashboard-env.ts";
import { csrfField } from "../csrf.ts";
import { renderPage, type PageOptions } from "../layout.ts";
import { confirmCard, noticeFrom, readForm, redirectWithNotice, type Html } from "../page-helpers.ts";
import { AppError } from "../../errors/app-error.ts";
import { EVENT_NAMES, type EventName } from "../../events/outbox.ts";
import {
  changeSubscription,
  checkSubscriptionUrl,
  createSubscription,
  redeliverNow,
  rotateSecret,
  sendTestEvent,
} from "../../webhooks/webhook-service.ts";
import {
  deleteSubscription,
  findDelivery,
  findSubscription,
  listDeliveries,
  listSubscriptions,
  MAX_SUBSCRIPTIONS_PER_ACCOUNT,
  normaliseEvents,
  type WebhookSubscription,
} from "../../webhooks/webhook-repository.ts";
import { WEBHOOKS_ERRORS } from "../../webhooks/webhooks-errors.ts";
import {
  BASE,
  deliveryBody,
  type EndpointForm,
  endpointBody,
  type FieldErrors,
  secretShownBody,
  webhookListBody,
} from "./webhooks-view.ts";

const PAGE_SIZE = 20;
const NOTICES = {
  updated: "The endpoint is saved.",
  enabled: "The endpoint is enabled: deliveries resume.",
  disabled: "The endpoint is disabled: no deliveries are sent until you enable it.",
  deleted: "The endpoint and its delivery log are deleted.",
  "test-sent": "A test event is queued; it appears in the log below within seconds (reload the page).",
  redelivered: "The delivery is queued again; reload the page to see the new attempt.",
};

function notFound(id: string): AppError {
  return new AppError(WEBHOOKS_ERRORS.SVC_WEBHOOK_001, "There is no such webhook endpoint in this account.", {
    details: { webhook_id: id },
  });
}

async function readEndpointForm(
  c: Context<DashboardEnv>,
): Promise<{ values: EndpointForm; errors: FieldErrors; url?: string; events: EventName[] }> {
  const form = await readForm(c);
  const values: EndpointForm = { url: form.get("url").trim(), description: form.get("description").trim(), events: form.all("events") };
  const errors: FieldErrors = {};
  let url: string | undefined;
  if (!values.url) errors.url = "Enter the endpoint URL.";
  else {
    const check = checkSubscriptionUrl(c.get("services").config, values.url);
    if (check.ok) url = check.url;
    else errors.url = `This URL is refused: ${check.reason}.`;
  }
  const events = normaliseEvents(values.events);
  if (events.length === 0) errors.events = "Choose at least one event.";
  if (values.description.length > 500) errors.description = "At most 500 characters.";
  return { values, errors, url, events };
}

function firstError(errors: FieldErrors): string {
  return Object.values(errors)[0] ?? "";
}

async function listPage(
  c: Context<DashboardEnv>,
  extra: Partial<PageOptions> & { values?: EndpointForm; errors?: FieldErrors } = {},
): Promise<Response> {
  const subs = await listSubscriptions(c.get("services").db, c.get("member").accountId);
  const values = extra.values ?? { url: "", description: "", events: [...EVENT_NAMES] };
  return renderPage(c, {
    title: "Webhooks",
    active: "webhooks",
    status: extra.status,
    notice: extra.notice ?? noticeFrom(c, NOTICES),
    body: webhookListBody({ subs, values, errors: extra.errors ?? {}, csrf: csrfField(c) }),
  });
}

function secretShownPage(
  c: Context<DashboardEnv>,
  sub: WebhookSubscription,
  secret: string,
  title: string,
  intro: string,
  status = 200,
): Promise<Response> {
  return renderPage(c, {
    title,
    active: "webhooks",
    status,
    notice: { kind: "ok", text: intro },
    body: secretShownBody(sub, secret),
  });
}

async function endpointPage(
  c: Context<DashboardEnv>,
  id: string,
  extra: Partial<PageOptions> & { values?: EndpointForm; errors?: FieldErrors } = {},
): Promise<Response> {
  const { db } = c.get("services");
  const accountId = c.get("member").accountId;
  const sub = await findSubscription(db, accountId, id);
  if (!sub) throw notFound(id);
  const page = Math.max(1, Math.min(100000, Number.parseInt(c.req.query("page") ?? "1", 10) || 1));
  const { deliveries, total } = await listDeliveries(db, accountId, sub.id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const values = extra.values ?? { url: sub.url, description: sub.description ?? "", events: sub.events };
  return renderPage(c, {
    title: "Webhook endpoint",
    active: "webhooks",
    status: extra.status,
    notice: extra.notice ?? noticeFrom(c, NOTICES),
    body: endpointBody({ sub, values, errors: extra.errors ?? {}, csrf: csrfField(c), deliveries, page, pages, total }),
  });
}

function confirmPage(
  c: Context<DashboardEnv>,
  sub: WebhookSubscription,
  title: string,
  text: Html,
  action: string,
  button: string,
): Promise<Response> {
  return renderPage(c, {
    title,
    active: "webhooks",
    body: confirmCard(c, { text, action: `${BASE}/${sub.id}/${action}`, button, cancel: `${BASE}/${sub.id}` }),
  });
}

async function requireSubscription(c: Context<DashboardEnv>, id: string): Promise<WebhookSubscription> {
  const sub = await findSubscription(c.get("services").db, c.get("member").accountId, id);
  if (!sub) throw notFound(id);
  return sub;
}

/** Settings > Webhooks: endpoints (add, edit, enable/disable, rotate, delete, test) and the delivery log. */
export function registerWebhookPages(app: Hono<DashboardEnv>): void {
  app.get(BASE, (c) => listPage(c));

  app.post(BASE, async (c) => {
    const { values, errors, url, events } = await readEndpointForm(c);
    if (Object.keys(errors).length > 0 || !url)
      return listPage(c, { status: 400, values, errors, notice: { kind: "error", text: firstError(errors) } });
    const { db, config } = c.get("services");
    const created = await createSubscription(db, config, c.get("member").accountId, {
      url,
      events,
      description: values.description || null,
      active: true,
    });
    if (!created) {
      return listPage(c, {
        status: 409,
        values,
        notice: { kind: "error", text: `The account has the most endpoints allowed (${MAX_SUBSCRIPTIONS_PER_ACCOUNT}); delete one first.` },
      });
    }
    const { subscription: sub, secret } = created;
    return secretShownPage(c, sub, secret, "Endpoint added", `The endpoint ${sub.url} is added and active.`, 201);
  });

  app.get(`${BASE}/:id`, (c) => endpointPage(c, c.req.param("id")));

  app.post(`${BASE}/:id`, async (c) => {
    const id = c.req.param("id");
    await requireSubscription(c, id);
    const { values, errors, url, events } = await readEndpointForm(c);
    if (Object.keys(errors).length > 0 || !url)
      return endpointPage(c, id, { status: 400, values, errors, notice: { kind: "error", text: firstError(errors) } });
    const sub = await changeSubscription(c.get("services").db, c.get("member").accountId, id, {
      url,
      events,
      description: { value: values.description || null },
    });
    if (!sub) throw notFound(id);
    return redirectWithNotice(c, `${BASE}/${id}`, "updated");
  });

  for (const [action, active] of [
    ["enable", true],
    ["disable", false],
  ] as const) {
    app.post(`${BASE}/:id/${action}`, async (c) => {
      const id = c.req.param("id");
      const sub = await changeSubscription(c.get("services").db, c.get("member").accountId, id, { active });
      if (!sub) throw notFound(id);
      return redirectWithNotice(c, `${BASE}/${id}`, active ? "enabled" : "disabled");
    });
  }

  app.post(`${BASE}/:id/test`, async (c) => {
    const id = c.req.param("id");
    const r = await sendTestEvent(c.get("services").db, c.get("member").accountId, id);
    if (!r.ok && r.reason === "not_found") throw notFound(id);
    if (!r.ok)
      return endpointPage(c, id, {
        status: 409,
        notice: { kind: "error", text: "The endpoint is disabled: enable it first, then send the test event." },
      });
    return redirectWithNotice(c, `${BASE}/${id}`, "test-sent");
  });

  app.get(`${BASE}/:id/rotate`, async (c) => {
    const sub = await requireSubscription(c, c.req.param("id"));
    return confirmPage(
      c,
      sub,
      "Rotate signing secret",
      html`Create a new signing secret for <code>${sub.url}</code>? The new secret is shown once. The old one keeps signing as a second signature for 24 hours, so you can update your receiver without losing deliveries.`,
      "rotate",
      "Rotate secret",
    );
  });

  app.post(`${BASE}/:id/rotate`, async (c) => {
    const id = c.req.param("id");
    const { db, config } = c.get("services");
    const rotated = await rotateSecret(db, config, c.get("member").accountId, id);
    if (!rotated) throw notFound(id);
    return secretShownPage(c, rotated.subscription, rotated.secret, "Secret rotated", "The signing secret is replaced.");
  });

  app.get(`${BASE}/:id/delete`, async (c) => {
    const sub = await requireSubscription(c, c.req.param("id"));
    return confirmPage(
      c,
      sub,
      "Delete endpoint",
      html`Delete the endpoint <code>${sub.url}</code> with its delivery log? Deliveries not yet sent are dropped. This cannot be undone.`,
      "delete",
      "Delete endpoint",
    );
  });

  app.post(`${BASE}/:id/delete`, async (c) => {
    const id = c.req.param("id");
    if (!(await deleteSubscription(c.get("services").db, c.get("member").accountId, id))) throw notFound(id);
    return redirectWithNotice(c, BASE, "deleted");
  });

  app.get(`${BASE}/:id/deliveries/:deliveryId`, async (c) => {
    const sub = await requireSubscription(c, c.req.param("id"));
    const d = await findDelivery(c.get("services").db, c.get("member").accountId, sub.id, c.req.param("deliveryId"));
    if (!d) throw new AppError(WEBHOOKS_ERRORS.SVC_WEBHOOK_003, "There is no such delivery for this endpoint.");
    return renderPage(c, {
      title: "Webhook delivery",
      active: "webhooks",
      notice: noticeFrom(c, NOTICES),
      body: deliveryBody(sub, d, csrfField(c)),
    });
  });

  app.post(`${BASE}/:id/deliveries/:deliveryId/redeliver`, async (c) => {
    const id = c.req.param("id");
    const deliveryId = c.req.param("deliveryId");
    const r = await redeliverNow(c.get("services").db, c.get("member").accountId, id, deliveryId);
    if (!r.ok && r.reason === "not_found")
      throw new AppError(WEBHOOKS_ERRORS.SVC_WEBHOOK_003, "There is no such delivery for this endpoint.");
    if (!r.ok) {
      const text =
        r.reason === "subscription_inactive"
          ? "The endpoint is disabled: enable it first, then redeliver."
          : "An attempt of this delivery is in progress; try again in a moment.";
      return endpointPage(c, id, { status: 409, notice: { kind: "error", text } });
    }
    return redirectWithNotice(c, `${BASE}/${id}/deliveries/${deliveryId}`, "redelivered");
  });
}
