/**
 * Settings > Webhooks, the views: the endpoint list with its add form, the secret shown once, an endpoint
 * with its delivery log, a delivery with its attempts. Pure: each takes what its page read.
 */
import { html } from "hono/html";
import { shownOnce, tableWrap, time, type Html } from "../page-helpers.ts";
import { EVENT_NAMES, type EventName } from "../../events/outbox.ts";
import { MAX_SUBSCRIPTIONS_PER_ACCOUNT, type WebhookDelivery, type WebhookSubscription } from "../../webhooks/webhook-repository.ts";

export const BASE = "/dashboard/settings/webhooks";
const EVENT_HELP: Record<EventName, string> = {
  "document.generated": "a document is ready to download",
  "document.failed": "a document could not be generated",
  "extraction.completed": "data was extracted from an uploaded document",
  "extraction.failed": "an extraction failed",
  "screening.match": "a list change makes a saved party or a recent shipment's party match a listed entry",
};

export interface EndpointForm {
  url: string;
  description: string;
  events: string[];
}
export type FieldErrors = Partial<Record<"url" | "events" | "description", string>>;

function stateBadge(s: WebhookSubscription): Html {
  if (!s.active) return html`<span class="badge badge--error">disabled</span>`;
  if (s.consecutive_failures > 0) return html`<span class="badge badge--warn">failing (${s.consecutive_failures})</span>`;
  return html`<span class="badge badge--ok">active</span>`;
}

function deliveryBadge(d: WebhookDelivery): Html {
  const kind = d.status === "succeeded" ? "ok" : d.status === "failed" ? "error" : "warn";
  return html`<span class="badge badge--${kind}">${d.status}</span>`;
}

function endpointFields(values: EndpointForm, errors: FieldErrors): Html {
  const fieldClass = (k: keyof FieldErrors) => (errors[k] ? "field field--error" : "field");
  return html`<div class="${fieldClass("url")}">
  <label for="wh-url">Endpoint URL</label>
  <input id="wh-url" name="url" type="url" required maxlength="2048" value="${values.url}" aria-describedby="wh-url-hint"${errors.url ? html` aria-invalid="true"` : ""}>
  <span id="wh-url-hint" class="hint">${errors.url ?? "An https address of your system that accepts POST requests."}</span>
</div>
<fieldset class="checks${errors.events ? " field--error" : ""}" aria-describedby="wh-events-hint">
  <legend>Events</legend>
  ${EVENT_NAMES.map(
    (e) =>
      html`<label><input type="checkbox" name="events" value="${e}"${values.events.includes(e) ? html` checked` : ""}> <span><code>${e}</code> <span class="muted">— ${EVENT_HELP[e]}</span></span></label>`,
  )}
  <span id="wh-events-hint" class="hint">${errors.events ?? "Choose at least one."}</span>
</fieldset>
<div class="${fieldClass("description")}">
  <label for="wh-description">Description <span class="muted">(optional)</span></label>
  <input id="wh-description" name="description" type="text" maxlength="500" value="${values.description}">
  ${errors.description ? html`<span class="hint">${errors.description}</span>` : ""}
</div>`;
}

export interface WebhookListView {
  subs: WebhookSubscription[];
  values: EndpointForm;
  errors: FieldErrors;
  csrf: Html;
}

export function webhookListBody({ subs, values, errors, csrf }: WebhookListView): Html {
  return html`<p>Webhooks tell your systems when documents are ready or extractions finish: the service POSTs a signed JSON body to your endpoint and retries for up to three days. See the signing details in the API documentation (webhooks).</p>
<h2>Endpoints</h2>
${
  subs.length === 0
    ? html`<p class="muted">No endpoints yet.</p>`
    : tableWrap(
        "Webhook endpoints",
        html`<table class="data">
  <thead><tr><th scope="col">URL</th><th scope="col">Events</th><th scope="col">State</th><th scope="col">Last success</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
  <tbody>${subs.map(
    (s) => html`<tr>
    <td><code>${s.url}</code>${s.description ? html`<br><span class="muted">${s.description}</span>` : ""}</td>
    <td>${s.events.map((e, i) => html`${i ? html`<br>` : ""}<code>${e}</code>`)}</td>
    <td>${stateBadge(s)}</td>
    <td>${time(s.last_success_at)}</td>
    <td><a href="${BASE}/${s.id}">Manage<span class="visually-hidden"> ${s.url}</span></a></td>
  </tr>`,
  )}</tbody>
</table>`,
      )
}
<form method="post" action="${BASE}" class="card" novalidate>
  <h2>Add an endpoint</h2>
  ${csrf}
  ${endpointFields(values, errors)}
  <p class="hint">A signing secret is created for the endpoint and shown once. At most ${MAX_SUBSCRIPTIONS_PER_ACCOUNT} endpoints per account.</p>
  <div class="actions"><button type="submit" class="button">Add endpoint</button></div>
</form>`;
}

