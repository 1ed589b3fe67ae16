import type { Context, Hono, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { html } from "hono/html";
import type { DashboardEnv } from "./dashboard-env.ts";
import type { DashboardMember } from "../accounts/member-roles.ts";
import { csrfField, refreshCsrfToken } from "./csrf.ts";
import { renderBarePage } from "./layout.ts";
import { clientAddress, readForm, safeNext, type Html } from "./page-helpers.ts";
import { cookieOptions, SESSION_COOKIE } from "./session-cookie.ts";
import { dummyPasswordHash, hashPassword, passwordProblem, PASSWORD_MIN_LENGTH, verifyPassword } from "../accounts/passwords.ts";
import { findMemberForSignIn, isPlausibleEmail, normaliseEmail, recordSignIn, setPasswordHash } from "../accounts/member-repository.ts";
import { createSession, findSessionMember, revokeSession, SESSION_TTL_SECONDS } from "../accounts/session-repository.ts";
import { acceptInvitation, findOpenInvitation } from "../accounts/invitation-repository.ts";
import { clearFailures, isThrottled, recordFailure } from "../accounts/sign-in-throttle.ts";

async function startSession(c: Context<DashboardEnv>, member: DashboardMember): Promise<void> {
  const { token } = await createSession(c.get("services").db, member, SESSION_TTL_SECONDS);
  setCookie(c, SESSION_COOKIE, token, { ...cookieOptions(c), maxAge: SESSION_TTL_SECONDS });
  await refreshCsrfToken(c, token);
}

function signInForm(c: Context<DashboardEnv>, values: { email: string; next: string }): Html {
  return html`<form method="post" action="/dashboard/sign-in" class="card" novalidate>
  ${csrfField(c)}
  <input type="hidden" name="next" value="${values.next}">
  <div class="field"><label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${values.email}"></div>
  <div class="field"><label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required></div>
  <div class="actions"><button type="submit" class="button">Sign in</button></div>
  <p class="hint">No account yet? An owner or admin of your account sends you an invitation link.</p>
</form>`;
}

function invitationInvalid(c: Context<DashboardEnv>): Promise<Response> {
  return renderBarePage(c, {
    title: "Invitation not valid",
    status: 404,
    notice: { kind: "error", text: "This invitation cannot be used: it was used already, withdrawn, or it has expired." },
    body: html`<p>Ask an owner or admin of your account for a new invitation. If you have set your password already, <a href="/dashboard/sign-in">sign in</a>.</p>`,
  });
}

function invitationForm(c: Context<DashboardEnv>, token: string, inv: { email: string | null; role: string }, email: string): Html {
  return html`<p>You are invited as <strong>${inv.role}</strong>${inv.email ? html` with the email <strong>${inv.email}</strong>` : ""}. Choose a password to finish.</p>
<form method="post" action="/dashboard/invitations/${token}" class="card" novalidate>
  ${csrfField(c)}
  ${
    inv.email
      ? html`<input type="hidden" name="email" value="${inv.email}" autocomplete="username">`
      : html`<div class="field"><label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${email}"></div>`
  }
  <div class="field"><label for="password">New password</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="${PASSWORD_MIN_LENGTH}" required aria-describedby="password-hint"><span id="password-hint" class="hint">At least ${PASSWORD_MIN_LENGTH} characters. A passphrase of several words is easy to remember.</span></div>
  <div class="field"><label for="password2">Repeat the password</label><input id="password2" name="password2" type="password" autocomplete="new-password" required></div>
  <div class="actions"><button type="submit" class="button">Set password and sign in</button></div>
</form>`;
}

/** Sign-in, sign-out and invitation acceptance: the routes reachable without a session. */
export function registerAuthPages(app: Hono<DashboardEnv>): void {
  app.get("/dashboard/sign-in", async (c) => {
    const next = safeNext(c.req.query("next"));
    const session = getCookie(c, SESSION_COOKIE);
    if (session && (await findSessionMember(c.get("services").db, session))) return c.redirect(next, 303);
    const signedOut = c.req.query("done") === "signed-out";
    return renderBarePage(c, {
      title: "Sign in",
      notice: signedOut ? { kind: "ok", text: "You are signed out." } : undefined,
      body: signInForm(c, { email: "", next }),
    });
  });

  app.post("/dashboard/sign-in", async (c) => {
    const { db } = c.get("services");
    const form = await readForm(c);
    const email = normaliseEmail(form.get("email")).slice(0, 254);
    const password = form.get("password");
    const next = safeNext(form.get("next"));
    const again = (status: number, text: string) =>
      renderBarePage(c, { title: "Sign in", status, notice: { kind: "error", text }, body: signInForm(c, { email, next }) });
    if (!email || !password) return again(400, "Enter your email and your password.");
    const address = clientAddress(c);
    const throttle = await isThrottled(db, email, address);
    if (throttle.throttled) {
      c.header("retry-after", String(throttle.retryAfterSeconds));
      const minutes = Math.ceil(throttle.retryAfterSeconds / 60);
      return again(
        429,
        `Too many failed sign-ins for this email or from this address. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      );
    }
    const member = await findMemberForSignIn(db, email);
    // Unknown emails cost the same scrypt work, so the answer time does not reveal who has a sign-in.
    const check = await verifyPassword(password.slice(0, 1000), member?.passwordHash ?? (await dummyPasswordHash()));
    if (!member || !check.ok) {
      await recordFailure(db, email, address);
      return again(401, "The email or the password is not right.");
    }
    await clearFailures(db, email);
    if (check.rehash) await setPasswordHash(db, member.id, await hashPassword(password));
    await recordSignIn(db, member.id);
    await startSession(c, member);
    return c.redirect(next, 303);
  });

  app.get("/dashboard/invitations/:token", async (c) => {
    const token = c.req.param("token");
    const inv = await findOpenInvitation(c.get("services").db, token);
    if (!inv) return invitationInvalid(c);
    return renderBarePage(c, { title: "Join the dashboard", body: invitationForm(c, token, inv, "") });
  });

  app.post("/dashboard/invitations/:token", async (c) => {
    const { db } = c.get("services");
    const token = c.req.param("token");
    const inv = await findOpenInvitation(db, token);
    if (!inv) return invitationInvalid(c);
    const form = await readForm(c);
    const email = normaliseEmail(inv.email ?? form.get("email"));
    const password = form.get("password");
    const again = (text: string) =>
      renderBarePage(c, {
        title: "Join the dashboard",
        status: 400,
        notice: { kind: "error", text },
        body: invitationForm(c, token, inv, email),
      });
    if (!isPlausibleEmail(email)) return again("Enter a valid email address.");
    const problem = passwordProblem(password, email);
    if (problem) return again(problem);
    if (password !== form.get("password2")) return again("The two passwords are not the same.");
    const result = await acceptInvitation(db, token, email, await hashPassword(password));
    if (!result.ok) {
      if (result.reason === "email_taken") return again("This email already has a sign-in. Sign in with it, or use another email.");
      return invitationInvalid(c);
    }
    await recordSignIn(db, result.member.id);
    await startSession(c, result.member);
    return c.redirect("/dashboard", 303);
  });
}

