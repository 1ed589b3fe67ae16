import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { checkAxe, createMember, launchBrowser, signIn, startDashboardServer, type DashboardServer } from "../support/dashboard-harness.ts";
import { createAccount, createApiKey } from "../../shared/accounts/account-repository.ts";
import { insertSubscription } from "../../shared/webhooks/webhook-repository.ts";
import { DASHBOARD_CSP } from "../../shared/dashboard/dashboard-app.ts";
import { THROTTLE } from "../../shared/accounts/sign-in-throttle.ts";

const PASSWORD = "a long enough password";

/** Roles, account scoping, sessions, CSRF and throttling, through the real server and browser. */
describe("dashboard: access and security", { timeout: 240_000 }, () => {
  let server: DashboardServer;
  let browser: Browser;
  let other: { accountId: string; keyId: string; webhookId: string; memberId: string };

  beforeAll(async () => {
    server = await startDashboardServer();
    browser = await launchBrowser();
    const { db } = server.services;
    await createMember(server.services, server.accountId, "owner@example.com", "owner", PASSWORD);
    await createMember(server.services, server.accountId, "member@example.com", "member", PASSWORD);
    const b = await createAccount(db, "Other account", "free");
    const key = await createApiKey(db, b.id, "theirs");
    const hook = await insertSubscription(
      db,
      b.id,
      { url: "https://example.com/h", events: ["document.generated"], description: null, active: true },
      "whsec_" + btoa("x".repeat(32)),
      "k",
    );
    const m = await createMember(server.services, b.id, "them@example.com", "owner", PASSWORD);
    other = { accountId: b.id, keyId: key.id, webhookId: hook!.id, memberId: m.id };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function signedIn(email: string): Promise<BrowserContext> {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await signIn(await ctx.newPage(), server.baseUrl, email, PASSWORD);
    return ctx;
  }

  it("sends a page without a session to the sign-in form, and back after signing in", async () => {
    const res = await fetch(`${server.baseUrl}/dashboard/settings/webhooks?x=1`, { redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/dashboard/sign-in?next=${encodeURIComponent("/dashboard/settings/webhooks?x=1")}`);
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.baseUrl}${res.headers.get("location")}`);
    await page.getByLabel("Email").fill("owner@example.com");
    await page.getByLabel("Password").fill(PASSWORD);
    await Promise.all([page.waitForURL(/settings\/webhooks\?x=1$/), page.getByRole("button", { name: "Sign in" }).click()]);
    // An outside "next" is ignored.
    const evil = await fetch(`${server.baseUrl}/dashboard/sign-in?next=//evil.example/`, { redirect: "manual" });
    expect(await evil.text()).toContain('name="next" value="/dashboard"');
    await page.context().close();
  });

  it("every answer carries the strict CSP and the other security headers", async () => {
    for (const path of ["/dashboard/sign-in", "/dashboard/assets/app.css"]) {
      const res = await fetch(`${server.baseUrl}${path}`);
      expect(res.headers.get("content-security-policy")).toBe(DASHBOARD_CSP);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
    const page = await fetch(`${server.baseUrl}/dashboard/sign-in`);
    const text = await page.text();
    expect(text).not.toMatch(/<script>|<style|\sstyle=|\son[a-z]+=/i);
    expect(page.headers.get("cache-control")).toBe("no-store");
  });

  it("a member (role member) gets 'not allowed' for Settings and Members, and no links to them", async () => {
    const ctx = await signedIn("member@example.com");
    const page = ctx.pages()[0];
    for (const path of [
      "/dashboard/settings/api-keys",
      "/dashboard/settings/webhooks",
      "/dashboard/settings/members",
      "/dashboard/settings/webhooks/x/delete",
    ]) {
      const res = await page.goto(`${server.baseUrl}${path}`);
      expect(res?.status(), path).toBe(403);
      expect(await page.getByRole("alert").innerText()).toContain("Only owners and admins");
    }
    await checkAxe(page);
    expect(await page.getByRole("navigation", { name: "Dashboard" }).innerText()).not.toMatch(/API keys|Webhooks|Members/);
    // A POST is refused the same way (after the CSRF check passes).
    const token = await page.locator("input[name=_csrf]").first().getAttribute("value");
    const post = await page.request.post(`${server.baseUrl}/dashboard/settings/api-keys`, {
      form: { _csrf: token!, name: "sneaky" },
      headers: { origin: server.baseUrl },
    });
    expect(post.status()).toBe(403);
    const account = await page.goto(`${server.baseUrl}/dashboard/account`);
    expect(account?.status()).toBe(200);
    await ctx.close();
  });

  it("another account's ids answer not found", async () => {
    const ctx = await signedIn("owner@example.com");
    const page = ctx.pages()[0];
    for (const path of [
      `/dashboard/settings/api-keys/${other.keyId}/revoke`,
      `/dashboard/settings/webhooks/${other.webhookId}`,
      `/dashboard/settings/webhooks/${other.webhookId}/delete`,
      `/dashboard/settings/members/${other.memberId}/remove`,
      `/dashboard/settings/webhooks/not-a-uuid`,
    ]) {
      const res = await page.goto(`${server.baseUrl}${path}`);
      expect(res?.status(), path).toBe(404);
      expect(await page.getByRole("alert").innerText()).toMatch(/no such/i);
    }
    const token = await page.locator("input[name=_csrf]").first().getAttribute("value");
    const revoke = await page.request.post(`${server.baseUrl}/dashboard/settings/api-keys/${other.keyId}/revoke`, {
      form: { _csrf: token! },
      headers: { origin: server.baseUrl },
    });
    expect(revoke.status()).toBe(404);
    const keyRow = await server.services.db.query("select revoked_at from api_keys where id = $1", [other.keyId]);
    expect(keyRow[0].revoked_at).toBeNull();
    await ctx.close();
  });

  it("refuses a state change without the CSRF token, with a wrong one, or from another origin", async () => {
    const ctx = await signedIn("owner@example.com");
    const page = ctx.pages()[0];
    await page.goto(`${server.baseUrl}/dashboard/settings/api-keys`);
    const token = (await page.locator("input[name=_csrf]").first().getAttribute("value"))!;
    const cases: [string, Record<string, string>, Record<string, string>][] = [
      ["no token", { name: "k1" }, { origin: server.baseUrl }],
      ["wrong token", { name: "k2", _csrf: token.slice(0, -2) + "xx" }, { origin: server.baseUrl }],
      ["other origin", { name: "k3", _csrf: token }, { origin: "http://evil.example" }],
      ["cross-site fetch", { name: "k4", _csrf: token }, { "sec-fetch-site": "cross-site" }],
    ];
    for (const [what, form, headers] of cases) {
      const res = await page.request.post(`${server.baseUrl}/dashboard/settings/api-keys`, { form, headers });
      expect(res.status(), what).toBe(403);
      expect(await res.text(), what).toContain("security token");
    }
    const ok = await page.request.post(`${server.baseUrl}/dashboard/settings/api-keys`, {
      form: { name: "k5", _csrf: token },
      headers: { origin: server.baseUrl },
    });
    expect(ok.status()).toBe(201);
    const names = (
      await server.services.db.query<{ name: string }>("select name from api_keys where account_id = $1", [server.accountId])
    ).map((r) => r.name);
    expect(names).toEqual(["k5"]);
    await ctx.close();
  });

  it("sign-out revokes the session on the server: the old cookie no longer opens a page", async () => {
    const ctx = await signedIn("owner@example.com");
    const page = ctx.pages()[0];
    const cookie = (await ctx.cookies()).find((c) => c.name === "tds_session")!;
    const withCookie = () =>
      fetch(`${server.baseUrl}/dashboard/account`, { headers: { cookie: `tds_session=${cookie.value}` }, redirect: "manual" });
    expect((await withCookie()).status).toBe(200);
    await page.goto(`${server.baseUrl}/dashboard/account`);
    await Promise.all([page.waitForURL(/sign-in/), page.getByRole("button", { name: "Sign out" }).click()]);
    expect(await page.getByRole("status").innerText()).toContain("signed out");
    const after = await withCookie();
    expect(after.status).toBe(303);
    expect(after.headers.get("location")).toMatch(/^\/dashboard\/sign-in/);
    const row = await server.services.db.query(
      "select revoked_at from dashboard_sessions where member_id = (select id from dashboard_members where email = 'owner@example.com') and revoked_at is not null",
    );
    expect(row.length).toBeGreaterThan(0);
    await ctx.close();
  });

  it("throttles failed sign-ins per email (in the database), with Retry-After, before checking the password", async () => {
    const attempt = async (password: string, email = "member@example.com") => {
      const get = await fetch(`${server.baseUrl}/dashboard/sign-in`);
      const token = (await get.text()).match(/name="_csrf" value="([^"]+)"/)![1];
      const cookie = get.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      return fetch(`${server.baseUrl}/dashboard/sign-in`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl },
        body: new URLSearchParams({ _csrf: token, email, password }).toString(),
        redirect: "manual",
      });
    };
    for (let i = 0; i < THROTTLE.perEmail; i++) {
      const r = await attempt("wrong password " + i);
      expect(r.status).toBe(401);
      expect(await r.text()).toContain("not right");
    }
    const blocked = await attempt(PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await blocked.text()).toContain("Too many failed sign-ins");
    // Another email from the same address still works (the per-address limit is higher).
    expect((await attempt(PASSWORD, "owner@example.com")).status).toBe(303);
    const rows = await server.services.db.query<{ n: number }>(
      "select count(*)::int as n from dashboard_sign_in_failures where email = 'member@example.com'",
    );
    expect(rows[0].n).toBe(THROTTLE.perEmail);
  });

  it("Members: an owner invites (address shown once), changes a role, removes; the last owner stays", async () => {
    const ctx = await signedIn("owner@example.com");
    const page = ctx.pages()[0];
    await page.goto(`${server.baseUrl}/dashboard/settings/members`);
    await checkAxe(page);
    await page.getByLabel("Email", { exact: true }).fill("new.person@example.com");
    await page.getByLabel("Role", { exact: true }).selectOption("admin");
    await page.getByRole("button", { name: "Create invitation" }).click();
    const url = (await page.locator("#invitation-url").innerText()).trim();
    expect(url).toMatch(/\/dashboard\/invitations\/[\w-]{43}$/);
    await page.getByRole("link", { name: "Done, back to members" }).click();
    expect(await page.locator("main").innerText()).toContain("new.person@example.com");

    // The invited person joins in another browser context.
    const ctx2 = await browser.newContext();
    const p2 = await ctx2.newPage();
    await p2.goto(url);
    await p2.getByLabel("New password").fill("the new admin's password");
    await p2.getByLabel("Repeat the password").fill("the new admin's password");
    await Promise.all([
      p2.waitForURL((u) => !u.pathname.includes("/invitations/")),
      p2.getByRole("button", { name: "Set password and sign in" }).click(),
    ]);
    const p2members = await p2.goto(`${server.baseUrl}/dashboard/settings/members`);
    expect(p2members?.status()).toBe(200);

    // Change the member's role to admin, then back; the only owner cannot demote themselves.
    await page.reload();
    await page.getByLabel("Role of member@example.com").selectOption("admin");
    await page.getByRole("button", { name: "Change role of member@example.com" }).click();
    expect(await page.getByRole("status").innerText()).toContain("role is changed");
    await page.getByLabel("Role of owner@example.com").selectOption("member");
    await page.getByRole("button", { name: "Change role of owner@example.com" }).click();
    expect(await page.getByRole("alert").innerText()).toContain("at least one owner");

    // An admin cannot touch the owner.
    const adminPage = await p2.goto(`${server.baseUrl}/dashboard/settings/members`);
    expect(adminPage?.status()).toBe(200);
    expect(await p2.getByLabel("Role of owner@example.com").count()).toBe(0);

    // Remove the new admin: their session ends at once.
    await page.getByRole("link", { name: "Remove new.person@example.com" }).click();
    await page.getByRole("button", { name: "Remove member" }).click();
    expect(await page.getByRole("status").innerText()).toContain("removed");
    const kicked = await p2.goto(`${server.baseUrl}/dashboard/account`);
    expect(kicked?.url()).toContain("/dashboard/sign-in");
    await ctx2.close();
    await ctx.close();
  });
});
