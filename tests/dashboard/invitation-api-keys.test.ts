import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { checkAxe, launchBrowser, startDashboardServer, type DashboardServer } from "../support/dashboard-harness.ts";

/** Invitation (admin endpoint) → set password → create an API key and use it → revoke it → refused. */
describe("dashboard: invitation and API keys in a real browser", () => {
  let server: DashboardServer;
  let browser: Browser;
  const admin = () => ({ authorization: `Bearer ${server.services.config.serviceRoleKey}`, "content-type": "application/json" });

  beforeAll(async () => {
    server = await startDashboardServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("the admin endpoint answers a single-use invitation_url; the person sets a password and is signed in", async () => {
    const refused = await fetch(`${server.baseUrl}/api/v1/accounts/${server.accountId}/members`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "owner@example.com", role: "owner" }),
    });
    expect(refused.status).toBe(401);
    const bad = await fetch(`${server.baseUrl}/api/v1/accounts/${server.accountId}/members`, {
      method: "POST",
      headers: admin(),
      body: JSON.stringify({ email: "nope", role: "owner" }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe("SVC_REQ_002");
    const missing = await fetch(`${server.baseUrl}/api/v1/accounts/${crypto.randomUUID()}/members`, {
      method: "POST",
      headers: admin(),
      body: JSON.stringify({ email: "x@example.com", role: "member" }),
    });
    expect(missing.status).toBe(404);

    const res = await fetch(`${server.baseUrl}/api/v1/accounts/${server.accountId}/members`, {
      method: "POST",
      headers: admin(),
      body: JSON.stringify({ email: "Owner@Example.com", role: "owner" }),
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ account_id: server.accountId, email: "owner@example.com", role: "owner" });
    expect(body.invitation_url).toMatch(new RegExp(`^${server.baseUrl}/dashboard/invitations/[\\w-]{43}$`));
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(body.invitation_url);
    await expect(page.locator("main").innerText()).resolves.toContain("owner@example.com");
    await checkAxe(page);
    await page.getByLabel("New password").fill("short");
    await page.getByLabel("Repeat the password").fill("short");
    await page.getByRole("button", { name: "Set password and sign in" }).click();
    await expect(page.getByRole("alert").innerText()).resolves.toContain("at least 12 characters");
    await page.getByLabel("New password").fill("correct horse battery staple");
    await page.getByLabel("Repeat the password").fill("correct horse battery staple");
    await Promise.all([
      page.waitForURL((u) => !u.pathname.startsWith("/dashboard/invitations")),
      page.getByRole("button", { name: "Set password and sign in" }).click(),
    ]);
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === "tds_session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/dashboard", secure: false });

    // Single use: the same address no longer works, and the member exists once.
    const again = await fetch(body.invitation_url);
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("cannot be used");
    const dup = await fetch(`${server.baseUrl}/api/v1/accounts/${server.accountId}/members`, {
      method: "POST",
      headers: admin(),
      body: JSON.stringify({ email: "owner@example.com", role: "member" }),
    });
    expect(dup.status).toBe(409);
    expect((await dup.json()).error.code).toBe("SVC_MEMBER_001");

    // Settings > API Keys: create with a name (markup in it stays text), shown once with a warning.
    await page.goto(`${server.baseUrl}/dashboard/settings/api-keys`);
    await checkAxe(page);
    await page.getByLabel("Name").fill(`<img src=x onerror=alert(1)> ERP "prod"`);
    await page.getByRole("button", { name: "Create key" }).click();
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe("API key created");
    const key = (await page.locator("#new-key").innerText()).trim();
    expect(key).toMatch(/^tds_/);
    await expect(page.locator("main").innerText()).resolves.toContain("it will not be shown again");
    await expect(page.getByRole("button", { name: "Copy" })).toBeDefined();
    expect(await page.getByRole("button", { name: "Copy" }).isVisible()).toBe(true);
    expect(await page.locator("img").count()).toBe(0);
    await checkAxe(page);

    const use = await fetch(`${server.baseUrl}/api/v1/account`, { headers: { authorization: `Bearer ${key}` } });
    expect(use.status).toBe(200);
    expect((await use.json()).account_id).toBe(server.accountId);

    // The list shows it (name as text, prefix, last used), then revoke with confirmation.
    await page.goto(`${server.baseUrl}/dashboard/settings/api-keys`);
    const row = page.locator("tr", { hasText: "ERP" });
    await expect(row.innerText()).resolves.toContain(`<img src=x onerror=alert(1)> ERP "prod"`);
    await expect(row.innerText()).resolves.toContain(key.slice(0, 8));
    await expect(row.locator("td").nth(3).innerText()).resolves.toMatch(/UTC/);
    await row.getByRole("link", { name: /Revoke/ }).click();
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe("Revoke API key");
    await checkAxe(page);
    await page.getByRole("button", { name: "Revoke key" }).click();
    await expect(page.getByRole("status").innerText()).resolves.toContain("revoked");
    await expect(page.locator("tr", { hasText: "ERP" }).innerText()).resolves.toContain("revoked");

    const refusedNow = await fetch(`${server.baseUrl}/api/v1/account`, { headers: { authorization: `Bearer ${key}` } });
    expect(refusedNow.status).toBe(401);
    expect((await refusedNow.json()).error.code).toBe("SVC_AUTH_001");
    await page.close();
  }, 240_000);
});
