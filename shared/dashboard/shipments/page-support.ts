/** What every shipments handler needs: the member's principal, errors in words, notices after redirects. */
import type { Context } from "hono";
import { html } from "hono/html";
import type { DashboardEnv } from "../dashboard-env.ts";
import { renderPage, type NavItem } from "../layout.ts";
import { AppError } from "../../errors/app-error.ts";
import { findAccount, type KeyPrincipal } from "../../accounts/account-repository.ts";
import { PLATFORM_ERRORS } from "../../errors/platform-errors.ts";
import { SHIPMENTS_ERRORS } from "../../shipments/shipments-errors.ts";

export type Ctx = Context<DashboardEnv>;

/**
 * The services take a KeyPrincipal (account, tier, and who created a record). A dashboard member acts
 * for its account with the account's tier; records it creates say `member:<id>` in created_by.
 */
export async function memberPrincipal(c: Ctx): Promise<KeyPrincipal> {
  const member = c.get("member");
  const account = await findAccount(c.get("services").db, member.accountId);
  if (!account) throw new AppError(PLATFORM_ERRORS.SVC_AUTH_001, "Your account no longer exists; sign in again");
  return { accountId: member.accountId, keyId: `member:${member.id}`, tier: account.tier };
}

/** Fixed texts for ?notice=… after a redirect (never text from the address itself). */
export const NOTICES: Record<string, { kind: "ok" | "error"; text: string }> = {
  created: { kind: "ok", text: "Shipment saved." },
  draft_saved: { kind: "ok", text: "Draft saved." },
  promoted: { kind: "ok", text: "Draft saved as a shipment: it can now be validated and its documents generated." },
  saved: { kind: "ok", text: "Changes saved. Validate again before generating documents." },
  unchanged: { kind: "ok", text: "Saved; nothing had changed." },
  validated_ok: { kind: "ok", text: "Validation passed: no error rule failed." },
  validated_failed: { kind: "error", text: "Validation failed: the fields with errors are marked below." },
  generating: { kind: "ok", text: "Generation started: the documents appear below as they are ready." },
  flattened: { kind: "ok", text: "PDF/A-3b copy made: download it beside the original." },
  revoked: {
    kind: "ok",
    text: "Credential revoked: verifiers now see this document's credential as revoked. Its hash stays verifiable.",
  },
};

export function noticeFrom(c: Ctx): { kind: "ok" | "error"; text: string } | undefined {
  return NOTICES[c.req.query("notice") ?? ""];
}

/** A file the member downloads: private, never cached, its type not sniffed. */
export function download(c: Ctx, body: string | Uint8Array<ArrayBuffer>, contentType: string, fileName: string): Response {
  return c.body(body, 200, {
    "content-type": contentType,
    "content-disposition": `attachment; filename="${fileName}"`,
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
  });
}

export function statusOf(e: AppError): number {
  return e.status;
}

/** An AppError as a page (not found, refused, …) in words; anything else is logged and said plainly. */
export function errorPage(c: Ctx, e: unknown, active: NavItem = "shipments"): Promise<Response> {
  if (e instanceof AppError) {
    const status = statusOf(e);
    const title = status === 404 ? "Not found" : "Something needs attention";
    return renderPage(c, {
      title,
      active,
      status,
      notice: { kind: "error", text: `${e.message} (${e.code})` },
      body: html`<p><a href="/dashboard/shipments">Back to the shipments</a></p>`,
    });
  }
  console.error(`dashboard shipments: ${c.req.method} ${new URL(c.req.url).pathname} failed:`, e);
  return renderPage(c, {
    title: "Something went wrong",
    active,
    status: 500,
    notice: {
      kind: "error",
      text: `The page could not be prepared because of an unexpected error (request ${c.get("requestId") ?? "unknown"}). Nothing was changed by opening it; try again, and tell the service operator if it keeps happening.`,
    },
    body: html`<p><a href="/dashboard/shipments">Back to the shipments</a></p>`,
  });
}

export function shipmentNotFound(id: string): AppError {
  return new AppError(SHIPMENTS_ERRORS.SVC_SHIP_004, "Shipment not found", { details: { shipment_id: id } });
}

/** Wraps a handler so every failure becomes a page in words, never a blank screen. */
export function page(handler: (c: Ctx) => Promise<Response>, active: NavItem = "shipments") {
  return async (c: Ctx) => {
    try {
      return await handler(c);
    } catch (e) {
      return errorPage(c, e, active);
    }
  };
}

export type Body = Record<string, string | File | (string | File)[]>;

export function one(body: Body, name: string): string {
  const v = body[name];
  const s = Array.isArray(v) ? v[v.length - 1] : v;
  return typeof s === "string" ? s.trim() : "";
}

export function all(body: Body, name: string): string[] {
  const v = body[name];
  return (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x): x is string => typeof x === "string");
}
