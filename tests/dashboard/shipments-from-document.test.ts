/**
 * From a document, in a real browser: upload a PDF, see the extraction finish, review the prefilled form
 * with a confidence on each value, save it as a draft; upload a filled PDF form of a generated document
 * and see which fields were merged into the shipment.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument, type PDFTextField } from "pdf-lib";
import type { Browser, Page } from "playwright-core";
import { checkAxe, createMember, launchBrowser, signIn, startDashboardServer, type DashboardServer } from "../support/dashboard-harness.ts";
import { boxedEnglish } from "../support/extraction-corpus/pdf-styles.ts";
import { makeShipment } from "../support/extraction-corpus/corpus-data.ts";
import { sampleShipment } from "../support/sample-shipments.ts";
import { createShipment } from "../../shared/shipments/shipment-service.ts";
import { findShipment } from "../../shared/shipments/shipment-repository.ts";
import { generateDocuments } from "../../shared/generation/generate-documents.ts";
import { backgroundTasksIdle } from "../../shared/server/background-tasks.ts";
import { findGenerationJob } from "../../shared/generation/generation-repository.ts";
import { screenshotDir } from "../support/screenshot-dir.ts";

const PASSWORD = "a long test password 8";
const SHOTS = screenshotDir();

async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, `shipments-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe("from a document, in a real browser", () => {
  let server: DashboardServer;
  let browser: Browser;
  let page: Page;
  let dir: string;

  beforeAll(async () => {
    server = await startDashboardServer();
    dir = await mkdtemp(join(tmpdir(), "tds-from-doc-"));
    await createMember(server.services, server.accountId, "sam@example.test", "member", PASSWORD);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.baseUrl, "sam@example.test", PASSWORD);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("uploads a PDF, shows progress, then the review form with confidences; saves it as a draft", async () => {
    const doc = await boxedEnglish(makeShipment(3));
    const file = join(dir, "invoice.pdf");
    await writeFile(file, doc.bytes);
    await page.goto(`${server.baseUrl}/dashboard/from-document`);
    await checkAxe(page);
    await screenshots(page, "from-document");
    await page.getByLabel("Document", { exact: true }).setInputFiles(file);
    await Promise.all([
      page.waitForURL(/\/dashboard\/from-document\/[0-9a-f-]{36}$/),
      page.getByRole("button", { name: "Upload and extract" }).click(),
    ]);
    // progress.js reloads the page when the job is done; the review form then shows.
    await page.getByRole("heading", { name: "Review the values read from invoice.pdf" }).waitFor({ timeout: 120_000 });
    const exporterName = await page.locator('[name="exporter.name"]').inputValue();
    expect(exporterName).toBe(doc.expected["exporter.name"]);
    expect(await page.locator('[data-field="exporter.name"] .confidence').innerText()).toMatch(/Extracted with \d+ % confidence/);
    expect(await page.locator(".confidence").count()).toBeGreaterThan(5);
    // Values below 50 % — and only those — are marked for checking (the confidences are calibrated).
    for (const text of await page.locator(".confidence").allInnerTexts()) {
      const shown = Number(/(\d+) %/.exec(text)?.[1]);
      if (shown < 50) expect(text, text).toContain("check this value");
      if (shown > 50) expect(text, text).not.toContain("check this value");
    }
    await checkAxe(page);
    await screenshots(page, "review");
    await Promise.all([page.waitForURL(/notice=draft_saved/), page.getByRole("button", { name: "Save as draft" }).first().click()]);
    expect(await page.locator(".shipment-head").innerText()).toContain("Draft");
    expect(await page.locator("main").innerText()).toContain(exporterName);
  }, 400_000);

  it("refuses an unsupported file in words", async () => {
    const file = join(dir, "notes.txt");
    await writeFile(file, "just text");
    await page.goto(`${server.baseUrl}/dashboard/from-document`);
    await page.getByLabel("Document", { exact: true }).setInputFiles(file);
    await page.getByRole("button", { name: "Upload and extract" }).click();
    expect(await page.getByRole("alert").innerText()).toMatch(/Unsupported file type.*SVC_EXTRACT_001/);
  }, 120_000);

  it("reads a filled PDF form back and shows what was merged", async () => {
    const { services, accountId } = server;
    const principal = { accountId, keyId: "test", tier: "growth" as const };
    const data = sampleShipment();
    delete (data.route as Record<string, unknown>).vessel_name;
    const s = await createShipment(services.db, principal, { data, ref: "FILL-1", draft: false });
    const r = await generateDocuments(services, principal, {
      shipment: data,
      documentTypes: ["COMMERCIAL_INVOICE"],
      shipmentId: s.id,
      finalDoc: false,
      confirmWarnings: true,
    });
    expect(r.status).toBe(202);
    await backgroundTasksIdle();
    const jobId = (r.body as { jobs: { jobId: string }[] }).jobs[0].jobId;
    const job = (await findGenerationJob(services.db, accountId, jobId))!;
    const pdf = await PDFDocument.load((await services.blobs.get(job.blob_key!))!.bytes);
    (pdf.getForm().getField("route.vesselName") as PDFTextField).setText("MSC Filled <i>In</i>");
    const file = join(dir, "filled.pdf");
    await writeFile(file, await pdf.save());

    await page.goto(`${server.baseUrl}/dashboard/shipments/${s.id}`);
    await page.getByRole("link", { name: "Upload a filled PDF form" }).click();
    await page.getByLabel("Filled PDF", { exact: true }).setInputFiles(file);
    await page.getByLabel("Document type", { exact: true }).selectOption("COMMERCIAL_INVOICE");
    expect(await page.getByLabel("Shipment", { exact: true }).inputValue()).toBe(s.id);
    await page.getByRole("button", { name: "Upload and merge" }).click();
    const text = await page.locator("main").innerText();
    expect(text).toContain("Merged");
    expect(text).toMatch(/route\.vessel_name\s+MSC Filled <i>In<\/i>\s+Updated/);
    expect(await page.locator("main i").count()).toBe(0);
    await checkAxe(page);
    await screenshots(page, "filled-form");
    const stored = await findShipment(services.db, accountId, s.id);
    expect((stored!.shipment_data.route as Record<string, unknown>).vessel_name).toBe("MSC Filled <i>In</i>");
  }, 400_000);
});
