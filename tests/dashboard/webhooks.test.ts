import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { checkAxe, createMember, launchBrowser, signIn, startDashboardServer, type DashboardServer } from "../support/dashboard-harness.ts";
import { parseConfig } from "../../shared/runtime/config.ts";

interface Received {
  headers: Record<string, string>;
  body: string;
  verified: boolean;
}

/** A receiver on 127.0.0.1 that checks the Standard Webhooks signature with the secret the dashboard showed. */
function startReceiver(): Promise<{ server: Server; url: string; received: Received[]; setSecret(s: string): void }> {
  const received: Received[] = [];
  let secret = "";
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      let verified = false;
      try {
        new Webhook(secret).verify(body, headers);
        verified = true;
      } catch {
        verified = false;
      }
      received.push({ headers, body, verified });
      res.writeHead(verified ? 200 : 400, { "content-type": "text/plain" });
      res.end(verified ? `verified ${headers["webhook-id"]}` : "bad signature");
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/hooks/tds`, received, setSecret: (s) => (secret = s) });
    }),
  );
}

async function waitFor<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, what: string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function reloadUntil(page: Page, text: string, locator = "main"): Promise<void> {
  await waitFor(async () => {
    await page.reload();
    return (await page.locator(locator).innerText()).includes(text);
  }, `"${text}" on ${page.url()}`);
}

describe("dashboard: Settings > Webhooks in a real browser", () => {
  let server: DashboardServer;
  let browser: Browser;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    // Local development settings (TDS_WEBHOOKS_ALLOW_PRIVATE=true, TDS_WEBHOOK_POLL_MS=200): the receiver is on 127.0.0.1 over plain http.
    server = await startDashboardServer({
      config: { webhooks: { ...parseConfig({}).webhooks, allowPrivate: true, pollMs: 200 } },
    });
    receiver = await startReceiver();
    browser = await launchBrowser();
    await createMember(server.services, server.accountId, "admin@example.com", "admin", "webhooks are fun to test");
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    receiver?.server.close();
  });

  it("adds an endpoint, sends a signed test event, shows it in the log with request and response, redelivers", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.baseUrl, "admin@example.com", "webhooks are fun to test");
    await page.goto(`${server.baseUrl}/dashboard/settings/webhooks`);
    await checkAxe(page);

    // A refused URL is explained in words on its field.
    await page.getByLabel("Endpoint URL").fill("ftp://example.com/x");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    expect(await page.getByRole("alert").innerText()).toContain("This URL is refused");

    await page.getByLabel("Endpoint URL").fill(receiver.url);
    await page.getByLabel(/extraction\.completed/).uncheck();
    await page.getByLabel(/extraction\.failed/).uncheck();
    await page.getByLabel(/Description/).fill(`<script>alert("x")</script> ERP`);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Endpoint added");
    const secret = (await page.locator("#signing-secret").innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    expect(await page.locator("main").innerText()).toContain("it will not be shown again");
    await checkAxe(page);
    receiver.setSecret(secret);

    await page.getByRole("link", { name: "Done, go to the endpoint" }).click();
    const endpointUrl = page.url();
    await checkAxe(page);
    await page.getByRole("button", { name: "Send test event" }).click();
    expect(await page.getByRole("status").innerText()).toContain("test event is queued");

    const first = await waitFor(() => receiver.received[0], "the test delivery");
    expect(first.verified).toBe(true);
    expect(JSON.parse(first.body)).toMatchObject({ event: "document.generated", data: { test: true } });
    expect(first.headers["x-service-event"]).toBe("document.generated");

    await reloadUntil(page, "succeeded", "table");
    const row = page.locator("tbody tr").first();
    expect(await row.innerText()).toMatch(/document\.generated[\s\S]*test[\s\S]*succeeded[\s\S]*200/);
    await checkAxe(page);

    await row.getByRole("link", { name: /Details/ }).click();
    const main = await page.locator("main").innerText();
    expect(main).toContain(`POST ${receiver.url}`);
    expect(main).toContain('"test": true');
    expect(main).toContain(`verified ${first.headers["webhook-id"]}`);
    expect(main).toMatch(/Attempt 1: success/);
    await checkAxe(page);

    await page.getByRole("button", { name: /^Redeliver/ }).click();
    expect(await page.getByRole("status").innerText()).toContain("queued again");
    const second = await waitFor(() => receiver.received[1], "the redelivery");
    expect(second.verified).toBe(true);
    expect(second.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(second.body).toBe(first.body);
    await reloadUntil(page, "Attempt 2: success");

    // The description with markup is shown as text, nowhere as markup.
    await page.goto(`${server.baseUrl}/dashboard/settings/webhooks`);
    expect(await page.locator("main").innerText()).toContain(`<script>alert("x")</script> ERP`);
    expect(await page.locator("main script").count()).toBe(0);

    // Edit the events, disable (no test events then), enable again.
    await page.goto(endpointUrl);
    await page.getByLabel(/extraction\.failed/).check();
    await page.getByRole("button", { name: "Save changes" }).click();
    expect(await page.getByRole("status").innerText()).toContain("saved");
    expect(await page.getByLabel(/extraction\.failed/).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Disable" }).click();
    expect(await page.locator("main").innerText()).toContain("disabled");
    expect(await page.getByRole("button", { name: "Send test event" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Enable" }).click();
    expect(await page.getByRole("status").innerText()).toContain("enabled");

    // Rotate: a confirmation page, then the new secret shown once; the receiver verifies with it.
    await page.getByRole("link", { name: "Rotate secret" }).click();
    await checkAxe(page);
    await page.getByRole("button", { name: "Rotate secret" }).click();
    const rotated = (await page.locator("#signing-secret").innerText()).trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    receiver.setSecret(rotated);
    await page.goto(endpointUrl);
    await page.getByRole("button", { name: "Send test event" }).click();
    const third = await waitFor(() => receiver.received[2], "the test after rotation");
    expect(third.verified).toBe(true);

    // Delete with confirmation.
    await page.getByRole("link", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Delete endpoint" }).click();
    expect(await page.getByRole("status").innerText()).toContain("deleted");
    expect(await page.locator("main").innerText()).toContain("No endpoints yet");
    const gone = await page.goto(endpointUrl);
    expect(gone?.status()).toBe(404);
    await page.close();
  }, 300_000);
});
