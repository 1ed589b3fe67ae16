/**
 * Reference data in the dashboard: a banner on every page while the sanctions list is missing, loading or
 * out of date (every validation naming a party then fails or warns), and a page for owners and admins with
 * each table's state and the commands that load or refresh it. Read-only: the commands run where the
 * service runs, so the page changes nothing (no form, no CSRF token needed); every value is escaped.
 */
import type { Hono, MiddlewareHandler } from "hono";
import { html } from "hono/html";
import type { DashboardEnv } from "./dashboard-env.ts";
import { renderPage } from "./layout.ts";
import { time } from "./page-helpers.ts";
import { readReferenceOverview, sanctionsAlert, type TableOverview } from "../reference/refresh/reference-overview.ts";
import { tableLabel } from "../runtime/config/reference-sources.ts";

export const REFERENCE_DATA_PATH = "/dashboard/settings/reference-data";

/** Sets c.var.referenceAlert for the page layout's banner (signed-in pages only). */
export function referenceAlertMiddleware(): MiddlewareHandler<DashboardEnv> {
  return async (c, next) => {
    const { db, config } = c.get("services");
    c.set("referenceAlert", sanctionsAlert(await readReferenceOverview(db, config.referenceRefresh), config.screening.lists));
    await next();
  };
}

function stateBadge(t: TableOverview) {
  if (t.loading) return html`<span class="badge badge--warn">loading</span>`;
  if (!t.loaded) return html`<span class="badge badge--error">not loaded</span>`;
  if (t.stale) return html`<span class="badge badge--warn">out of date</span>`;
  return html`<span class="badge badge--ok">current</span>`;
}

function tableRows(overview: TableOverview[]) {
  return html`<div class="table-wrap" role="region" aria-label="Reference tables" tabindex="0"><table class="data">
  <thead><tr><th scope="col">Table</th><th scope="col">State</th><th scope="col">Rows</th><th scope="col">Edition</th><th scope="col">Publisher's date</th><th scope="col">Last confirmed</th><th scope="col">Last refresh</th></tr></thead>
  <tbody>
  ${overview.map(
    (t) => html`<tr>
    <td>${tableLabel(t.table) ?? t.table}<br><code>${t.table}</code></td>
    <td>${stateBadge(t)}</td>
    <td>${t.row_count.toLocaleString("en")}</td>
    <td>${t.vintage ?? html`<span class="muted">—</span>`}</td>
    <td>${time(t.published_at)}</td>
    <td>${time(t.age_from !== "confirmation" ? (t.checked_at !== t.published_at ? t.checked_at : null) : t.checked_at)}</td>
    <td>${t.last_refresh_outcome ?? html`<span class="muted">never</span>`}${t.last_refresh_error ? html`<br><span class="finding--error">${t.last_refresh_error}</span>` : ""}</td>
  </tr>`,
  )}
  </tbody>
</table></div>`;
}

export function registerReferenceDataPage(app: Hono<DashboardEnv>): void {
  app.get(REFERENCE_DATA_PATH, async (c) => {
    const { db, config } = c.get("services");
    const overview = (await readReferenceOverview(db, config.referenceRefresh)).filter((t) => t.table !== "duty_rates");
    const missing = overview.filter((t) => !t.loaded).map((t) => t.table);
    const stale = overview.filter((t) => t.loaded && t.stale).map((t) => t.table);
    return renderPage(c, {
      title: "Reference data",
      active: "reference-data",
      body: html`<p>Validations check HS codes, ports, countries, currencies and party names against these tables. A table that is
not loaded is never a pass: an empty sanctions list fails every validation that names a party, any other empty table gives a warning.
The sanctions list counts as out of date from its own publication date, not from when it was imported.</p>
${tableRows(overview)}
<section class="card" aria-labelledby="ref-cmd-h">
  <h2 id="ref-cmd-h">Load or refresh</h2>
  <p>Run these where the service runs (with its <code>DATABASE_URL</code> for a PostgreSQL database).
  The scheduled refresh is <strong>${config.referenceRefresh.enabled ? "on" : "off"}</strong>.</p>
  <dl class="kv">
    <dt>From the publishers</dt><dd><code>npm run reference:refresh${missing.length + stale.length > 0 ? ` -- --only ${[...missing, ...stale].join(",")}` : ""}</code></dd>
    <dt>From a folder or mirror</dt><dd><code>npm run reference:import -- --dir &lt;folder&gt;</code> or <code>TDS_REFERENCE_MIRROR=&lt;url&gt; npm run reference:refresh</code></dd>
  </dl>
</section>`,
    });
  });
}
