import { Hono, type Context, type MiddlewareHandler } from "hono";
import { html } from "hono/html";
import { AppError } from "../errors/app-error.ts";
import { withRequestId } from "../http/request-id.ts";
import { requestServices } from "../http/request-services.ts";
import { refuseNulInUrl } from "../http/url-input.ts";
import { refuseNulInForm } from "../http/read-multipart-form.ts";
import { canManageSettings, type DashboardEnv } from "./dashboard-env.ts";
import { CsrfRefused, csrfProtection } from "./csrf.ts";
import { renderBarePage, renderPage, type NavItem } from "./layout.ts";
import { assetResponse, CORE_ASSETS } from "./assets/assets.ts";
import { registerAuthPages, registerSignOut, requireSession } from "./auth-pages.ts";
import { registerApiKeyPages } from "./settings/api-keys-pages.ts";
import { registerWebhookPages } from "./settings/webhooks-pages.ts";
import { registerMemberPages } from "./settings/members-pages.ts";
import { registerAccountPage } from "./account-page.ts";
import { registerShipmentPages } from "./shipments/register-shipment-pages.ts";
import { referenceAlertMiddleware, registerReferenceDataPage } from "./reference-data-page.ts";
import { registerScreeningPages } from "./screening/reviews-pages.ts";

/** The strict policy of every dashboard answer: our own scripts and styles only, nothing inline. */
export const DASHBOARD_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function activeFor(path: string): NavItem {
  if (path.includes("/settings/api-keys")) return "api-keys";
  if (path.includes("/settings/webhooks")) return "webhooks";
  if (path.includes("/settings/members")) return "members";
  if (path.includes("/settings/reference-data")) return "reference-data";
  if (path.includes("/account")) return "account";
  if (path.includes("/from-document")) return "from-document";
  if (path.startsWith("/dashboard/screening")) return "screening";
  return "shipments";
}

/** Errors become pages that say what happened in words (never a blank screen or a JSON envelope). */
export function errorPage(c: Context<DashboardEnv>, status: number, title: string, text: string): Promise<Response> {
  const body = html`<p><a href="/dashboard">Back to the dashboard</a></p>`;
  const notice = { kind: "error" as const, text };
  if (c.get("member")) return renderPage(c, { title, active: activeFor(new URL(c.req.url).pathname), status, notice, body });
  return renderBarePage(c, { title, status, notice, body });
}

/** The page a member (role member) gets for Settings and Members. */
export function notAllowedPage(c: Context<DashboardEnv>): Promise<Response> {
  return errorPage(
    c,
    403,
    "Not allowed",
    "Only owners and admins of the account can open this page. Ask one of them if you need a change here.",
  );
}

/** A posted form (parsed once: Hono caches it for the handler) with a NUL anywhere is a 400 page (read-multipart-form.ts). */
const refuseNulInPostedForm: MiddlewareHandler<DashboardEnv> = async (c, next) => {
  const type = c.req.header("content-type") ?? "";
  if (c.req.method === "POST" && (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data"))) {
    const form = new FormData();
    for (const [name, value] of Object.entries(await c.req.parseBody({ all: true }))) {
      for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
    }
    refuseNulInForm(form);
  }
  await next();
};

/** The dashboard (the `dashboard` edge function; the local gateway sends /dashboard/* here). */
export function createDashboardApp(): Hono<DashboardEnv> {
  const app = new Hono<DashboardEnv>();
  app.use("*", withRequestId());
  app.use("*", async (c, next) => {
    c.set("services", await requestServices());
    refuseNulInUrl(c.req.url);
    await next();
    c.header("content-security-policy", DASHBOARD_CSP);
    c.header("x-content-type-options", "nosniff");
    // same-origin, not no-referrer: with no-referrer browsers send "Origin: null" on form posts, which the CSRF check refuses.
    c.header("referrer-policy", "same-origin");
    c.header("x-frame-options", "DENY");
    c.header("cross-origin-opener-policy", "same-origin");
    c.header("permissions-policy", "camera=(), microphone=(), geolocation=()");
  });
  app.onError((err, c) => {
    if (err instanceof CsrfRefused) {
      return errorPage(
        c,
        403,
        "Form not accepted",
        "The form was not accepted because it did not carry this page's security token (it may be too old, or sent from another site). Go back, reload the page and try again.",
      );
    }
    if (err instanceof AppError) {
      const title = err.status === 404 ? "Not found" : err.status === 403 ? "Not allowed" : "Something went wrong";
      return errorPage(c, err.status, title, err.message);
    }
    console.error(`[${c.get("requestId")}] dashboard error on ${c.req.method} ${new URL(c.req.url).pathname}:`, err);
    return errorPage(
      c,
      500,
      "Something went wrong",
      `The service hit an unexpected error. Try again; if it keeps happening, report it with the request id ${c.get("requestId")}.`,
    );
  });
  app.notFound((c) => errorPage(c, 404, "Not found", "There is no such page, or it belongs to another account."));

  app.get("/dashboard/assets/:file", (c) => assetResponse(CORE_ASSETS[c.req.param("file")], c.req.header("if-none-match")));

  app.use("/dashboard/*", csrfProtection());
  app.use("/dashboard", csrfProtection());
  app.use("/dashboard/*", refuseNulInPostedForm);
  registerAuthPages(app);

  app.use("/dashboard/*", requireSession());
  app.use("/dashboard", requireSession());
  app.use("/dashboard/*", referenceAlertMiddleware());
  registerSignOut(app);
  app.use("/dashboard/settings/*", async (c, next) => {
    if (!canManageSettings(c.get("member").role)) return notAllowedPage(c);
    await next();
  });
  registerApiKeyPages(app);
  registerWebhookPages(app);
  registerMemberPages(app);
  registerReferenceDataPage(app);
  registerAccountPage(app);
  registerScreeningPages(app);
  registerShipmentPages(app);
  // The home page is the shipments list (the shipments pages may register /dashboard themselves first).
  app.get("/dashboard", (c) => c.redirect("/dashboard/shipments", 303));
  app.get("/dashboard/", (c) => c.redirect("/dashboard/shipments", 303));
  app.get("/dashboard/settings", (c) => c.redirect("/dashboard/settings/api-keys", 303));
  return app;
}
