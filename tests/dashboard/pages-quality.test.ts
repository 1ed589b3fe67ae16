import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { checkAxe, createMember, launchBrowser, signIn, startDashboardServer, type DashboardServer } from "../support/dashboard-harness.ts";
import { createApiKey, revokeApiKey } from "../../shared/accounts/account-repository.ts";
import { createInvitation } from "../../shared/accounts/invitation-repository.ts";
import { insertSubscription } from "../../shared/webhooks/webhook-repository.ts";
import { enqueueTestDelivery } from "../../shared/webhooks/test-delivery.ts";
import { backgroundTasksIdle, wakeBackgroundTasks } from "../../shared/server/background-tasks.ts";
import { webhookSettings } from "../../shared/webhooks/webhook-settings.ts";
import { parseConfig } from "../../shared/runtime/config.ts";
import { screenshotDir } from "../support/screenshot-dir.ts";

/**
 * Every page of the core dashboard at 390 px and 1280 px: axe (no serious/critical), no sideways
 * scrolling of the page, keyboard focus visible, and a screenshot. UPDATE_SCREENSHOTS=1 writes them to
 * docs/dashboard/ (otherwise to a temporary folder). Also: total JavaScript sent ≤ 100 KB compressed.
 */
const OUT = screenshotDir();
const WIDTHS = [390, 1280] as const;
const PASSWORD = "screenshots need a password";
const MARKUP = `<b>Bold</b> & "quoted"`;

interface Shot {
  name: string;
  as: "owner" | "member" | "anonymous";
  /** The page's address (a function: ids exist only after setup), or what leads to it (a form post). */
  open: () => string | ((page: Page) => Promise<void>);
  status?: number;
}

