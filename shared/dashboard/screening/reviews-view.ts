/** The screening page's parts: the decision form, the filters, the trail of decisions, monitoring matches. Pure; every value escaped by hono/html. */
import type { Context } from "hono";
import { html } from "hono/html";
import type { DashboardEnv } from "../dashboard-env.ts";
import { csrfField } from "../csrf.ts";
import { pager, tableWrap, time, type Html } from "../page-helpers.ts";
import { REVIEW_DECISIONS, type ScreeningReview } from "../../screening/reviews/review-types.ts";
import type { MonitorMatch } from "../../screening/monitoring/monitor-repository.ts";

export const SCREENING_PATH = "/dashboard/screening";
export const PAGE_SIZE = 20;

export interface DecisionForm {
  party_name: string;
  list: string;
  entry_id: string;
  decision: string;
  reason: string;
}
export type DecisionErrors = Partial<Record<keyof DecisionForm, string>>;

export interface ReviewFilters {
  party?: string;
  list?: string;
  decision?: (typeof REVIEW_DECISIONS)[number];
  page: number;
}

/** Query string → filters; anything unknown is ignored (a page never fails on a bad link). */
export function parseFilters(q: Record<string, string | undefined>): ReviewFilters {
  const text = (v: string | undefined, max: number) => (v ?? "").trim().slice(0, max) || undefined;
  return {
    party: text(q.party, 300),
    list: text(q.list, 100),
    decision: REVIEW_DECISIONS.find((d) => d === q.decision),
    page: Math.min(100000, Math.max(1, Math.trunc(Number(q.page)) || 1)),
  };
}

function filtersHref(f: ReviewFilters, page: number): string {
  const p = new URLSearchParams();
  if (f.party) p.set("party", f.party);
  if (f.list) p.set("list", f.list);
  if (f.decision) p.set("decision", f.decision);
  if (page > 1) p.set("page", String(page));
  const s = p.toString();
  return `${SCREENING_PATH}${s ? `?${s}` : ""}`;
}

function textField(id: string, name: keyof DecisionForm, label: string, value: string, max: number, hint: string, error?: string): Html {
  return html`<div class="field${error ? " field--error" : ""}">
  <label for="${id}">${label}</label>
  <input id="${id}" name="${name}" type="text" maxlength="${max}" required value="${value}" aria-describedby="${id}-hint"${error ? html` aria-invalid="true"` : ""}>
  <span id="${id}-hint" class="hint">${error ?? hint}</span>
</div>`;
}

export function decisionForm(c: Context<DashboardEnv>, v: DecisionForm, errors: DecisionErrors = {}): Html {
  return html`<form method="post" action="${SCREENING_PATH}/reviews" class="card" novalidate>
  <h2>Record a decision</h2>
  ${csrfField(c)}
  <p>Take the party name, list and entry id from the finding (its <code>context</code> on the shipment's validation). A decision is
  kept for good: a later one on the same party and entry supersedes it, and both stay in the trail below.</p>
  ${textField("rv-party", "party_name", "Party name", v.party_name, 300, "Exactly as the shipment gives it.", errors.party_name)}
  ${textField("rv-list", "list", "List", v.list, 100, "As the finding names it, for example “OFAC SDN”.", errors.list)}
  ${textField("rv-entry", "entry_id", "Entry id", v.entry_id, 100, "The entry's id on that list.", errors.entry_id)}
  <fieldset class="checks${errors.decision ? " field--error" : ""}" aria-describedby="rv-decision-hint">
    <legend>Decision</legend>
    <label><input type="radio" name="decision" value="cleared"${v.decision === "cleared" ? html` checked` : ""}> <span>Cleared <span class="muted">— not the listed party</span></span></label>
    <label><input type="radio" name="decision" value="confirmed"${v.decision === "confirmed" ? html` checked` : ""}> <span>Confirmed <span class="muted">— the listed party: the finding stays an error</span></span></label>
    <span id="rv-decision-hint" class="hint">${errors.decision ?? "A clearance lasts while the entry is unchanged, for a limited time."}</span>
  </fieldset>
  <div class="field${errors.reason ? " field--error" : ""}">
    <label for="rv-reason">Reason</label>
    <textarea id="rv-reason" name="reason" rows="3" maxlength="2000" required aria-describedby="rv-reason-hint"${errors.reason ? html` aria-invalid="true"` : ""}>${v.reason}</textarea>
    <span id="rv-reason-hint" class="hint">${errors.reason ?? "The evidence: addresses, registration numbers, dates of birth compared."}</span>
  </div>
  <div class="actions"><button type="submit" class="button">Record decision</button></div>
</form>`;
}