const STATIC_ASSET = /^\/dashboard\/(?:[\w-]+\/)?assets\/[\w.-]+$/;

/** Every other dashboard route needs a session; without one a page redirects to the sign-in form. */
export function requireSession(): MiddlewareHandler<DashboardEnv> {
  return async (c, next) => {
    // Static files (ours and the shipments pages' /dashboard/shipments/assets/…) are public.
    if ((c.req.method === "GET" || c.req.method === "HEAD") && STATIC_ASSET.test(new URL(c.req.url).pathname)) return next();
    const token = getCookie(c, SESSION_COOKIE);
    const found = token ? await findSessionMember(c.get("services").db, token) : null;
    if (!found) {
      if (token) deleteCookie(c, SESSION_COOKIE, { path: cookieOptions(c).path });
      const url = new URL(c.req.url);
      const next = c.req.method === "GET" ? safeNext(url.pathname + url.search) : "/dashboard";
      return c.redirect(`/dashboard/sign-in?next=${encodeURIComponent(next)}`, 303);
    }
    c.set("member", found.member);
    await next();
  };
}

export function registerSignOut(app: Hono<DashboardEnv>): void {
  app.post("/dashboard/sign-out", async (c) => {
    const token = getCookie(c, SESSION_COOKIE);
    if (token) await revokeSession(c.get("services").db, token);
    deleteCookie(c, SESSION_COOKIE, { path: cookieOptions(c).path, secure: cookieOptions(c).secure });
    return c.redirect("/dashboard/sign-in?done=signed-out", 303);
  });
}
