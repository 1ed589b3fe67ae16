/**
 * The shipments pages in a real browser (Debian's Chromium): create a shipment in the form, validate,
 * fix the failing field, generate (confirming soft warnings), download a PDF, make its PDF/A copy, open
 * its verification page; markup typed into fields stays text; another account's ids answer not found;
 * the form works without JavaScript. Screenshots at 390 and 1280 px go to docs/dashboard/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { checkAxe, createMember, launchBrowser, signIn, startDashboardServer, type DashboardServer } from "../support/dashboard-harness.ts";
import { createAccount } from "../../shared/accounts/account-repository.ts";
import { createParty } from "../../shared/parties/party-service.ts";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import { importReferenceDir } from "../../shared/reference/import-reference-dir.ts";
import { forgetHsSearchState } from "../../shared/hs-codes/hs-code-service.ts";
import { screenshotDir } from "../support/screenshot-dir.ts";

/** A hand-made slice of the EU Combined Nomenclature in the importer's file format. */
const EU_CN: Record<string, unknown> = {
  "eu_cn2026_codes.json.gz": [
    {
      code: "61091000",
      rawCode: "6109 10 00",
      name: "Of cotton",
      version: 2026,
      subheading: null,
      heading: "6109",
      chapter: "61",
      section: "XI",
    },
    {
      code: "84713000",
      rawCode: "8471 30 00",
      name: "Portable automatic data-processing machines, weighing not more than 10 kg",
      version: 2026,
      subheading: null,
      heading: "8471",
      chapter: "84",
      section: "XVI",
    },
  ],
  "eu_cn2026_headings.json.gz": [
    {
      code: "6109",
      rawCode: "6109",
      name: "T-shirts, singlets and other vests, knitted or crocheted",
      version: 2026,
      chapter: "61",
      section: "XI",
    },
    {
      code: "8471",
      rawCode: "8471",
      name: "Automatic data-processing machines and units thereof",
      version: 2026,
      chapter: "84",
      section: "XVI",
    },
  ],
  "eu_cn2026_chapters.json.gz": [
    { code: "61", rawCode: "61", name: "ARTICLES OF APPAREL AND CLOTHING ACCESSORIES, KNITTED OR CROCHETED", version: 2026, section: "XI" },
    { code: "84", rawCode: "84", name: "NUCLEAR REACTORS, BOILERS, MACHINERY", version: 2026, section: "XVI" },
  ],
  "eu_cn2026_sections.json.gz": [{ code: "XI", rawCode: "XI", name: "TEXTILES", version: 2026 }],
};

const SHOTS = screenshotDir();
const PASSWORD = "a long test password 7";
const REF = `<script>alert("ref")</script> SHP & "7"`;
const EXPORTER = "Łódź Textiles <b>Sp.</b> z o.o.";

