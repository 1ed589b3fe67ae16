import type { Hono } from "hono";
import { html } from "hono/html";
import type { DashboardEnv } from "./dashboard-env.ts";
import { renderPage } from "./layout.ts";
import { formatTime } from "./page-helpers.ts";
import { readAccountUsage } from "../account-management/account-usage.ts";
import { AppError } from "../errors/app-error.ts";
import { ACCOUNT_MANAGEMENT_ERRORS } from "../account-management/account-management-errors.ts";

const TIER_NAMES: Record<string, string> = { free: "Free", starter: "Starter", growth: "Growth", scale: "Scale" };

/** Account: tier, this month's usage against the limits, generation counts (every member may look). */
export function registerAccountPage(app: Hono<DashboardEnv>): void {
  app.get("/dashboard/account", async (c) => {
    const u = await readAccountUsage(c.get("services").db, c.get("member").accountId);
    if (!u) throw new AppError(ACCOUNT_MANAGEMENT_ERRORS.SVC_ACCT_001, "The account of this sign-in no longer exists.");
    const limit = u.limits.shipmentsPerMonth;
    const month = new Date(u.monthStartedAt).toLocaleString("en", { month: "long", year: "numeric", timeZone: "UTC" });
    const statuses = Object.entries(u.shipmentsByStatus);
    return renderPage(c, {
      title: "Account",
      active: "account",
      body: html`<div class="grid-2">
<section class="card" aria-labelledby="acct-h">
  <h2 id="acct-h">${u.account.name}</h2>
  <dl class="kv">
    <dt>Tier</dt><dd><span class="badge">${TIER_NAMES[u.account.tier] ?? u.account.tier}</span></dd>
    <dt>Account id</dt><dd><code>${u.account.id}</code></dd>
    <dt>Created</dt><dd>${formatTime(u.account.created_at)}</dd>
    <dt>Your role</dt><dd>${c.get("member").role}</dd>
  </dl>
</section>
<section class="card" aria-labelledby="usage-h">
  <h2 id="usage-h">Usage in ${month}</h2>
  <p class="muted">Counted from ${formatTime(u.monthStartedAt)}; the count starts again on the first day of each month (UTC).</p>
  <dl class="kv">
    <dt>Shipments created</dt>
    <dd>${u.shipmentsThisMonth} of ${limit === null ? "unlimited" : limit}
      ${
        limit === null
          ? ""
          : html`<br><meter min="0" max="${limit}" low="${Math.max(1, limit - 1)}" high="${limit}" optimum="0" value="${Math.min(u.shipmentsThisMonth, limit)}" aria-label="Shipments used this month">${u.shipmentsThisMonth} of ${limit}</meter>`
      }
      ${limit !== null && u.shipmentsThisMonth >= limit ? html`<br><span class="badge badge--error">limit reached: new shipments are refused until next month</span>` : ""}
    </dd>
    <dt>Generations</dt><dd>${u.generationsThisMonth} document generation${u.generationsThisMonth === 1 ? "" : "s"}</dd>
    <dt>Documents</dt><dd>${u.documentsThisMonth.completed} ready, ${u.documentsThisMonth.failed} failed, ${u.documentsThisMonth.pending} in progress</dd>
  </dl>
</section>
</div>
<section class="card" aria-labelledby="limits-h">
  <h2 id="limits-h">Limits of the ${TIER_NAMES[u.account.tier] ?? u.account.tier} tier</h2>
  <dl class="kv">
    <dt>Shipments a month</dt><dd>${limit === null ? "unlimited" : limit}</dd>
    <dt>Generations per shipment</dt><dd>${u.limits.maxGenerationsPerShipment}</dd>
    <dt>Shipments at their generation limit</dt><dd>${u.shipmentsAtGenerationLimit}</dd>
  </dl>
  <p class="hint">The tier is changed by the service's operator.</p>
</section>
<section class="card" aria-labelledby="ship-h">
  <h2 id="ship-h">Shipments by status</h2>
  ${
    statuses.length === 0
      ? html`<p class="muted">No shipments yet.</p>`
      : html`<dl class="kv">${statuses.map(([s, n]) => html`<dt>${s.replace(/_/g, " ")}</dt><dd>${n}</dd>`)}</dl>`
  }
</section>`,
    });
  });
}