export function secretShownBody(sub: WebhookSubscription, secret: string): Html {
  return html`${shownOnce("signing-secret", `Signing secret of ${sub.url}`, secret, "Copy it now into your receiver's configuration: it will not be shown again. Your receiver uses it to check the webhook-signature (Standard Webhooks) and X-Service-Signature headers of every delivery.")}
<p><a class="button button--secondary" href="${BASE}/${sub.id}">Done, go to the endpoint</a></p>`;
}

function deliveryRows(csrf: Html, sub: WebhookSubscription, deliveries: WebhookDelivery[]): Html {
  return html`${deliveries.map(
    (d) => html`<tr>
    <td><code>${d.event}</code>${isTest(d) ? html` <span class="badge">test</span>` : ""}</td>
    <td>${time(d.created_at)}</td>
    <td>${deliveryBadge(d)}</td>
    <td class="num">${d.attempts}</td>
    <td class="num">${d.last_status ?? "—"}</td>
    <td>${d.status === "pending" ? time(d.next_attempt_at) : html`<span class="muted">—</span>`}</td>
    <td class="nowrap"><a href="${BASE}/${sub.id}/deliveries/${d.id}">Details<span class="visually-hidden"> of the ${d.event} delivery of ${d.created_at}</span></a>
      ${redeliverForm(csrf, sub, d, "link")}</td>
  </tr>`,
  )}`;
}

function isTest(d: WebhookDelivery): boolean {
  return typeof d.payload === "object" && d.payload !== null && (d.payload as { data?: { test?: unknown } }).data?.test === true;
}

function redeliverForm(csrf: Html, sub: WebhookSubscription, d: WebhookDelivery, look: "link" | "button"): Html {
  if (!sub.active) return html``;
  return html`<form method="post" action="${BASE}/${sub.id}/deliveries/${d.id}/redeliver" class="inline-form">${csrf}<button type="submit" class="button ${look === "link" ? "button--link" : "button--secondary"}">Redeliver<span class="visually-hidden"> the ${d.event} delivery of ${d.created_at}</span></button></form>`;
}

export interface EndpointView {
  sub: WebhookSubscription;
  values: EndpointForm;
  errors: FieldErrors;
  csrf: Html;
  deliveries: WebhookDelivery[];
  /** The delivery log's page, its page count and the deliveries in all. */
  page: number;
  pages: number;
  total: number;
}