describe("dashboard pages: accessibility, layout at 390 and 1280 px, screenshots", { timeout: 600_000 }, () => {
  let server: DashboardServer;
  let browser: Browser;
  let receiver: Server;
  let hookId = "";
  let deliveryId = "";
  let keyId = "";
  let memberId = "";
  const scripts = new Set<string>();
  beforeAll(async () => {
    // TDS_WEBHOOKS_ALLOW_PRIVATE=true: the receiver is on loopback.
    server = await startDashboardServer({ config: { webhooks: { ...parseConfig({}).webhooks, allowPrivate: true } } });
    browser = await launchBrowser();
    receiver = createServer((req, res) => {
      req.resume();
      req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end('{"received":true}'));
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
    const { db, config } = server.services;
    const { accountId } = server;
    await createMember(server.services, accountId, "owner@example.com", "owner", PASSWORD);
    memberId = (await createMember(server.services, accountId, "member@example.com", "member", PASSWORD)).id;
    await createApiKey(db, accountId, `ERP production ${MARKUP}`);
    keyId = (await createApiKey(db, accountId, "Warehouse scanner")).id;
    await revokeApiKey(db, accountId, (await createApiKey(db, accountId, "Old laptop")).id);
    await createInvitation(db, { accountId, email: "pending@example.com", role: "admin", invitedBy: null });
    const port = (receiver.address() as AddressInfo).port;
    const hook = await insertSubscription(
      db,
      accountId,
      {
        url: `http://127.0.0.1:${port}/webhooks/tds`,
        events: ["document.generated", "document.failed"],
        description: `ERP ${MARKUP}`,
        active: true,
      },
      "whsec_" + Buffer.alloc(32, 7).toString("base64"),
      webhookSettings(config).secretKeyMaterial,
    );
    hookId = hook!.id;
    const d = await enqueueTestDelivery(db, accountId, hookId);
    deliveryId = d.ok ? d.deliveryId : "";
    wakeBackgroundTasks();
    await backgroundTasksIdle();
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    receiver?.close();
  });

  const submit = (path: string, fill: (p: Page) => Promise<void>, button: string) => async (page: Page) => {
    await page.goto(`${server.baseUrl}${path}`);
    await fill(page);
    await page.getByRole("button", { name: button, exact: true }).click();
    await page.waitForLoadState();
  };

  const shots = (): Shot[] => [
    { name: "sign-in", as: "anonymous", open: () => "/dashboard/sign-in" },
    {
      name: "sign-in-error",
      as: "anonymous",
      open: () =>
        submit(
          "/dashboard/sign-in",
          async (p) => {
            await p.getByLabel("Email").fill("someone@example.com");
            await p.getByLabel("Password").fill("not the password");
          },
          "Sign in",
        ),
      status: 401,
    },
    {
      name: "invitation",
      as: "anonymous",
      open: () => async (page: Page) => {
        const { token } = await createInvitation(server.services.db, {
          accountId: server.accountId,
          email: null,
          role: "owner",
          invitedBy: null,
        });
        await page.goto(`${server.baseUrl}/dashboard/invitations/${token}`);
      },
    },
    {
      name: "invitation-invalid",
      as: "anonymous",
      open: () => "/dashboard/invitations/used-or-expired-token-aaaaaaaaaaaaaaaa",
      status: 404,
    },
    { name: "api-keys", as: "owner", open: () => "/dashboard/settings/api-keys" },
    {
      name: "api-key-created",
      as: "owner",
      open: () => submit("/dashboard/settings/api-keys", (p) => p.getByLabel("Name").fill("CI pipeline"), "Create key"),
      status: 201,
    },
    { name: "api-key-revoke", as: "owner", open: () => `/dashboard/settings/api-keys/${keyId}/revoke` },
    { name: "webhooks", as: "owner", open: () => "/dashboard/settings/webhooks" },
    {
      name: "webhook-created",
      as: "owner",
      open: () =>
        submit(
          "/dashboard/settings/webhooks",
          (p) => p.getByLabel("Endpoint URL").fill("https://erp.example.com/hooks/tds"),
          "Add endpoint",
        ),
      status: 201,
    },
    { name: "webhook-endpoint", as: "owner", open: () => `/dashboard/settings/webhooks/${hookId}` },
    { name: "webhook-delivery", as: "owner", open: () => `/dashboard/settings/webhooks/${hookId}/deliveries/${deliveryId}` },
    { name: "webhook-rotate", as: "owner", open: () => `/dashboard/settings/webhooks/${hookId}/rotate` },
    { name: "members", as: "owner", open: () => "/dashboard/settings/members" },
    {
      name: "invitation-created",
      as: "owner",
      open: () =>
        submit(
          "/dashboard/settings/members",
          async (p) => {
            await p.getByLabel("Email", { exact: true }).fill(`new${Math.random().toString(36).slice(2, 8)}@example.com`);
          },
          "Create invitation",
        ),
      status: 201,
    },
    { name: "member-remove", as: "owner", open: () => `/dashboard/settings/members/${memberId}/remove` },
    { name: "account", as: "owner", open: () => "/dashboard/account" },
    { name: "not-allowed", as: "member", open: () => "/dashboard/settings/api-keys", status: 403 },
    { name: "not-found", as: "owner", open: () => "/dashboard/settings/webhooks/00000000-0000-4000-8000-000000000000", status: 404 },
  ];

  const contexts = new Map<string, BrowserContext>();
  async function contextFor(as: Shot["as"], width: number): Promise<BrowserContext> {
    const key = `${as}-${width}`;
    let ctx = contexts.get(key);
    if (!ctx) {
      ctx = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
      if (as !== "anonymous") await signIn(await ctx.newPage(), server.baseUrl, `${as}@example.com`, PASSWORD);
      contexts.set(key, ctx);
    }
    return ctx;
  }

  it("every page passes axe, fits the width, shows keyboard focus, and is captured", async () => {
    mkdirSync(OUT, { recursive: true });
    for (const width of WIDTHS) {
      for (const shot of shots()) {
        const ctx = await contextFor(shot.as, width);
        const page = await ctx.newPage();
        let status: number | undefined;
        page.on("response", (r) => {
          if (r.request().resourceType() === "document") status = r.status();
        });
        const open = shot.open();
        if (typeof open === "string") await page.goto(`${server.baseUrl}${open}`);
        else await open(page);
        expect(status, `${shot.name} status`).toBe(shot.status ?? 200);
        await checkAxe(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${shot.name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
        expect(await page.locator("h1").count(), shot.name).toBe(1);
        const file = join(OUT, `${shot.name}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        // Keyboard: the first Tab reaches the skip link, which is visible when focused and leads to main.
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.className), shot.name).toBe("skip-link");
        expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle), shot.name).not.toBe("none");
        await page.keyboard.press("Enter");
        expect(await page.evaluate(() => document.activeElement?.id), shot.name).toBe("main");
        for (const s of await page.locator("script[src]").evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).src)))
          scripts.add(s);
        await page.close();
      }
    }
    for (const ctx of contexts.values()) await ctx.close();
    contexts.clear(); // closed contexts are not handed out again
  });

  it("sends at most 100 KB of JavaScript (compressed) across the dashboard's pages", async () => {
    const ctx = await contextFor("owner", 1280);
    const page = await ctx.newPage();
    // The shipments pages too (whatever scripts they add).
    for (const path of [
      "/dashboard/shipments",
      "/dashboard/shipments/new",
      "/dashboard/from-document",
      "/dashboard/settings/webhooks",
      "/dashboard/account",
    ]) {
      await page.goto(`${server.baseUrl}${path}`);
      for (const s of await page.locator("script[src]").evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).src))) scripts.add(s);
    }
    let total = 0;
    for (const src of scripts) {
      const res = await fetch(src);
      expect(res.status, src).toBe(200);
      expect(res.headers.get("content-type"), src).toMatch(/javascript/);
      total += gzipSync(Buffer.from(await res.arrayBuffer())).length;
    }
    expect(scripts.size).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(100 * 1024);
    await ctx.close();
  });
});