function filterForm(f: ReviewFilters): Html {
  return html`<form method="get" action="${SCREENING_PATH}" class="card filters" role="search">
  <div class="filter-grid">
    <div class="field"><label for="rf-party">Show party</label><input type="search" id="rf-party" name="party" value="${f.party ?? ""}" maxlength="300"></div>
    <div class="field"><label for="rf-list">Show list</label><input type="search" id="rf-list" name="list" value="${f.list ?? ""}" maxlength="100"></div>
    <div class="field"><label for="rf-decision">Show decision</label>
      <select id="rf-decision" name="decision"><option value="">Any decision</option>
      ${REVIEW_DECISIONS.map((d) => html`<option value="${d}"${f.decision === d ? html` selected` : ""}>${d}</option>`)}</select></div>
  </div>
  <div class="actions"><button type="submit" class="button">Show decisions</button>
  ${f.party || f.list || f.decision ? html`<a href="${SCREENING_PATH}">Clear filters</a>` : ""}</div>
</form>`;
}

const badge = (d: string) => html`<span class="badge ${d === "cleared" ? "badge--ok" : "badge--error"}">${d}</span>`;

export function reviewTrail(f: ReviewFilters, reviews: ScreeningReview[], total: number): Html {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return html`${filterForm(f)}
<p class="muted" role="status">${total} decision${total === 1 ? "" : "s"}${pages > 1 ? `, page ${f.page} of ${pages}` : ""}.</p>
${
  reviews.length === 0
    ? html`<p class="muted">No decisions ${f.party || f.list || f.decision ? "match these filters" : "yet"}.</p>`
    : tableWrap(
        "Screening decisions",
        html`<table class="data">
  <thead><tr><th scope="col">When</th><th scope="col">Party</th><th scope="col">List and entry</th><th scope="col">Decision</th><th scope="col">Reason</th><th scope="col">By</th><th scope="col">Entry hash</th></tr></thead>
  <tbody>
  ${reviews.map(
    (r) => html`<tr>
    <td>${time(r.created_at)}</td>
    <td>${r.party_name}</td>
    <td>${r.list}<br><code>${r.entry_id}</code></td>
    <td>${badge(r.decision)}</td>
    <td>${r.reason}</td>
    <td>${r.decided_by.label}</td>
    <td><code title="${r.entry_hash}">${r.entry_hash.slice(0, 12)}…</code></td>
  </tr>`,
  )}
  </tbody></table>`,
      )
}
${pager(f.page, pages, (p) => filtersHref(f, p))}`;
}

function subject(m: MonitorMatch): Html {
  return m.subject_kind === "party"
    ? html`Saved party <code>${m.subject_id}</code>`
    : html`<a href="/dashboard/shipments/${m.subject_id}">Shipment</a> (${m.party_role ?? "party"})`;
}

export function monitorMatches(matches: MonitorMatch[]): Html {
  return html`<section aria-labelledby="mon-h">
<h2 id="mon-h">New matches from list changes</h2>
<p>After a list refresh that adds or changes entries, saved parties and the parties of recent shipments are screened again against
those entries; each new match is listed here and sent as the <code>screening.match</code> webhook event.</p>
${
  matches.length === 0
    ? html`<p class="muted">No new matches.</p>`
    : tableWrap(
        "New matches from list changes",
        html`<table class="data">
  <thead><tr><th scope="col">Found</th><th scope="col">Party</th><th scope="col">Where</th><th scope="col">List and entry</th><th scope="col">Effect</th><th scope="col">Listed name</th></tr></thead>
  <tbody>
  ${matches.map(
    (m) => html`<tr>
    <td>${time(m.created_at)}</td>
    <td>${m.party_name}</td>
    <td>${subject(m)}</td>
    <td>${m.list}<br><code>${m.entry_id}</code></td>
    <td><span class="badge ${m.severity === "error" ? "badge--error" : "badge--warn"}">${m.effect ?? m.severity}</span></td>
    <td>${m.entry_name}${m.matched_name !== m.entry_name ? html`<br><span class="muted">as “${m.matched_name}”</span>` : ""} <span class="muted">(${m.score})</span></td>
  </tr>`,
  )}
  </tbody></table>`,
      )
}
</section>`;
}
