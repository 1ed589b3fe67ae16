/**
 * The dashboard's "Revoke credential" button in a real browser: a document's credential is revoked by a
 * CSRF-protected form (a post without the page's token, or from another site, is refused and revokes
 * nothing), the row then says so, and the status list shows the bit set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createMember, launchBrowser, signIn, startDashboardServer, type DashboardServer } from "../support/dashboard-harness.ts";
import { insertShipment } from "../../shared/shipments/shipment-repository.ts";
import { generateDocuments } from "../../shared/generation/generate-documents.ts";
import { backgroundTasksIdle } from "../../shared/server/background-tasks.ts";
import { sampleShipment } from "../support/sample-shipments.ts";
import { findCredentialByJob } from "../../shared/credentials/credential-repository.ts";
import { readStatusBit } from "../../shared/credentials/status-list.ts";

const PASSWORD = "a long test password 7";

describe("revoking a document's credential in the dashboard", () => {
  let server: DashboardServer;
  let browser: Browser;
  let page: Page;
  let shipmentUrl: string;
  let invoiceJob: string;
  let ladingJob: string;

  beforeAll(async () => {
    server = await startDashboardServer();
    await createMember(server.services, server.accountId, "ops@example.test", "member", PASSWORD);
    const s = await insertShipment(server.services.db, {
      accountId: server.accountId,
      createdBy: "test",
      shipmentRef: "SHP-REVOKE",
      data: sampleShipment(),
      status: "created",
      maxGenerations: 2,
      countsTowardQuota: false,
    });
    const r = await generateDocuments(
      server.services,
      { accountId: server.accountId, keyId: "test", tier: "growth" },
      {
        shipment: sampleShipment(),
        documentTypes: ["COMMERCIAL_INVOICE", "BILL_OF_LADING"],
        shipmentId: s.id,
        finalDoc: false,
        confirmWarnings: true,
      },
    );
    expect(r.status).toBe(202);
    if (r.status !== 202) return;
    invoiceJob = r.body.jobs.find((j) => j.docType === "COMMERCIAL_INVOICE")!.jobId;
    ladingJob = r.body.jobs.find((j) => j.docType === "BILL_OF_LADING")!.jobId;
    const { wakeBackgroundTasks } = await import("../../shared/jobs/background-registry.ts");
    wakeBackgroundTasks();
    await backgroundTasksIdle();
    shipmentUrl = `${server.baseUrl}/dashboard/shipments/${s.id}`;
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.baseUrl, "ops@example.test", PASSWORD);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("refuses a post without the page's token or from another site, and revokes nothing", async () => {
    const action = `${shipmentUrl}/documents/${invoiceJob}/revoke`;
    const noToken = await page.request.post(action, { form: {}, headers: { origin: server.baseUrl }, maxRedirects: 0 });
    expect(noToken.status()).toBe(403);
    await page.goto(shipmentUrl);
    const token = (await page.locator("input[name=_csrf]").first().getAttribute("value"))!;
    const crossSite = await page.request.post(action, {
      form: { _csrf: token },
      headers: { origin: "http://evil.example" },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);
    expect((await findCredentialByJob(server.services.db, invoiceJob))?.revoked_at).toBeNull();
  });

  it("revokes with the button: the row says so, the status list has the bit set, the other document is untouched", async () => {
    await page.goto(shipmentUrl);
    await Promise.all([
      page.waitForURL(/notice=revoked/),
      page.getByRole("button", { name: "Revoke credential of the Commercial Invoice" }).click(),
    ]);
    await expect.poll(() => page.locator(`tr[data-job="${invoiceJob}"]`).innerText()).toContain("Credential revoked");
    expect(await page.getByRole("button", { name: "Revoke credential of the Bill of Lading" }).count()).toBe(1);
    const revoked = (await findCredentialByJob(server.services.db, invoiceJob))!;
    expect(revoked.revocation_reason).toBe("revoked");
    const list = await (await fetch(`${server.baseUrl}/credentials/status/${revoked.status_list}`)).text();
    const encoded = JSON.parse(Buffer.from(list.split(".")[1], "base64url").toString()).credentialSubject.encodedList;
    expect(readStatusBit(encoded, revoked.status_index)).toBe(true);
    const other = (await findCredentialByJob(server.services.db, ladingJob))!;
    expect(other.status_list).toBe(revoked.status_list);
    expect(readStatusBit(encoded, other.status_index)).toBe(false);
    expect(other.revoked_at).toBeNull();
  });
});
