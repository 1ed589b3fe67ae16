import { afterAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnServer } from "../support/spawn-server.ts";
import { DASHBOARD_CSP } from "../../shared/dashboard/dashboard-app.ts";

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** Form posts like a browser: the CSRF token of the page and its cookies. */
async function acceptInvitation(
  url: string,
  email: string,
  password: string,
): Promise<{ status: number; location: string | null; cookie: string }> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const token = (await page.text()).match(/name="_csrf" value="([^"]+)"/)![1];
  const cookie = page.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const res = await fetch(url, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: new URL(url).origin },
    body: new URLSearchParams({ _csrf: token, email, password, password2: password }).toString(),
    redirect: "manual",
  });
  return {
    status: res.status,
    location: res.headers.get("location"),
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  };
}

describe("the dashboard under the real Deno, and the first-start invitation in the banner", { timeout: 600_000 }, () => {
  it("deno task start: the banner prints the dashboard and an owner invitation; accepting it (scrypt under Deno) signs in", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "tds-dashboard-deno-"));
    dirs.push(dataDir);
    const server = await spawnServer({ runtime: "deno", env: { TDS_DATA_DIR: dataDir }, timeoutMs: 180_000 });
    let invitation: string;
    try {
      const out = server.output();
      expect(out).toContain(`dashboard: ${server.url}/dashboard`);
      invitation = out.match(/Dashboard invitation for the owner of "Default account" \(single use, expires in 7 days\): (\S+)/)![1];
      expect(invitation.startsWith(`${server.url}/dashboard/invitations/`)).toBe(true);
      const accepted = await acceptInvitation(invitation, "first.owner@example.com", "the first owner's passphrase");
      expect(accepted).toMatchObject({ status: 303, location: "/dashboard" });
      expect(accepted.cookie).toMatch(/tds_session=/);
      const account = await fetch(`${server.url}/dashboard/account`, { headers: { cookie: accepted.cookie } });
      expect(account.status).toBe(200);
      expect(account.headers.get("content-security-policy")).toBe(DASHBOARD_CSP);
      expect(await account.text()).toContain("Default account");
      // The same function reached the Supabase way.
      const viaFunctions = await fetch(`${server.url}/functions/v1/dashboard/account`, { headers: { cookie: accepted.cookie } });
      expect(viaFunctions.status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(true);
    }
    // A restart prints no invitation once someone has joined.
    const again = await spawnServer({ runtime: "node", env: { TDS_DATA_DIR: dataDir }, timeoutMs: 180_000 });
    try {
      expect(again.output()).not.toContain("Dashboard invitation");
      // The printed address works once: after it was accepted it answers "not valid" (port differs per start).
      expect((await fetch(`${again.url}${new URL(invitation).pathname}`)).status).toBe(404);
    } finally {
      expect(await again.stop()).toBe(true);
    }
  });
});
