import type { Context } from "hono";
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { DashboardEnv } from "./dashboard-env.ts";
import { csrfField } from "./csrf.ts";

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** "2026-11-24 10:23 UTC": one unambiguous format on every page. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "—";
  return `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** Previous and next links under a list of `pages` pages (`href` gives a page's address); nothing for one page. */
export function pager(page: number, pages: number, href: (page: number) => string): Html | "" {
  if (pages <= 1) return "";
  return html`<nav class="pager" aria-label="Pages">
  ${page > 1 ? html`<a class="button button--secondary" href="${href(page - 1)}" rel="prev">Previous page</a>` : ""}
  <span>Page ${page} of ${pages}</span>
  ${page < pages ? html`<a class="button button--secondary" href="${href(page + 1)}" rel="next">Next page</a>` : ""}
</nav>`;
}

/** A <time> element: machine-readable, shown in UTC. */
export function time(iso: string | null | undefined): Html {
  return iso ? html`<time datetime="${iso}" class="nowrap">${formatTime(iso)}</time>` : html`<span class="muted">—</span>`;
}

/** The form fields of a POST as strings (checkbox groups as arrays); files are ignored. */
export async function readForm(c: Context<DashboardEnv>): Promise<{ get(name: string): string; all(name: string): string[] }> {
  const type = c.req.header("content-type") ?? "";
  const body =
    type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")
      ? await c.req.parseBody({ all: true })
      : {};
  const list = (name: string): string[] => {
    const v = body[name];
    const arr = Array.isArray(v) ? v : v === undefined ? [] : [v];
    return arr.filter((x): x is string => typeof x === "string");
  };
  return { get: (name) => list(name)[0] ?? "", all: list };
}

/** Post/Redirect/Get: 303 to a page of the dashboard with a notice key it knows (never free text). */
export function redirectWithNotice(c: Context<DashboardEnv>, path: string, notice?: string): Response {
  const url = notice ? `${path}${path.includes("?") ? "&" : "?"}done=${encodeURIComponent(notice)}` : path;
  return c.redirect(url, 303);
}

/** The notice of a redirect (?done=key), looked up in the page's own table of texts. */
export function noticeFrom(c: Context<DashboardEnv>, texts: Record<string, string>): { kind: "ok"; text: string } | undefined {
  const key = c.req.query("done");
  return key && Object.hasOwn(texts, key) ? { kind: "ok", text: texts[key] } : undefined;
}

/** A value shown once (API key, signing secret, invitation address) with a copy button and a warning. */
export function shownOnce(id: string, label: string, value: string, warning: string): Html {
  return html`<div class="card">
  <p><strong>${label}</strong></p>
  <div class="secret"><code id="${id}">${value}</code><button type="button" class="button button--secondary copy" data-copy-target="${id}" hidden>Copy</button></div>
  <p role="note"><strong>${warning}</strong></p>
</div>`;
}

/** A wide table that scrolls inside its own focusable box on narrow screens (not the whole page). */
export function tableWrap(label: string, table: Html): Html {
  return html`<div class="table-wrap" role="region" aria-label="${label}" tabindex="0">${table}</div>`;
}

/** Where the sign-in page may send the person back to: only dashboard pages of this site. */
export function safeNext(next: string | undefined): string {
  if (!next || !next.startsWith("/dashboard") || next.startsWith("//") || /[\\\s]/.test(next)) return "/dashboard";
  return next;
}

/** The client address for throttling: the gateway (local) or Supabase's proxy sets x-forwarded-for. */
export function clientAddress(c: Context): string {
  return c.req.header("x-forwarded-for")?.split(",")[0]?.trim().slice(0, 100) || "unknown";
}

/** The card of a confirmation page: the question, a danger button that posts to `action`, and Cancel. */
export function confirmCard(c: Context<DashboardEnv>, q: { text: Html; action: string; button: string; cancel: string }): Html {
  return html`<div class="card">
  <p>${q.text}</p>
  <form method="post" action="${q.action}" class="actions">
    ${csrfField(c)}
    <button type="submit" class="button button--danger">${q.button}</button>
    <a class="button button--secondary" href="${q.cancel}">Cancel</a>
  </form>
</div>`;
}
