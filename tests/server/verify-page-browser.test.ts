import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { json, spawnServer, type SpawnedServer } from "../support/spawn-server.ts";
import { sampleShipment } from "../support/sample-shipments.ts";

// Debian's chromium (apt-get install chromium); .ci/run installs it.
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

describe("the public verification page in a real browser (phone viewport)", () => {
  let server: SpawnedServer;
  let browser: Browser;
  let dataDir: string;
  let hash: string;

  beforeAll(async () => {
    expect(existsSync(CHROMIUM), `chromium not found at ${CHROMIUM}`).toBe(true);
    dataDir = await mkdtemp(join(tmpdir(), "tds-verify-page-"));
    server = await spawnServer({ runtime: "node", env: { TDS_DATA_DIR: dataDir } });
    const r = await json(
      await fetch(`${server.url}/functions/v1/validate-shipment`, {
        method: "POST",
        headers: { apikey: server.anonKey, authorization: `Bearer ${server.defaultApiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ shipment: sampleShipment() }),
      }),
    );
    hash = r.body.validation_hash;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("shows a verified hash plainly, with what it does and does not assert, without horizontal scrolling", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const res = await page.goto(`${server.url}/verify/${hash}`);
    expect(res?.status()).toBe(200);
    await expect(page.locator(".status").textContent()).resolves.toContain("Verified");
    const text = await page.locator("body").innerText();
    expect(text).toContain("What a verified result means");
    expect(text).toContain("What it does not mean");
    expect(text).toContain(hash);
    expect(text).toMatch(/PL\s*→\s*DE/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const fontSize = await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(16);
    await page.screenshot({ path: join(tmpdir(), "tds-verify-page-verified.png"), fullPage: true });
  });

  it("says plainly when a hash is unknown (404), and escapes whatever was typed in the address", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const res = await page.goto(`${server.url}/verify/${encodeURIComponent("<script>alert(1)</script>")}`);
    expect(res?.status()).toBe(404);
    await expect(page.locator(".status").textContent()).resolves.toContain("Not verified");
    expect(await page.locator("script").count()).toBe(0);
    expect(await page.locator("body").innerText()).toContain("<script>alert(1)</script>");
    await page.screenshot({ path: join(tmpdir(), "tds-verify-page-unknown.png"), fullPage: true });
  });
});
