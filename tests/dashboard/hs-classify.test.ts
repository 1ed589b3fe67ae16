/**
 * The shipment form's HS classification (issue 41) in a real browser (Debian's Chromium): a line item's
 * description and typed attributes give candidates and the tariff's questions; an option narrows with a
 * click, a candidate fills the HS code field. Every step is a POST of the form with its CSRF token (one
 * without is refused); typed markup stays text; axe at 390 and 1280 px; screenshots to docs/dashboard/.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importReferenceDir } from "../../shared/reference/import-reference-dir.ts";
import { checkAxe, createMember, launchBrowser, signIn, startDashboardServer, type DashboardServer } from "../support/dashboard-harness.ts";
import { HS_FIXTURES, HS_TABLES, writeHsFixtures } from "../support/hs-fixtures.ts";
import { screenshotDir } from "../support/screenshot-dir.ts";

const SHOTS = screenshotDir();
const PASSWORD = "a long test password 41";
const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

async function looked(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    await checkAxe(page);
    await page.locator(".hs-panel").first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `shipments-${name}-${width}.png`), fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

for (const javaScript of [true, false]) {
  describe(`HS classification in the shipment form (JavaScript ${javaScript ? "on" : "off"})`, () => {
    let server: DashboardServer;
    let browser: Browser;
    let page: Page;

    beforeAll(async () => {
      server = await startDashboardServer();
      const dir = await mkdtemp(join(tmpdir(), "tds-hs-dash-"));
      await writeHsFixtures(dir, HS_FIXTURES);
      await importReferenceDir(server.services.db, dir, { only: HS_TABLES });
      await rm(dir, { recursive: true, force: true });
      await createMember(server.services, server.accountId, "ana@example.test", "member", PASSWORD);
      browser = await launchBrowser();
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: javaScript });
      page = await ctx.newPage();
      await signIn(page, server.baseUrl, "ana@example.test", PASSWORD);
    }, 300_000);
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    }, 300_000);

    it("classifies a line item: a question answered with a click, the chosen line fills the HS code field", async () => {
      await page.goto(`${server.baseUrl}/dashboard/shipments/new`);
      await field(page, "route.destination_country").fill("US");
      await field(page, "goods.line_items.0.description").fill("cotton t-shirt");
      const typed = 'material: cotton; note: <b id="x">bold</b>';
      await field(page, "goods.line_items.0.hs_attributes").fill(typed);
      await page.getByRole("button", { name: "Classify line item 1" }).click();
      const panel = page.getByRole("region", { name: "HS classification of line item 1" });
      await expect.poll(() => panel.getByRole("group").first().locator("legend").innerText()).toMatch(/whom/i);
      // What was typed comes back as text, never as markup.
      expect(await field(page, "goods.line_items.0.hs_attributes").inputValue()).toBe(typed);
      expect(await page.locator("#x").count()).toBe(0);
      expect(await panel.getByRole("button", { name: /^Use / }).count()).toBe(2);
      if (javaScript) await looked(page, "hs-classify-question");

      await panel.getByRole("button", { name: "Women's or girls' (339)" }).click();
      const after = page.getByRole("region", { name: "HS classification of line item 1" });
      await expect.poll(() => after.getByRole("status").innerText()).toContain("One line");
      expect(await after.getByRole("button", { name: /^Use / }).allInnerTexts()).toEqual(["Use 6109100007"]);
      expect(await after.getByRole("group").count()).toBe(0);
      if (javaScript) await looked(page, "hs-classify-resolved");

      await after.getByRole("button", { name: "Use 6109100007" }).click();
      await expect.poll(() => field(page, "goods.line_items.0.hs_code").inputValue()).toBe("6109100007");
      expect(await field(page, "goods.line_items.0.description").inputValue()).toBe("cotton t-shirt");
      expect(await page.getByRole("status").first().innerText()).toContain("HS code 6109100007 filled in");
    }, 300_000);

    it("refuses the classify POST without the form's CSRF token", async () => {
      const res = await page.request.post(`${server.baseUrl}/dashboard/shipments/new`, {
        form: { action: "classify:0", "goods.line_items.0.description": "cotton t-shirt" },
        headers: { origin: server.baseUrl },
      });
      expect(res.status()).toBe(403);
    });
  });
}