export function endpointBody({ sub, values, errors, csrf, deliveries, page, pages, total }: EndpointView): Html {
  return html`<p><a href="${BASE}">← All endpoints</a></p>
<section class="card" aria-labelledby="ep-h">
  <h2 id="ep-h"><code>${sub.url}</code></h2>
  <dl class="kv">
    <dt>State</dt><dd>${stateBadge(sub)}${sub.disabled_reason ? html` <span class="muted">${sub.disabled_reason}</span>` : ""}</dd>
    <dt>Signing secret</dt><dd><code>${sub.secret_prefix}…</code>${sub.previous_secret_expires_at ? html` <span class="muted">(the previous secret also signs until ${time(sub.previous_secret_expires_at)})</span>` : ""}</dd>
    <dt>Last success</dt><dd>${time(sub.last_success_at)}</dd>
    <dt>Failures in a row</dt><dd>${sub.consecutive_failures}</dd>
    <dt>Created</dt><dd>${time(sub.created_at)}</dd>
  </dl>
  <div class="actions">
    <form method="post" action="${BASE}/${sub.id}/test" class="inline-form">${csrf}<button type="submit" class="button"${sub.active ? "" : html` disabled aria-describedby="test-hint"`}>Send test event</button></form>
    <form method="post" action="${BASE}/${sub.id}/${sub.active ? "disable" : "enable"}" class="inline-form">${csrf}<button type="submit" class="button button--secondary">${sub.active ? "Disable" : "Enable"}</button></form>
    <a class="button button--secondary" href="${BASE}/${sub.id}/rotate">Rotate secret</a>
    <a class="button button--danger" href="${BASE}/${sub.id}/delete">Delete</a>
  </div>
  ${sub.active ? "" : html`<p id="test-hint" class="hint">Enable the endpoint to send a test event.</p>`}
</section>
<form method="post" action="${BASE}/${sub.id}" class="card" novalidate>
  <h2>Edit</h2>
  ${csrf}
  ${endpointFields(values, errors)}
  <div class="actions"><button type="submit" class="button">Save changes</button></div>
</form>
<section aria-labelledby="log-h">
  <h2 id="log-h">Delivery log</h2>
  ${
    total === 0
      ? html`<p class="muted">No deliveries yet. Send a test event to check your receiver.</p>`
      : html`${tableWrap(
          "Delivery log",
          html`<table class="data">
  <thead><tr><th scope="col">Event</th><th scope="col">Time</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Response</th><th scope="col">Next retry</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
  <tbody>${deliveryRows(csrf, sub, deliveries)}</tbody>
</table>`,
        )}
  ${
    pages > 1
      ? html`<nav class="pager" aria-label="Delivery log pages">
    ${page > 1 ? html`<a href="${BASE}/${sub.id}?page=${page - 1}">Newer</a>` : ""}
    <span>Page ${page} of ${pages} (${total} deliveries)</span>
    ${page < pages ? html`<a href="${BASE}/${sub.id}?page=${page + 1}">Older</a>` : ""}
  </nav>`
      : ""
  }`
  }
</section>`;
}

function prettyJson(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}

export function deliveryBody(sub: WebhookSubscription, d: WebhookDelivery, csrf: Html): Html {
  return html`<p><a href="${BASE}/${sub.id}">← Endpoint <code>${sub.url}</code></a></p>
<section class="card" aria-labelledby="d-h">
<h2 id="d-h"><code>${d.event}</code> ${deliveryBadge(d)}</h2>
<dl class="kv">
  <dt>Delivery id (webhook-id)</dt><dd><code>${d.id}</code></dd>
  <dt>Created</dt><dd>${time(d.created_at)}</dd>
  <dt>Attempts</dt><dd>${d.attempts}</dd>
  <dt>Next retry</dt><dd>${d.status === "pending" ? time(d.next_attempt_at) : "—"}</dd>
  <dt>Last error</dt><dd>${d.last_error ?? "—"}</dd>
</dl>
<div class="actions">${redeliverForm(csrf, sub, d, "button")}</div>
</section>
<section class="card" aria-labelledby="req-h">
<h2 id="req-h">Request</h2>
<p><code>POST ${sub.url}</code></p>
<p class="hint">Headers of every attempt: content-type: application/json, webhook-id: ${d.id}, webhook-timestamp (the attempt's time), webhook-signature, X-Service-Signature, X-Service-Event: ${d.event}. Signatures are computed per attempt and not stored.</p>
<h3>Body</h3>
<pre tabindex="0">${prettyJson(d.payload)}</pre>
</section>
<section aria-labelledby="att-h">
<h2 id="att-h">Attempts</h2>
${
  d.attempt_log.length === 0
    ? html`<p class="muted">No attempt yet.</p>`
    : d.attempt_log
        .slice()
        .reverse()
        .map(
          (a) => html`<div class="card">
<h3>Attempt ${a.attempt}: ${a.outcome.replace(/_/g, " ")}</h3>
<dl class="kv">
  <dt>Time</dt><dd>${time(a.started_at)} (${a.duration_ms} ms)</dd>
  <dt>URL</dt><dd><code>${a.url}</code></dd>
  <dt>Response status</dt><dd>${a.status_code ?? "no answer"}</dd>
  ${a.error ? html`<dt>Error</dt><dd>${a.error}</dd>` : ""}
</dl>
<h4 class="visually-hidden">Response body</h4>
${a.response_excerpt ? html`<pre tabindex="0" aria-label="Response body of attempt ${a.attempt}">${a.response_excerpt}</pre>` : html`<p class="muted">No response body.</p>`}
</div>`,
        )
}
</section>`;
}
