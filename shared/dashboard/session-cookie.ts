import type { Context } from "hono";
import type { CookieOptions } from "hono/utils/cookie";

/** The session cookie: HttpOnly, SameSite=Lax, Secure when the page was requested over https. */
export const SESSION_COOKIE = "tds_session";
export const COOKIE_PATH = "/dashboard";

export function isHttps(c: Context): boolean {
  const proto = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim();
  return proto ? proto === "https" : new URL(c.req.url).protocol === "https:";
}

export function cookieOptions(c: Context): CookieOptions {
  return { path: COOKIE_PATH, httpOnly: true, sameSite: "Lax", secure: isHttps(c) };
}
