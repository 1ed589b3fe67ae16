import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { json, spawnServer, type SpawnedServer } from "../support/spawn-server.ts";
import { sampleShipment } from "../support/sample-shipments.ts";
import { screenshotDir } from "../support/screenshot-dir.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The three checks of each credential on the page once the script has run: [type, integrity, status, issuer, summary]. */
async function checksOf(page: Page) {
  await page.waitForFunction(
    () => [...document.querySelectorAll(".vc")].every((b) => (b as HTMLElement).dataset.state !== "pending"),
    null,
    {
      timeout: 30_000,
    },
  );
  return page.$$eval(".vc", (boxes) =>
    boxes.map((b) => [
      b.querySelector("h3")?.firstChild?.textContent?.trim(),
      ...["integrity", "status", "issuer"].map((c) => (b.querySelector(`[data-check="${c}"]`) as HTMLElement).dataset.state),
      b.querySelector(".summary")?.textContent,
    ]),
  );
}

describe("the verification page checks the signed credentials in a real browser", { timeout: 240_000 }, () => {
  let server: SpawnedServer;
  let browser: Browser;
  let dataDir: string;
  let hash: string;
  let jobs: { jobId: string; docType: string }[];
  const shots = screenshotDir("verification");
  const headers = () => ({ apikey: server.anonKey, authorization: `Bearer ${server.defaultApiKey}`, "content-type": "application/json" });

  beforeAll(async () => {
    expect(existsSync(CHROMIUM), `chromium not found at ${CHROMIUM}`).toBe(true);
    dataDir = await mkdtemp(join(tmpdir(), "tds-verify-vc-"));
    server = await spawnServer({ runtime: "node", env: { TDS_DATA_DIR: dataDir } });
    const r = await json(
      await fetch(`${server.url}/functions/v1/generate-documents`, {
        method: "POST",
        headers: headers(),
        body: JSON.stringify({
          shipment: sampleShipment(),
          document_types: ["COMMERCIAL_INVOICE", "CERTIFICATE_OF_ORIGIN"],
          confirm_warnings: true,
        }),
      }),
    );
    expect(r.status).toBe(202);
    jobs = r.body.jobs;
    for (const j of jobs) {
      for (let i = 0; ; i++) {
        const d = await json(await fetch(`${server.url}/api/v1/documents/${j.jobId}`, { headers: headers() }));
        hash = d.body.hash;
        if (d.body.status === "completed") break;
        expect(i).toBeLessThan(600); // a bound on waiting, not a speed check
        await new Promise((res) => setTimeout(res, 100));
      }
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"] });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("passes all three checks of each credential, on a phone and on a desktop, without horizontal scrolling", async () => {
    for (const width of [390, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      page.on("pageerror", (e) => errors.push(String(e)));
      expect((await page.goto(`${server.url}/verify/${hash}`))?.status()).toBe(200);
      const checks = await checksOf(page);
      expect(checks.map((c) => c[0]).sort()).toEqual(["Certificate of Origin", "Commercial Invoice"]);
      for (const c of checks) expect(c.slice(1)).toEqual(["passed", "passed", "passed", "All three checks passed."]);
      expect(errors).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(shots, `verify-credentials-${width}.png`), fullPage: true });
      await page.close();
    }
  });

  it("checks the PDF a visitor picks, in the browser: the generated PDF's embedded credential and the PDF/A-2b copy's XMP one", async () => {
    const origin = jobs.find((j) => j.docType === "CERTIFICATE_OF_ORIGIN")!;
    const generated = Buffer.from(
      await (await fetch(`${server.url}/api/v1/documents/${origin.jobId}/download`, { headers: headers() })).arrayBuffer(),
    );
    const flat = await json(
      await fetch(`${server.url}/functions/v1/flatten-document`, {
        method: "POST",
        headers: headers(),
        body: JSON.stringify({ job_id: origin.jobId }),
      }),
    );
    expect(flat.status, JSON.stringify(flat.body)).toBe(200);
    const u = new URL(flat.body.download_url);
    const pdfa = Buffer.from(await (await fetch(`${server.url}${u.pathname}${u.search}`)).arrayBuffer());
    expect(pdfa.toString("latin1")).toContain("<pdfaid:part>2</pdfaid:part>");

    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`${server.url}/verify/${hash}`);
    const box = page.locator("[data-file-check]");
    const pick = async (name: string, buffer: Buffer) => {
      await box.locator("input[type=file]").setInputFiles({ name, mimeType: "application/pdf", buffer });
      await page.waitForFunction(() => {
        const state = (document.querySelector("[data-file-check]") as HTMLElement).dataset.state;
        return state === "passed" || state === "failed";
      });
      return {
        checks: await box.locator("[data-check]").evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.state)),
        source: await box.locator(".source").textContent(),
        summary: await box.locator(".summary").textContent(),
      };
    };
    expect(await pick("origin.pdf", generated)).toEqual({
      checks: ["passed", "passed", "passed"],
      source: "Found in the PDF as its embedded file credential.jwt.",
      summary: "All three checks passed.",
    });
    expect(await pick("origin-pdfa.pdf", pdfa)).toEqual({
      checks: ["passed", "passed", "passed"],
      source: "Found in the PDF's XMP metadata (its PDF/A-2b archival copy).",
      summary: "All three checks passed.",
    });
    // A PDF without a credential, and a copy whose XMP credential had one byte changed.
    const plain = Buffer.from("%PDF-1.7\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
    const none = await pick("plain.pdf", plain);
    expect(none.checks).toEqual(["failed", "failed", "failed"]);
    expect(await box.locator('[data-check="integrity"] .detail').textContent()).toContain("carries no credential");
    const text = pdfa.toString("latin1");
    const at = text.indexOf("<tdsvc:credential>") + "<tdsvc:credential>".length + 60;
    const tampered = Buffer.from(text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1), "latin1");
    expect((await pick("tampered.pdf", tampered)).checks[0]).toBe("failed");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("one changed byte fails integrity; a revoked document fails status; the others still pass", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    // The browser receives a credential with one byte changed (as a tampered copy would be).
    await page.route("**/credentials/*", async (route) => {
      if (route.request().url().includes("/status/")) return route.continue();
      const res = await route.fetch();
      const jwt = await res.text();
      const at = jwt.indexOf(".") + 50;
      await route.fulfill({ response: res, body: jwt.slice(0, at) + (jwt[at] === "A" ? "B" : "A") + jwt.slice(at + 1) });
    });
    await page.goto(`${server.url}/verify/${hash}`);
    for (const c of await checksOf(page)) {
      expect(c[1]).toBe("failed");
      expect(c[4]).not.toBe("All three checks passed.");
    }
    await page.close();

    const invoice = jobs.find((j) => j.docType === "COMMERCIAL_INVOICE")!;
    expect((await fetch(`${server.url}/api/v1/documents/${invoice.jobId}/revoke`, { method: "POST", headers: headers() })).status).toBe(
      200,
    );
    const after = await browser.newPage({ viewport: { width: 390, height: 900 } });
    await after.goto(`${server.url}/verify/${hash}`);
    const checks = await checksOf(after);
    expect(checks.find((c) => c[0] === "Commercial Invoice")).toEqual([
      "Commercial Invoice",
      "passed",
      "failed",
      "passed",
      "2 of 3 checks passed.",
    ]);
    expect(checks.find((c) => c[0] === "Certificate of Origin")?.slice(1, 4)).toEqual(["passed", "passed", "passed"]);
    expect(await after.locator('[data-check="status"][data-state="failed"] .detail').textContent()).toContain("Revoked");
    await after.screenshot({ path: join(shots, "verify-credentials-revoked-390.png"), fullPage: true });
  });

  it("still verifies a hash whose documents were issued before credentials, by hash alone and without scripts", async () => {
    // A validation without generation: its hash (no document types) has no credential, like a document from before.
    const v = await json(
      await fetch(`${server.url}/functions/v1/validate-shipment`, {
        method: "POST",
        headers: headers(),
        body: JSON.stringify({ shipment: sampleShipment() }),
      }),
    );
    expect(v.body.validation_hash).not.toBe(hash);
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    expect((await page.goto(`${server.url}/verify/${v.body.validation_hash}`))?.status()).toBe(200);
    await expect(page.locator(".status").textContent()).resolves.toContain("Verified");
    expect(await page.locator("body").innerText()).toContain("verified by their hash alone");
    expect(await page.locator("script").count()).toBe(0);
  });
});
