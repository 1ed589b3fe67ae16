/**
 * The reference-data state in the dashboard (issue 26): a banner on every signed-in page while the
 * sanctions list is missing or out of date, and a reference-data page for owners and admins. Axe, no
 * sideways scrolling, escaping; screenshots at 390 and 1280 px (UPDATE_SCREENSHOTS=1 writes docs/dashboard/).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { checkAxe, createMember, launchBrowser, signIn, startDashboardServer, type DashboardServer } from "../support/dashboard-harness.ts";
import { screenshotDir } from "../support/screenshot-dir.ts";
import { forgetReferenceVintage } from "../../shared/reference/refresh/reference-vintage.ts";
import { forgetReferenceState } from "../../shared/reference/gather-reference-facts.ts";

const OUT = screenshotDir();
const PASSWORD = "reference pages need a password";
const MARKUP = `<b>SDN</b> & "x"`;

describe("reference data in the dashboard", { timeout: 300_000 }, () => {
  let server: DashboardServer;
  let browser: Browser;
  const contexts = new Map<string, BrowserContext>();

  beforeAll(async () => {
    server = await startDashboardServer();
    browser = await launchBrowser();
    await createMember(server.services, server.accountId, "owner@example.com", "owner", PASSWORD);
    await createMember(server.services, server.accountId, "member@example.com", "member", PASSWORD);
    mkdirSync(OUT, { recursive: true });
  }, 300_000);
  afterAll(async () => {
    for (const c of contexts.values()) await c.close();
    await browser?.close();
    await server?.close();
  });

  async function open(as: "owner" | "member", width: number, path: string): Promise<{ page: Page; status: number }> {
    const key = `${as}-${width}`;
    let ctx = contexts.get(key);
    if (!ctx) {
      ctx = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
      await signIn(await ctx.newPage(), server.baseUrl, `${as}@example.com`, PASSWORD);
      contexts.set(key, ctx);
    }
    const page = await ctx.newPage();
    const res = await page.goto(`${server.baseUrl}${path}`);
    return { page, status: res!.status() };
  }

  async function checked(page: Page, name: string, width: number): Promise<void> {
    await checkAxe(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(OUT, `${name}-${width}.png`), fullPage: true });
  }

  const banner = (page: Page) => page.locator(".notice--warn[role=alert]");
  const forget = () => {
    forgetReferenceVintage(server.services.db);
    forgetReferenceState(server.services.db);
  };

  it("with a current sanctions list: no banner; the page lists every table's state for the owner, not for a member", async () => {
    const { page, status } = await open("owner", 1280, "/dashboard/settings/reference-data");
    expect(status).toBe(200);
    expect(await banner(page).count()).toBe(0);
    const row = page.locator("tr", { hasText: "sanctions_ofac" });
    await expect.poll(() => row.locator(".badge").textContent()).toBe("current");
    expect(await page.locator("tr", { hasText: "port_codes" }).locator(".badge").textContent()).toBe("not loaded");
    expect(await page.locator("code", { hasText: "npm run reference:refresh -- --only" }).textContent()).toContain("port_codes");
    await page.close();
    const m = await open("member", 1280, "/dashboard/settings/reference-data");
    expect(m.status).toBe(403);
    await m.page.close();
  });

  it("with an out-of-date list: a banner on every page (owners get the link, members whom to tell), values escaped", async () => {
    await server.services.db.query(
      "update reference_imports set published_at = '2024-05-03T00:00:00Z', vintage = $1 where table_name = 'sanctions_ofac'",
      [MARKUP],
    );
    forget();
    for (const width of [390, 1280]) {
      for (const [as, path, name] of [
        ["owner", "/dashboard/shipments", "reference-banner-shipments"],
        ["owner", "/dashboard/settings/reference-data", "reference-data"],
        ["member", "/dashboard/account", "reference-banner-member"],
      ] as const) {
        const { page, status } = await open(as, width, path);
        expect(status).toBe(200);
        const text = await banner(page).textContent();
        expect(text).toContain("The sanctions list OFAC SDN and non-SDN lists (sanctions_ofac) is out of date: it is dated 2024-05-03");
        expect(text).toContain(as === "owner" ? "Reference data" : "Tell an owner or admin");
        if (path.endsWith("reference-data")) {
          // The vintage is shown as text, never as markup.
          expect(await page.locator("td", { hasText: MARKUP }).count()).toBe(1);
          expect(await page.locator("td b").count()).toBe(0);
          expect(await page.locator("tr", { hasText: "sanctions_ofac" }).locator(".badge").textContent()).toBe("out of date");
        }
        await checked(page, name, width);
        await page.close();
      }
    }
  });

  it("with the list not loaded: the banner says no party can be screened", async () => {
    await server.services.db.query("delete from sanctions_ofac");
    await server.services.db.query("delete from reference_imports where table_name = 'sanctions_ofac'");
    forget();
    for (const width of [390, 1280]) {
      const { page } = await open("owner", width, "/dashboard/shipments");
      expect(await banner(page).textContent()).toContain(
        "The sanctions list OFAC SDN and non-SDN lists (sanctions_ofac) is not loaded: no party can be screened",
      );
      await checked(page, "reference-banner-missing", width);
      await page.close();
    }
    // Every list the deployment is bound by (all five by default) is named when empty.
    await server.services.db.query("delete from sanctions_uk");
    await server.services.db.query("delete from reference_imports where table_name = 'sanctions_uk'");
    forget();
    const { page } = await open("owner", 1280, "/dashboard/shipments");
    expect(await banner(page).textContent()).toContain(
      "The sanctions lists OFAC SDN and non-SDN lists (sanctions_ofac), UK Sanctions List (sanctions_uk) are not loaded",
    );
    await page.close();
  });
});
