import { mkdtempSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { expect } from "vitest";
import { loadConfig, type Config } from "../../shared/runtime/config.ts";
import { createBlobStore, provideServices, type Services } from "../../shared/runtime/services.ts";
import { createGateway, loadFunctionApps } from "../../shared/server/gateway.ts";
import { listen } from "../../shared/server/listen.ts";
import { startBackgroundTasks, stopBackgroundTasks } from "../../shared/server/background-tasks.ts";
import { createAccount } from "../../shared/accounts/account-repository.ts";
import { hashPassword } from "../../shared/accounts/passwords.ts";
import { insertMember, type MemberRecord } from "../../shared/accounts/member-repository.ts";
import type { MemberRole } from "../../shared/accounts/member-roles.ts";
import { openTestPglite, openTestPostgres } from "./databases.ts";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface DashboardServer {
  baseUrl: string;
  services: Services;
  /** A fresh account ("Dashboard test account", growth tier) with no members yet. */
  accountId: string;
  close(): Promise<void>;
}

/**
 * A real listening local server (gateway, every function, background tasks) on a fresh database:
 * PGlite from the test snapshot, or a new PostgreSQL database with `database: "postgres"` (DATABASE_URL).
 */
export async function startDashboardServer(
  options: { database?: "pglite" | "postgres"; config?: Partial<Config> } = {},
): Promise<DashboardServer> {
  let db: Services["db"];
  let dropDb = async () => {};
  if (options.database === "postgres") {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("startDashboardServer({database: 'postgres'}) needs DATABASE_URL");
    const t = await openTestPostgres(url);
    db = t.db;
    dropDb = t.drop;
  } else {
    db = await openTestPglite();
    dropDb = () => db.close();
  }
  const dataDir = mkdtempSync(join(tmpdir(), "tds-dashboard-"));
  const config = loadConfig({ host: "127.0.0.1", port: 0, dataDir, storage: "local", databaseUrl: undefined, ...options.config });
  const services: Services = { db, config, blobs: createBlobStore(config, db) };
  provideServices(services);
  const gateway = createGateway(await loadFunctionApps());
  startBackgroundTasks(services);
  const server = await listen(gateway.fetch, "127.0.0.1", 0);
  const baseUrl = `http://127.0.0.1:${server.port}`;
  config.publicBaseUrl = baseUrl;
  const account = await createAccount(db, "Dashboard test account", "growth");
  return {
    baseUrl,
    services,
    accountId: account.id,
    close: async () => {
      await server.close();
      await stopBackgroundTasks();
      await dropDb();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A member with a password, straight into the database (tests of pages other than the invitation flow). */
export async function createMember(
  services: Services,
  accountId: string,
  email: string,
  role: MemberRole,
  password: string,
): Promise<MemberRecord> {
  return insertMember(services.db, { accountId, email, role, passwordHash: await hashPassword(password) });
}

/** Debian's Chromium, headless, quiet (no outside requests of its own). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/** Signs in through the sign-in form and waits for the page after it. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/dashboard/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await Promise.all([page.waitForURL((u) => !u.pathname.endsWith("/sign-in")), page.getByRole("button", { name: "Sign in" }).click()]);
}

let axeSource: Promise<string> | undefined;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/** Runs axe-core (from node_modules) in the page; fails the test on serious or critical violations. */
export async function checkAxe(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  // Injected through the DevTools protocol, not a <script> tag, so the page's CSP stays strict.
  const source = await axeSource;
  const run = async () => {
    await page.evaluate(source);
    return (await page.evaluate(async () => {
      const axe = (globalThis as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: unknown[] }> } }).axe;
      const result = await axe.run(document, { resultTypes: ["violations"] });
      return result.violations;
    })) as AxeViolation[];
  };
  // A click that navigates may still be loading the next page (seen on a busy machine): axe then finds no
  // document. Check the page once it has loaded.
  const violations = await run().catch(async (e: Error) => {
    if (!/documentElement|Execution context was destroyed|navigat/i.test(e.message)) throw e;
    await page.waitForLoadState("load");
    return run();
  });
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `axe on ${page.url()}`,
  ).toEqual([]);
  return violations;
}
