import type { Context } from "hono";
import { getPath } from "hono/utils/url";
import { pathToFileURL } from "node:url";
import type { AppEnv } from "../http/app-env.ts";
import { createBaseApp, FUNCTIONS_PREFIX } from "../http/function-app.ts";
import { readFunctionManifest } from "./function-manifest.ts";
import { currentHealth } from "./health-state.ts";

export interface FunctionApp {
  fetch: (req: Request, env?: unknown) => Response | Promise<Response>;
}

/** Imports the edge functions listed in supabase/config.toml (each module exports `app`); all of them, or those named. */
export async function loadFunctionApps(only?: readonly string[]): Promise<Map<string, FunctionApp>> {
  const apps = new Map<string, FunctionApp>();
  for (const entry of await readFunctionManifest()) {
    if (only && !only.includes(entry.name)) continue;
    const mod = (await import(pathToFileURL(entry.entrypoint).href)) as { app?: FunctionApp };
    if (!mod.app || typeof mod.app.fetch !== "function") throw new Error(`${entry.entrypoint} does not export a Hono app named "app"`);
    apps.set(entry.name, mod.app);
  }
  return apps;
}

/**
 * Like Supabase's proxy, the gateway sets x-forwarded-for to the client's socket address (replacing
 * whatever the client sent), unless the deployment says proxies in front append to it
 * (TDS_TRUSTED_PROXIES): the dashboard throttles sign-ins per address with it.
 */
function withClientAddress(c: Context<AppEnv>): Request {
  const req = c.req.raw;
  if (c.var.services.config.rateLimits.trustedProxies > 0) return req;
  const e = c.env as { incoming?: { socket?: { remoteAddress?: string } }; remoteAddr?: { hostname?: string } } | undefined;
  const address = e?.incoming?.socket?.remoteAddress ?? e?.remoteAddr?.hostname;
  const headers = new Headers(req.headers);
  if (address) headers.set("x-forwarded-for", address);
  else headers.delete("x-forwarded-for");
  return new Request(req, { headers });
}

// env carries the runtime's connection info (the client address for per-address rate limits).
function forward(app: FunctionApp, req: Request, path: string, env: unknown): Response | Promise<Response> {
  const url = new URL(req.url);
  url.pathname = path;
  return app.fetch(new Request(url, req), env);
}

/**
 * The local stand-in for Supabase's API gateway: /functions/v1/<name>/… goes to that function with
 * the prefix stripped (as on Supabase); /api/v1/… is the `api` function; /health answers when ready.
 */
export function createGateway(apps: Map<string, FunctionApp>): FunctionApp {
  const gateway = createBaseApp();
  const functionNames = [...apps.keys()];
  // From memory, refreshed every few seconds (health-state.ts): platforms call it all the time.
  gateway.get("/health", async (c) => {
    const { db, config } = c.var.services;
    return c.json(await currentHealth(db, config.referenceRefresh, functionNames, Date.now(), config.screening.lists));
  });
  gateway.all(`${FUNCTIONS_PREFIX}/:name{[\\w-]+}/*`, (c) => dispatch(c.req.param("name"), withClientAddress(c), c.env));
  gateway.all(`${FUNCTIONS_PREFIX}/:name{[\\w-]+}`, (c) => dispatch(c.req.param("name"), withClientAddress(c), c.env));
  // The public verification page: {PUBLIC_BASE_URL}/verify/<hash>, served by the verify-hash function.
  // The segment is passed on still encoded: the function decodes it (once, strictly) like any path parameter.
  gateway.get("/verify/:hash", (c) =>
    dispatch("verify-hash", c.req.raw, c.env, `/verify-hash/page/${new URL(c.req.url).pathname.slice("/verify/".length)}`),
  );
  // The credentials' public addresses (docs/verification.md): did:web resolves a host's DID to
  // /.well-known/did.json; credentials, status lists, context and schema live under /credentials/.
  gateway.get("/.well-known/did.json", (c) => dispatch("verify-hash", c.req.raw, c.env, "/verify-hash/did.json"));
  gateway.get("/credentials/*", (c) => dispatch("verify-hash", c.req.raw, c.env, `/verify-hash${new URL(c.req.url).pathname}`));
  const api = apps.get("api");
  // The dashboard: /dashboard/* goes to the dashboard function as it is (it serves /dashboard/… on Supabase too).
  const dashboard = apps.get("dashboard");
  if (dashboard) {
    const toDashboard = (c: Context<AppEnv>) => dashboard.fetch(withClientAddress(c), c.env);
    gateway.all("/dashboard", toDashboard);
    gateway.all("/dashboard/*", toDashboard);
  }

  function dispatch(
    name: string,
    req: Request,
    env: unknown,
    path = new URL(req.url).pathname.slice(FUNCTIONS_PREFIX.length),
  ): Response | Promise<Response> {
    const app = apps.get(name);
    if (!app) return Response.json({ error: { code: "SVC_REQ_005", message: `No function named ${name}` } }, { status: 404 });
    return forward(app, req, path, env);
  }
  // /api/… goes to the api function as it is, before the gateway's own middleware: as on Supabase, the
  // function's request id, CORS and error envelope are the answer's, and they run once, not twice.
  return {
    fetch: (req, env) => {
      const path = api ? getPath(req) : "";
      return api && (path === "/api" || path.startsWith("/api/")) ? api.fetch(req, env) : gateway.fetch(req, env);
    },
  };
}
