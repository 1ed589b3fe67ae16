/**
 * Dashboard > Screening (issue 37): owners and admins record decisions, members read them; CSRF on the
 * form; every value escaped; monitoring matches shown. Axe, no sideways scrolling, screenshots at 390 and
 * 1280 px (UPDATE_SCREENSHOTS=1 writes docs/dashboard/).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { checkAxe, createMember, launchBrowser, signIn, startDashboardServer, type DashboardServer } from "../support/dashboard-harness.ts";
import { screenshotDir } from "../support/screenshot-dir.ts";
import { MINIMAL_SANCTIONS } from "../support/minimal-sanctions.ts";
import { insertReview } from "../../shared/screening/reviews/review-repository.ts";
import { insertMonitorMatch } from "../../shared/screening/monitoring/monitor-repository.ts";
import { currentListings } from "../../shared/screening/reviews/current-listings.ts";

const OUT = screenshotDir();
const PASSWORD = "screening pages need a password";
const MARKUP = `<b>Bold</b> & "quoted" <script>x</script>`;
const LISTED = MINIMAL_SANCTIONS[0].name;

describe("screening reviews in the dashboard", { timeout: 300_000 }, () => {
  let server: DashboardServer;
  let browser: Browser;
  const contexts = new Map<string, BrowserContext>();

  beforeAll(async () => {
    server = await startDashboardServer();
    browser = await launchBrowser();
    for (const role of ["owner", "admin", "member"] as const) {
      await createMember(server.services, server.accountId, `${role}@example.com`, role, PASSWORD);
    }
    const reviewer = { kind: "member" as const, id: "m", label: `officer${MARKUP}@example.com` };
    await insertReview(server.services.db, server.accountId, {
      party_name: `Party ${MARKUP}`,
      party_name_normalised: "party b bold b quoted script x script",
      list: "OFAC SDN",
      entry_id: `E${MARKUP}`,
      entry_hash: "d".repeat(64),
      decision: "cleared",
      reason: `Reason ${MARKUP}`,
      reviewer,
    });
    await insertMonitorMatch(server.services.db, server.accountId, {
      subject_kind: "party",
      subject_id: "party_0123456789abcdef0123456789abcdef",
      party_role: null,
      party_name: `Saved ${MARKUP}`,
      party_name_normalised: "saved",
      list: "UN",
      entry_id: "QDe.001",
      entry_hash: "e".repeat(64),
      program: "UN 1267",
      effect: "asset_freeze",
      severity: "error",
      matched_name: `Listed ${MARKUP}`,
      entry_name: `Listed ${MARKUP}`,
      score: 0.97,
      change_id: 1,
    });
    mkdirSync(OUT, { recursive: true });
  }, 300_000);
  afterAll(async () => {
    for (const c of contexts.values()) await c.close();
    await browser?.close();
    await server?.close();
  });

  async function context(as: string, width: number): Promise<BrowserContext> {
    const key = `${as}-${width}`;
    let ctx = contexts.get(key);
    if (!ctx) {
      ctx = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
      await signIn(await ctx.newPage(), server.baseUrl, `${as}@example.com`, PASSWORD);
      contexts.set(key, ctx);
    }
    return ctx;
  }

  async function open(as: string, width: number, path = "/dashboard/screening"): Promise<{ page: Page; status: number }> {
    const page = await (await context(as, width)).newPage();
    const res = await page.goto(`${server.baseUrl}${path}`);
    return { page, status: res!.status() };
  }

  async function checked(page: Page, name: string, width: number): Promise<void> {
    await checkAxe(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(OUT, `${name}-${width}.png`), fullPage: true });
  }

  it("owners see the form, the trail and monitoring matches, every value escaped, at 390 and 1280 px", async () => {
    for (const width of [390, 1280]) {
      const { page, status } = await open("owner", width);
      expect(status).toBe(200);
      expect(await page.getByRole("heading", { name: "Record a decision" }).count()).toBe(1);
      expect(await page.locator("td", { hasText: `Reason ${MARKUP}` }).count()).toBe(1);
      expect(await page.locator("td", { hasText: `Saved ${MARKUP}` }).count()).toBe(1);
      expect(await page.locator("main b, main script").count()).toBe(0);
      expect(await page.locator("nav a[aria-current=page]").textContent()).toBe("Screening");
      await checked(page, "screening", width);
      await page.close();
    }
  });

  it("members read the trail without a form; a member's POST with a valid token is refused with 403", async () => {
    const { page, status } = await open("member", 1280);
    expect(status).toBe(200);
    expect(await page.getByRole("heading", { name: "Record a decision" }).count()).toBe(0);
    expect(await page.locator("td", { hasText: `Reason ${MARKUP}` }).count()).toBe(1);
    const token = await page.locator("input[name=_csrf]").first().getAttribute("value");
    const res = await page.request.post(`${server.baseUrl}/dashboard/screening/reviews`, {
      form: { _csrf: token!, party_name: LISTED, list: "OFAC SDN", entry_id: "990001", decision: "cleared", reason: "x" },
    });
    expect(res.status()).toBe(403);
    expect(await res.text()).toContain("Only owners and admins");
    await checked(page, "screening-member", 1280);
    await page.close();
  });

  it("a POST without the CSRF token is refused (403), and nothing is recorded", async () => {
    const { page } = await open("owner", 1280);
    const res = await page.request.post(`${server.baseUrl}/dashboard/screening/reviews`, {
      form: { party_name: LISTED, list: "OFAC SDN", entry_id: "990001", decision: "cleared", reason: "no token" },
    });
    expect(res.status()).toBe(403);
    expect(await res.text()).toContain("Form not accepted");
    const n = await server.services.db.query<{ n: number }>("select count(*)::int as n from screening_reviews where reason = 'no token'");
    expect(n[0].n).toBe(0);
    await page.close();
  });

  it("the form: missing fields are marked (400); a name that does not match the entry is refused in words (409)", async () => {
    const { page } = await open("admin", 1280);
    await page.getByRole("button", { name: "Record decision" }).click();
    await page.waitForLoadState();
    expect(await page.locator("[role=alert]").textContent()).toContain("not recorded");
    expect(await page.locator("#rv-reason[aria-invalid=true]").count()).toBe(1);
    expect(await page.locator("#rv-decision-hint").textContent()).toContain("Choose cleared or confirmed");
    await checked(page, "screening-form-errors", 1280);
    await page.getByLabel("Party name", { exact: true }).fill("Harmless Bakery GmbH");
    await page.getByLabel("List", { exact: true }).fill("OFAC SDN");
    await page.getByLabel("Entry id", { exact: true }).fill("990001");
    await page.getByRole("radio", { name: /Cleared/ }).check();
    await page.getByLabel("Reason", { exact: true }).fill("not them");
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/dashboard/screening/reviews")),
      page.getByRole("button", { name: "Record decision" }).click(),
    ]);
    expect(res.status()).toBe(409);
    expect(await page.locator("[role=alert]").textContent()).toContain("does not match");
    await page.close();
  });

  it("an admin records a clearance of a current match: redirected with a notice, the decision in the trail with the admin's email", async () => {
    const current = await currentListings(server.services.db, LISTED);
    expect(current.loaded).toBe(true);
    const listing = current.loaded ? current.listings[0] : undefined;
    expect(listing?.entry_hash).toMatch(/^[0-9a-f]{64}$/);
    const { page } = await open("admin", 390);
    await page.getByLabel("Party name", { exact: true }).fill(LISTED);
    await page.getByLabel("List", { exact: true }).fill(listing!.list);
    await page.getByLabel("Entry id", { exact: true }).fill(listing!.entry_id);
    await page.getByRole("radio", { name: /Cleared/ }).check();
    await page.getByLabel("Reason", { exact: true }).fill("Different registration number");
    await Promise.all([page.waitForURL(/done=recorded/), page.getByRole("button", { name: "Record decision" }).click()]);
    expect(await page.locator("[role=status]").first().textContent()).toContain("decision is recorded");
    const row = page.locator("tr", { hasText: "Different registration number" });
    expect(await row.locator("td").nth(5).textContent()).toBe("admin@example.com");
    await page.close();
  });
});
