import type { Db } from "../../shared/db/types.ts";
import { loadConfig, type Config } from "../../shared/runtime/config.ts";
import { createBlobStore, provideServices, type Services } from "../../shared/runtime/services.ts";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGateway, loadFunctionApps } from "../../shared/server/gateway.ts";
import { checkRouteResponses, throwOnMismatch } from "./route-response-check.ts";

/**
 * The real gateway and functions in-process (Hono's app.request style), on a real database.
 * Every call goes through routing, auth, validation and SQL exactly as over the network, and every
 * route's answer is checked against the schema it declares for that status (a mismatch fails the call).
 */
export interface TestGateway {
  config: Config;
  services: Services;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** JSON call helper: returns status, parsed body and headers. */
  call(
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string>; apiKey?: string; anon?: boolean },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  createAccount(tier?: "free" | "starter" | "growth" | "scale", name?: string): Promise<{ accountId: string; apiKey: string }>;
}

export async function createTestGateway(db: Db, overrides: Partial<Config> = {}): Promise<TestGateway> {
  const dataDir = mkdtempSync(join(tmpdir(), "tds-gw-"));
  const config = loadConfig({ publicBaseUrl: "http://127.0.0.1:54321", dataDir, storage: "local", ...overrides });
  const services: Services = { db, config, blobs: createBlobStore(config, db) };
  provideServices(services);
  checkRouteResponses();
  const gateway = createGateway(await loadFunctionApps());
  const fetch = async (path: string, init?: RequestInit) => {
    const res = await gateway.fetch(new Request(`http://127.0.0.1:54321${path}`, init));
    throwOnMismatch();
    return res;
  };
  const call: TestGateway["call"] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.body !== undefined) headers["content-type"] ??= "application/json";
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    if (options.anon) headers.apikey = config.anonKey;
    const res = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep text */
    }
    return { status: res.status, body, headers: res.headers };
  };
  const createAccount: TestGateway["createAccount"] = async (tier = "growth", name = "Test account") => {
    const r = await call("POST", "/api/v1/accounts", {
      body: { name, tier },
      headers: { authorization: `Bearer ${config.serviceRoleKey}` },
    });
    if (r.status !== 201) throw new Error(`account creation failed: ${r.status} ${JSON.stringify(r.body)}`);
    return { accountId: r.body.account_id, apiKey: r.body.api_key };
  };
  return { config, services, fetch, call, createAccount };
}
