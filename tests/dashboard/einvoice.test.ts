/**
 * The e-invoice on the shipment page in a real browser (Debian's Chromium): a final commercial invoice
 * generated for an intra-EU shipment is marked as an e-invoice with its profile, and its CII link
 * downloads the XML the PDF carries. Screenshots at 390 and 1280 px go to docs/dashboard/ (UPDATE_SCREENSHOTS=1).
 */
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../../shared/accounts/account-repository.ts";
import { backgroundTasksIdle } from "../../shared/server/background-tasks.ts";
import { intraEuShipment } from "../support/einvoice-cases.ts";
import { checkAxe, createMember, launchBrowser, signIn, startDashboardServer, type DashboardServer } from "../support/dashboard-harness.ts";
import { screenshotDir } from "../support/screenshot-dir.ts";

const SHOTS = screenshotDir();
const PASSWORD = "a long test password 7";

describe("e-invoice on the shipment page", () => {
  let server: DashboardServer;
  let browser: Browser;
  let page: Page;
  let shipmentId = "";

  beforeAll(async () => {
    server = await startDashboardServer();
    await createMember(server.services, server.accountId, "maria@example.test", "member", PASSWORD);
    const { api_key: key } = await createApiKey(server.services.db, server.accountId, "test");
    const post = (path: string, body: unknown, extra: Record<string, string> = {}) =>
      fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${key}`, ...extra },
        body: JSON.stringify(body),
      });
    const created = await post("/api/v1/shipments", { shipment_data: intraEuShipment(), shipment_ref: "SHP-2025-0311-ŁDZ" });
    expect(created.status).toBe(201);
    shipmentId = ((await created.json()) as { id: string }).id;
    const generated = await post(`/api/v1/shipments/${shipmentId}/generate`, {
      document_types: ["COMMERCIAL_INVOICE", "PACKING_LIST"],
      final_doc: true,
      confirm_warnings: true,
    });
    expect(generated.status, await generated.clone().text()).toBe(202);
    await backgroundTasksIdle();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await signIn(page, server.baseUrl, "maria@example.test", PASSWORD);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  }, 400_000);

  it("marks the commercial invoice as an e-invoice with its profile, and its CII link downloads the embedded XML", async () => {
    await page.goto(`${server.baseUrl}/dashboard/shipments/${shipmentId}`);
    const note = page.locator("[data-einvoice]");
    await expect.poll(() => note.count()).toBe(1);
    expect(await note.innerText()).toMatch(/E-invoice\s+Factur-X \/ ZUGFeRD, profile EN 16931 \(urn:cen\.eu:en16931:2017\)/);
    await checkAxe(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      await page
        .locator("section.generation")
        .first()
        .screenshot({ path: join(SHOTS, `shipments-einvoice-${width}.png`) });
    }
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /CII of the Commercial Invoice/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("FV-2025-03-0117.cii.xml");
    const file = join(tmpdir(), `tds-einvoice-${Date.now()}.xml`);
    await download.saveAs(file);
    const xml = await readFile(file, "utf8");
    await rm(file, { force: true });
    expect(xml).toContain("<ram:ID>urn:cen.eu:en16931:2017</ram:ID>");
    expect(xml).toContain("<ram:ID>FV/2025/03/0117</ram:ID>");
  }, 300_000);
});
