import type { Context, Hono } from "hono";
import { html } from "hono/html";
import type { DashboardEnv } from "../dashboard-env.ts";
import { csrfField } from "../csrf.ts";
import { renderPage, type PageOptions } from "../layout.ts";
import { confirmCard, noticeFrom, readForm, redirectWithNotice, shownOnce, tableWrap, time, type Html } from "../page-helpers.ts";
import {
  API_KEY_NAME_MAX,
  apiKeyNameProblem,
  createApiKey,
  findApiKey,
  listApiKeys,
  revokeApiKey,
  type ApiKeyRecord,
} from "../../accounts/api-key-service.ts";
import { AppError } from "../../errors/app-error.ts";
import { ACCOUNT_MANAGEMENT_ERRORS } from "../../account-management/account-management-errors.ts";

const BASE = "/dashboard/settings/api-keys";
const NOTICES = { revoked: "The key is revoked. Requests with it are refused from now on." };

function createForm(c: Context<DashboardEnv>, name = "", error?: string): Html {
  return html`<form method="post" action="${BASE}" class="card" novalidate>
  <h2>Create a key</h2>
  ${csrfField(c)}
  <div class="field${error ? " field--error" : ""}">
    <label for="key-name">Name</label>
    <input id="key-name" name="name" type="text" maxlength="${API_KEY_NAME_MAX}" required value="${name}" aria-describedby="key-name-hint"${error ? html` aria-invalid="true"` : ""}>
    <span id="key-name-hint" class="hint">${error ?? "Say where the key is used, for example “ERP production”."}</span>
  </div>
  <div class="actions"><button type="submit" class="button">Create key</button></div>
</form>`;
}

function keyTable(keys: ApiKeyRecord[]): Html {
  if (keys.length === 0) return html`<p class="muted">No API keys yet.</p>`;
  return tableWrap(
    "API keys",
    html`<table class="data">
  <thead><tr><th scope="col">Name</th><th scope="col">Prefix</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">State</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
  <tbody>
  ${keys.map(
    (k) => html`<tr>
    <td>${k.name}</td>
    <td><code>${k.prefix}…</code></td>
    <td>${time(k.created_at)}</td>
    <td>${time(k.last_used_at)}</td>
    <td>${k.revoked_at ? html`<span class="badge badge--error">revoked</span> ${time(k.revoked_at)}` : html`<span class="badge badge--ok">active</span>`}</td>
    <td>${k.revoked_at ? "" : html`<a href="${BASE}/${k.id}/revoke">Revoke<span class="visually-hidden"> ${k.name}</span></a>`}</td>
  </tr>`,
  )}
  </tbody>
</table>`,
  );
}

async function listPage(c: Context<DashboardEnv>, extra: Partial<PageOptions> & { name?: string; error?: string } = {}): Promise<Response> {
  const keys = await listApiKeys(c.get("services").db, c.get("member").accountId);
  return renderPage(c, {
    title: "API keys",
    active: "api-keys",
    notice: extra.notice ?? noticeFrom(c, NOTICES),
    status: extra.status,
    body: html`<p>API keys let your systems call the REST API (<code>Authorization: Bearer &lt;key&gt;</code>). A key is shown once, when it is created; the service keeps only a hash.</p>
${createForm(c, extra.name, extra.error)}
<h2>Keys of this account</h2>
${keyTable(keys)}`,
  });
}

async function findKey(c: Context<DashboardEnv>, id: string): Promise<ApiKeyRecord> {
  const key = await findApiKey(c.get("services").db, c.get("member").accountId, id);
  if (!key) throw new AppError(ACCOUNT_MANAGEMENT_ERRORS.SVC_KEY_001, "There is no such API key in this account.");
  return key;
}

/** Settings > API Keys: create (shown once), list, revoke with a confirmation page. */
export function registerApiKeyPages(app: Hono<DashboardEnv>): void {
  app.get(BASE, (c) => listPage(c));

  app.post(BASE, async (c) => {
    const name = (await readForm(c)).get("name").trim();
    const problem = apiKeyNameProblem(name);
    if (problem === "missing")
      return listPage(c, {
        status: 400,
        name,
        error: "Enter a name for the key.",
        notice: { kind: "error", text: "The key needs a name." },
      });
    if (problem === "too_long")
      return listPage(c, {
        status: 400,
        name,
        error: `At most ${API_KEY_NAME_MAX} characters.`,
        notice: { kind: "error", text: `The name is longer than ${API_KEY_NAME_MAX} characters.` },
      });
    const key = await createApiKey(c.get("services").db, c.get("member").accountId, name);
    return renderPage(c, {
      title: "API key created",
      active: "api-keys",
      status: 201,
      notice: { kind: "ok", text: `The key “${key.name}” is created.` },
      body: html`${shownOnce("new-key", "Your new API key", key.api_key, "Copy it now and keep it somewhere safe: it will not be shown again. If you lose it, create a new key and revoke this one.")}
<p><a class="button button--secondary" href="${BASE}">Done, back to API keys</a></p>`,
    });
  });

  app.get(`${BASE}/:id/revoke`, async (c) => {
    const key = await findKey(c, c.req.param("id"));
    if (key.revoked_at) return redirectWithNotice(c, BASE);
    return renderPage(c, {
      title: "Revoke API key",
      active: "api-keys",
      body: confirmCard(c, {
        text: html`Revoke the key <strong>${key.name}</strong> (<code>${key.prefix}…</code>)? Every request that uses it is refused from the moment you confirm. This cannot be undone.`,
        action: `${BASE}/${key.id}/revoke`,
        button: "Revoke key",
        cancel: BASE,
      }),
    });
  });

  app.post(`${BASE}/:id/revoke`, async (c) => {
    const key = await revokeApiKey(c.get("services").db, c.get("member").accountId, c.req.param("id"));
    if (!key) throw new AppError(ACCOUNT_MANAGEMENT_ERRORS.SVC_KEY_001, "There is no such API key in this account.");
    return redirectWithNotice(c, BASE, "revoked");
  });
}