async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, `shipments-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

describe("shipments pages in a real browser", () => {
  let server: DashboardServer;
  let browser: Browser;
  let page: Page;
  let shipmentUrl = "";
  let downloadPath = "";

  beforeAll(async () => {
    server = await startDashboardServer();
    await createMember(server.services, server.accountId, "maria@example.test", "member", PASSWORD);
    await createParty(server.services.db, server.accountId, {
      name: "Müller GmbH",
      address: "Hafenstraße 5",
      city: "Hamburg",
      country: "DE",
      tax_ids: { eori: "DE123456789" },
    } as never);
    const other = await createAccount(server.services.db, "Other account", "growth");
    await createMember(server.services, other.id, "eve@example.test", "owner", PASSWORD);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await signIn(page, server.baseUrl, "maria@example.test", PASSWORD);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  }, 400_000);

  it("creates a shipment in the form: markers from the requirement table, rows added with JS, saved parties offered", async () => {
    await page.goto(`${server.baseUrl}/dashboard/shipments/new`);
    await page.getByLabel("Commercial Invoice").check();
    await expect.poll(() => page.locator('[data-field="goods.currency"] .marker').textContent()).toBe("Required for Commercial Invoice");
    await expect
      .poll(() => page.locator('[data-field="route.port_of_loading"] .marker').textContent())
      .toBe("Recommended for Commercial Invoice");
    await field(page, "shipment_ref").fill(REF);
    await field(page, "exporter.name").fill(EXPORTER);
    await field(page, "exporter.address").fill("ul. Piotrkowska 1");
    await field(page, "exporter.city").fill("Łódź");
    await field(page, "exporter.country").fill("PL");
    // The page's own list names the saved parties: picking one before any suggestion request has answered
    // (a change with no input event before it) still fills the rest. CI once saw this race under load.
    await field(page, "importer.name").evaluate((el) => {
      (el as HTMLInputElement).value = "Müller GmbH";
      el.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await expect.poll(() => field(page, "importer.address").inputValue()).toBe("Hafenstraße 5");
    expect(await field(page, "importer.country").inputValue()).toBe("DE");
    // Typing part of a saved party's name offers it with its place (the suggestion request answered);
    // choosing it fills the rest.
    await field(page, "importer.address").fill("");
    await field(page, "importer.name").fill("");
    await field(page, "importer.name").pressSequentially("Müll", { delay: 30 });
    await expect
      .poll(() =>
        page.locator("#saved-parties option").evaluateAll((o) => o.map((x) => `${(x as HTMLOptionElement).value} (${x.textContent})`)),
      )
      .toContain("Müller GmbH (Hamburg, DE)");
    await field(page, "importer.name").fill("Müller GmbH");
    await field(page, "importer.name").dispatchEvent("change");
    await expect.poll(() => field(page, "importer.address").inputValue()).toBe("Hafenstraße 5");
    await field(page, "route.origin_country").fill("PL");
    await field(page, "route.destination_country").fill("DE");
    await field(page, "route.transport_mode").selectOption("sea");
    await field(page, "route.incoterms").selectOption("CIF");
    await field(page, "route.port_of_loading").fill("PLGDN");
    await field(page, "route.port_of_discharge").fill("DEHAM");
    await field(page, "goods.currency").fill("EUR");
    await field(page, "goods.total_value").fill("1300");
    const item = async (i: number, values: Record<string, string>) => {
      for (const [k, v] of Object.entries(values)) await field(page, `goods.line_items.${i}.${k}`).fill(v);
    };
    await item(0, {
      description: "Cotton shirts",
      hs_code: "6205200000",
      quantity: "100",
      unit: "pcs",
      unit_price: "12.3",
      origin_country: "PL",
      net_weight_kg: "20",
      gross_weight_kg: "22",
    });
    await page.getByRole("button", { name: "Add line item" }).click();
    await expect.poll(() => page.locator('[data-group="line_items"] fieldset.row').count()).toBe(2);
    await item(1, {
      description: "Linen",
      hs_code: "5309110000",
      quantity: "1",
      unit: "roll",
      unit_price: "4.5",
      origin_country: "PL",
      net_weight_kg: "5",
      gross_weight_kg: "6",
    });
    await field(page, "packaging.total_packages").fill("2");
    await field(page, "packaging.total_gross_weight_kg").fill("28");
    await checkAxe(page);
    await screenshots(page, "form");
    await page.getByRole("button", { name: "Save shipment" }).first().click();
    await page.waitForURL(/\/dashboard\/shipments\/[0-9a-f-]{36}\?notice=created/).catch(async (e) => {
      throw new Error(`${e}\n${await page.locator("main").innerText()}`);
    });
    shipmentUrl = page.url().split("?")[0];
    await expect.poll(() => page.getByRole("status").first().innerText()).toContain("Shipment saved.");
    // Markup typed into fields is shown as text, never run or rendered.
    expect(await page.locator("h1").textContent()).toBe(REF);
    expect(await page.locator("main").innerText()).toContain(EXPORTER);
    expect(await page.locator("main b, main script").count()).toBe(0);
  }, 400_000);

  it("validates, shows the failing rule beside its field, and the fix passes", async () => {
    await page.goto(shipmentUrl);
    await Promise.all([page.waitForURL(/notice=validated_failed/), page.getByRole("button", { name: "Validate" }).click()]);
    const total = page.locator("dd.has-error", { hasText: "rule_total_matches_line_items" });
    await expect.poll(() => total.innerText()).toContain("Declared total");
    await expect.poll(() => total.innerText()).toContain("1234.5");
    await checkAxe(page);
    await screenshots(page, "validation-failed");

    await page.getByRole("link", { name: "Edit shipment" }).click();
    const totalField = page.locator('[data-field="goods.total_value"]');
    await expect.poll(() => totalField.getAttribute("class")).toMatch(/field--error/);
    await expect.poll(() => totalField.innerText()).toContain("rule_total_matches_line_items");
    await checkAxe(page);
    await field(page, "goods.total_value").fill("1234.5");
    await Promise.all([page.waitForURL(/notice=saved/), page.getByRole("button", { name: "Save changes" }).first().click()]);
    await Promise.all([page.waitForURL(/notice=validated_ok/), page.getByRole("button", { name: "Validate" }).click()]);
    await page.getByText("Passed", { exact: true }).waitFor({ state: "visible" });
  }, 400_000);

  it("generates with chosen types: soft warnings shown on their fields and confirmed, progress until ready, download, PDF/A, verification", async () => {
    await page.goto(`${shipmentUrl}/generate`);
    await page.getByLabel("Bill of Lading").check();
    await page.getByLabel("Commercial Invoice").check();
    await page.getByRole("button", { name: "Generate documents" }).click();
    // B/L: vessel is required but no pre-check blocks; freight payment and place of delivery are soft warnings.
    await page.getByRole("link", { name: "Freight payment (PREPAID or COLLECT)" }).waitFor({ state: "visible" });
    await checkAxe(page);
    await screenshots(page, "generate-warnings");
    await Promise.all([
      page.waitForURL(/notice=generating/),
      page.getByRole("button", { name: "Generate anyway with blank fields" }).click(),
    ]);
    // progress.js polls and reloads the page once every document is ready.
    await page.getByRole("link", { name: /Download PDF of the Commercial Invoice/ }).waitFor({ state: "visible", timeout: 90_000 });
    await page.getByRole("link", { name: /Download PDF of the Bill of Lading/ }).waitFor({ state: "visible" });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /Download PDF of the Commercial Invoice/ }).click(),
    ]);
    downloadPath = join(tmpdir(), `tds-dashboard-ci-${Date.now()}.pdf`);
    await download.saveAs(downloadPath);
    const { readFile } = await import("node:fs/promises");
    expect(new TextDecoder().decode((await readFile(downloadPath)).subarray(0, 5))).toBe("%PDF-");
    expect(download.suggestedFilename()).toMatch(/^commercial_invoice-[0-9a-f]{8}\.pdf$/);
    await rm(downloadPath, { force: true });

    await Promise.all([
      page.waitForURL(/notice=flattened/, { timeout: 90_000 }),
      page.getByRole("button", { name: /Make PDF\/A copy of the Bill of Lading/ }).click(),
    ]);
    await page.getByRole("link", { name: /PDF\/A of the Bill of Lading/ }).waitFor({ state: "visible" });
    await expect.poll(() => page.locator("svg.qr").count()).toBe(1);
    await page.locator("details", { hasText: "What changed" }).locator("summary").click();
    await checkAxe(page);
    await screenshots(page, "shipment");

    await page.getByRole("link", { name: "Open the verification page" }).click();
    await expect.poll(() => page.locator(".status").innerText()).toContain("Verified");
  }, 400_000);

  it("lists shipments with status filter and search; another account's ids answer not found", async () => {
    await page.goto(`${server.baseUrl}/dashboard/shipments?status=generated&search=${encodeURIComponent("SHP")}`);
    await expect.poll(() => page.locator("table.shipments-table tbody tr").count()).toBe(1);
    await checkAxe(page);
    await screenshots(page, "list");
    await page.goto(`${server.baseUrl}/dashboard/shipments?status=draft`);
    await expect.poll(() => page.locator("main").innerText()).toContain("No shipments match these filters");

    const eve = await browser.newPage();
    await signIn(eve, server.baseUrl, "eve@example.test", PASSWORD);
    for (const path of ["", "/edit", "/generate", "/jobs.json"]) {
      const res = await eve.goto(`${shipmentUrl}${path}`);
      expect(res?.status(), path).toBe(404);
    }
    const res = await eve.goto(`${server.baseUrl}/dashboard/shipments`);
    expect(res?.status()).toBe(200);
    await expect.poll(() => eve.locator("main").innerText()).toContain("No shipments yet");
    await eve.close();
  }, 400_000);

  it("works without JavaScript: add a row and fill a saved party with buttons", async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const nojs = await ctx.newPage();
    await signIn(nojs, server.baseUrl, "maria@example.test", PASSWORD);
    await nojs.goto(`${server.baseUrl}/dashboard/shipments/new`);
    await field(nojs, "goods.line_items.0.description").fill("Kept while adding");
    await nojs.getByRole("button", { name: "Add line item" }).click();
    await expect.poll(() => nojs.locator('[data-group="line_items"] fieldset.row').count()).toBe(2);
    expect(await field(nojs, "goods.line_items.0.description").inputValue()).toBe("Kept while adding");
    await field(nojs, "importer.name").fill("müller gmbh");
    await nojs.getByRole("button", { name: "Fill importer from the saved party with this name" }).click();
    expect(await field(nojs, "importer.address").inputValue()).toBe("Hafenstraße 5");
    await nojs.getByLabel("Bill of Lading").check();
    await nojs.getByRole("button", { name: "Show what these documents need" }).click();
    await expect.poll(() => nojs.locator('[data-field="route.vessel_name"] .marker').textContent()).toBe("Required for Bill of Lading");
    await nojs.getByRole("button", { name: "Save as draft" }).first().click();
    await expect.poll(() => nojs.getByRole("status").first().innerText()).toContain("Draft saved.");
    await ctx.close();
  }, 400_000);

  it("suggests HS codes of the destination's schedule while typing, and with a button without JavaScript", async () => {
    // Loaded only now: with the EU schedule present the earlier shipment's codes would be looked up too.
    const dir = await mkdtemp(join(tmpdir(), "tds-eu-cn-"));
    await mkdir(join(dir, "eu_cn"));
    for (const [name, rows] of Object.entries(EU_CN)) await writeFile(join(dir, "eu_cn", name), gzipSync(JSON.stringify(rows)));
    await importReferenceDir(server.services.db, dir, { only: ["hs_codes_eu"] });
    forgetHsSearchState(server.services.db);
    await rm(dir, { recursive: true, force: true });

    await page.goto(`${server.baseUrl}/dashboard/shipments/new`);
    await field(page, "route.destination_country").fill("DE");
    await field(page, "goods.line_items.0.hs_code").pressSequentially("cotton", { delay: 30 });
    await expect
      .poll(() => page.locator("#hs-0 option").evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)))
      .toContain("61091000");

    // An earlier request answered last does not replace the latest answer: "cot" is held until "cotton"
    // has filled the list, then let through.
    await page.goto(`${server.baseUrl}/dashboard/shipments/new`);
    await field(page, "route.destination_country").fill("DE");
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/suggest\/hs\?q=cot&/, async (route) => {
      await held;
      await route.continue();
    });
    const early = page.waitForRequest(/\/suggest\/hs\?q=cot&/);
    await field(page, "goods.line_items.0.hs_code").pressSequentially("cot");
    await early;
    await field(page, "goods.line_items.0.hs_code").pressSequentially("ton");
    const hsOptions = () => page.locator("#hs-0 option").evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
    await expect.poll(hsOptions).toContain("61091000");
    const late = page.waitForResponse(/\/suggest\/hs\?q=cot&/);
    release();
    expect(((await (await late).json()) as { results: { code: string }[] }).results.map((r) => r.code)).not.toContain("61091000");
    await page.evaluate(() => new Promise((r) => setTimeout(r, 200)));
    expect(await hsOptions()).toContain("61091000");
    await page.unroute(/\/suggest\/hs\?q=cot&/);

    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const nojs = await ctx.newPage();
    await signIn(nojs, server.baseUrl, "maria@example.test", PASSWORD);
    await nojs.goto(`${server.baseUrl}/dashboard/shipments/new`);
    await field(nojs, "route.destination_country").fill("FR");
    await field(nojs, "goods.line_items.0.description").fill("portable data-processing machines");
    await nojs.getByRole("button", { name: "Suggest HS codes for line item 1" }).click();
    expect(await nojs.locator("#hs-0 option").evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))).toContain("84713000");
    expect(await nojs.locator('[data-group="line_items"] p[role=status]').innerText()).toContain("EU Combined Nomenclature");
    await ctx.close();
  }, 400_000);
});
