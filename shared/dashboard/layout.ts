import type { Context } from "hono";
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { canManageSettings, type DashboardEnv } from "./dashboard-env.ts";
import { csrfField } from "./csrf.ts";
import { assetUrl } from "./assets/assets.ts";

export type NavItem =
  | "shipments"
  | "new-shipment"
  | "from-document"
  | "screening"
  | "api-keys"
  | "webhooks"
  | "members"
  | "reference-data"
  | "account";

export interface PageOptions {
  title: string;
  active: NavItem;
  body: HtmlEscapedString | Promise<HtmlEscapedString>;
  /** Shown in words at the top of the page (role="alert" for errors). */
  notice?: { kind: "error" | "ok"; text: string };
  /** Default 200. */
  status?: number;
  /** Extra script URLs (same origin), e.g. "/dashboard/shipments/assets/form.js". */
  scripts?: string[];
}

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

const NAV: { item: NavItem; href: string; label: string; settings?: true }[] = [
  { item: "shipments", href: "/dashboard/shipments", label: "Shipments" },
  { item: "new-shipment", href: "/dashboard/shipments/new", label: "New shipment" },
  { item: "from-document", href: "/dashboard/from-document", label: "From a document" },
  { item: "screening", href: "/dashboard/screening", label: "Screening" },
  { item: "api-keys", href: "/dashboard/settings/api-keys", label: "API keys", settings: true },
  { item: "webhooks", href: "/dashboard/settings/webhooks", label: "Webhooks", settings: true },
  { item: "members", href: "/dashboard/settings/members", label: "Members", settings: true },
  { item: "reference-data", href: "/dashboard/settings/reference-data", label: "Reference data", settings: true },
  { item: "account", href: "/dashboard/account", label: "Account" },
];

export function noticeBlock(notice: PageOptions["notice"]): Html {
  if (!notice) return html``;
  return notice.kind === "error"
    ? html`<div class="notice notice--error" role="alert"><strong>Error:</strong> ${notice.text}</div>`
    : html`<div class="notice notice--ok" role="status">${notice.text}</div>`;
}

/** While the sanctions list is missing or out of date: on every signed-in page, above the title. */
function referenceBanner(c: Context<DashboardEnv>): Html {
  const alert = c.get("referenceAlert");
  if (!alert) return html``;
  const more = canManageSettings(c.get("member").role)
    ? html` <a href="/dashboard/settings/reference-data">Reference data</a>`
    : html` Tell an owner or admin of the account.`;
  return html`<div class="notice notice--warn" role="alert"><strong>Sanctions screening:</strong> ${alert}${more}</div>`;
}

function documentShell(title: string, inner: Html, scripts: string[]): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · Trade Document Service</title>
<link rel="stylesheet" href="${assetUrl("app.css")}">
<script src="${assetUrl("app.js")}" defer></script>
${scripts.map((s) => html`<script src="${s}" defer></script>`)}
</head>
<body>
${inner}
</body>
</html>`;
}

function finish(c: Context<DashboardEnv>, page: Html, status: number): Promise<Response> {
  // Pages carry account data: never cached (invitation tokens are in URLs: only same-origin referrers).
  c.header("cache-control", "no-store");
  return Promise.resolve(page).then((body) => c.html(body, status as 200));
}

/** A page of the signed-in dashboard: header, navigation (settings only for owners/admins), main. */
export function renderPage(c: Context<DashboardEnv>, opts: PageOptions): Promise<Response> {
  const member = c.get("member");
  const nav = NAV.filter((n) => !n.settings || canManageSettings(member.role));
  const inner = html`<a class="skip-link" href="#main">Skip to content</a>
<header class="topbar">
  <a class="brand" href="/dashboard">Trade Document Service</a>
  <div class="who">
    <span class="who__email">${member.email}</span> <span class="badge">${member.role}</span>
    <form method="post" action="/dashboard/sign-out" class="inline-form">${csrfField(c)}<button type="submit" class="button button--link">Sign out</button></form>
  </div>
</header>
<div class="frame">
  <nav class="sidenav" aria-label="Dashboard">
    <ul>
      ${nav.map((n) => html`<li><a href="${n.href}"${n.item === opts.active ? html` aria-current="page"` : ""}>${n.label}</a></li>`)}
    </ul>
  </nav>
  <main id="main" tabindex="-1">
    ${referenceBanner(c)}
    <h1>${opts.title}</h1>
    ${noticeBlock(opts.notice)}
    ${opts.body}
  </main>
</div>`;
  return finish(c, documentShell(opts.title, inner, opts.scripts ?? []), opts.status ?? 200);
}

/** A page without a signed-in member: sign-in, invitation acceptance, errors before sign-in. */
export function renderBarePage(
  c: Context<DashboardEnv>,
  opts: { title: string; body: Html; notice?: PageOptions["notice"]; status?: number },
): Promise<Response> {
  const inner = html`<a class="skip-link" href="#main">Skip to content</a>
<header class="topbar"><span class="brand">Trade Document Service</span></header>
<main id="main" class="narrow" tabindex="-1">
  <h1>${opts.title}</h1>
  ${noticeBlock(opts.notice)}
  ${opts.body}
</main>`;
  return finish(c, documentShell(opts.title, inner, []), opts.status ?? 200);
}
