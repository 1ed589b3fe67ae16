import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { DashboardEnv } from "./dashboard-env.ts";
import { base64url } from "jose";
import { hmacSha256 } from "../hashing/sha256.ts";
import { randomToken } from "../accounts/random-token.ts";
import { timingSafeEqualText } from "../hashing/constant-time.ts";
import { cookieOptions, SESSION_COOKIE } from "./session-cookie.ts";

/**
 * CSRF protection of every state change under /dashboard (synchronizer token, no database read):
 * the token is an HMAC of the session cookie (signed in) or of a random pre-session cookie (sign-in and
 * invitation forms), keyed with a secret derived from JWT_SECRET. A cross-site page can neither read the
 * cookie nor compute the HMAC. Origin and Sec-Fetch-Site are checked as well where the browser sends them.
 */
export const PRE_SESSION_COOKIE = "tds_presession";
export const CSRF_FIELD = "_csrf";
export const CSRF_HEADER = "x-csrf-token";

/** The hidden form field every POST form of the dashboard carries. */
export function csrfField(c: Context<DashboardEnv>): HtmlEscapedString {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${c.get("csrfToken")}">` as HtmlEscapedString;
}

async function tokenFor(secret: string, binding: string): Promise<string> {
  return base64url.encode(await hmacSha256(`dashboard-csrf:${secret}`, binding));
}

/** The value the session or pre-session cookie binds the token to (creates a pre-session cookie if none). */
function binding(c: Context<DashboardEnv>): string {
  const session = getCookie(c, SESSION_COOKIE);
  if (session) return `s:${session}`;
  let pre = getCookie(c, PRE_SESSION_COOKIE);
  if (!pre || !/^[\w-]{20,100}$/.test(pre)) {
    pre = randomToken();
    setCookie(c, PRE_SESSION_COOKIE, pre, { ...cookieOptions(c), maxAge: 2 * 3600 });
  }
  return `p:${pre}`;
}

/** Sets c.var.csrfToken for the current cookies (call again after the session cookie changes). */
export async function refreshCsrfToken(c: Context<DashboardEnv>, sessionToken?: string): Promise<string> {
  const secret = c.get("services").config.jwtSecret;
  const token = await tokenFor(secret, sessionToken ? `s:${sessionToken}` : binding(c));
  c.set("csrfToken", token);
  return token;
}

function sameOrigin(c: Context<DashboardEnv>, origin: string): boolean {
  if (origin === "null") return false;
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false;
  }
  const own = new URL(c.req.url);
  const host = c.req.header("x-forwarded-host") ?? c.req.header("host") ?? own.host;
  const publicBase = c.get("services").config.publicBaseUrl;
  return o.host === own.host || o.host === host || (publicBase !== "" && o.origin === new URL(publicBase).origin);
}

export class CsrfRefused extends Error {}

/**
 * Runs before every dashboard handler: GET/HEAD only get a token; any other method must present it
 * (form field `_csrf`, or header `x-csrf-token`) and must not come from another site.
 */
export function csrfProtection(): MiddlewareHandler<DashboardEnv> {
  return async (c, next) => {
    const expected = await refreshCsrfToken(c);
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
    if (c.req.header("sec-fetch-site") === "cross-site") throw new CsrfRefused("cross-site request");
    const origin = c.req.header("origin");
    if (origin && !sameOrigin(c, origin)) throw new CsrfRefused("request from another origin");
    let presented = c.req.header(CSRF_HEADER) ?? "";
    if (!presented) {
      const type = c.req.header("content-type") ?? "";
      if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
        // parseBody caches the parsed form, so handlers can read it again.
        const form = await c.req.parseBody({ all: true });
        const v = form[CSRF_FIELD];
        presented = typeof v === "string" ? v : "";
      }
    }
    if (!presented || !timingSafeEqualText(presented, expected)) throw new CsrfRefused("missing or wrong CSRF token");
    return next();
  };
}
