import type { Context, Hono } from "hono";
import type { z } from "zod";
import { AppError } from "./app-error.ts";
import type { AppEnv } from "./app-env.ts";
import type { ErrorCode } from "./error-codes.ts";
import { formatFieldPath } from "./field-path.ts";
import { readJsonObject } from "./read-json-body.ts";
import { readPathParams, readQueryParams } from "./url-input.ts";
import { enforceRateLimit } from "./rate-limit.ts";
import { authenticate, type AuthMode } from "../auth/authenticate.ts";
import type { KeyPrincipal } from "../accounts/account-repository.ts";

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

export interface ResponseSpec {
  description: string;
  schema?: Schema;
  /** Non-JSON bodies (a PDF, an HTML page). */
  contentType?: string;
}

/**
 * One declaration per endpoint: the same zod schemas validate requests and generate the OpenAPI
 * document, so the two cannot drift apart.
 */
/** The caller a handler sees: an API key's account for "api-key" and "function" routes, nobody otherwise. */
export type PrincipalFor<A extends AuthMode> = A extends "api-key" | "function" ? KeyPrincipal : null;

export interface RouteDef<
  B extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  P extends Schema | undefined = Schema | undefined,
  A extends AuthMode = AuthMode,
> {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** Full public path in OpenAPI form, e.g. /api/v1/shipments/{id} or /functions/v1/get-shipment. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: A;
  body?: B;
  /** A request without a body (no Content-Type, no length) is taken as `{}`. */
  bodyOptional?: boolean;
  query?: Q;
  params?: P;
  /** Maps a body validation issue to an endpoint-specific spec code (default SVC_REQ_002). */
  bodyErrorCode?: (issue: z.core.$ZodIssue) => ErrorCode | undefined;
  responses: Record<number, ResponseSpec>;
  /**
   * Pages (HTML) answer a bad path or query with a page of their own instead of the JSON envelope:
   * called with the error raised while reading the path and query.
   */
  errorPage?: (c: Context<AppEnv>, error: AppError) => Response;
  handler: (
    c: Context<AppEnv>,
    input: { body: Out<B>; query: Out<Q>; params: Out<P>; principal: PrincipalFor<A> },
  ) => Response | Promise<Response>;
}

/** Identity helper that lets TypeScript infer the handler's input types from the schemas. */
export function defineRoute<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  A extends AuthMode = AuthMode,
>(def: RouteDef<B, Q, P, A>): RouteDef {
  return def as unknown as RouteDef;
}

function validationError(issues: z.core.$ZodIssue[], where: string, code: ErrorCode = "SVC_REQ_002", message?: string): AppError {
  const first = issues[0];
  const field = formatFieldPath(first.path);
  return new AppError(code, message ?? (field ? `${where}${field}: ${first.message}` : `${where}${first.message}`).trim(), {
    details: {
      field,
      issues: issues.slice(0, 20).map((i) => ({ field: formatFieldPath(i.path), message: i.message })),
    },
  });
}

function parseWith<S extends Schema>(schema: S, value: unknown, where: string, codeFor?: RouteDef["bodyErrorCode"]): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const code = codeFor?.(result.error.issues[0]) ?? "SVC_REQ_002";
  return (() => {
    throw validationError(result.error.issues, where, code);
  })();
}

/** Path and query parameters, decoded once and strictly (shared/http/url-input.ts). */
function readUrlParams(c: Context, pattern: string): { params: Record<string, string>; query: Record<string, string | string[]> } {
  const url = new URL(c.req.url);
  const query = readQueryParams(url.search);
  const params = readPathParams(pattern, url.pathname) ?? c.req.param();
  return { params, query };
}

function hasNoBody(req: Request): boolean {
  return !req.headers.get("content-type") && (req.headers.get("content-length") ?? "0") === "0" && !req.headers.get("transfer-encoding");
}

function readBody(req: Request, maxBytes: number, optional = false): Promise<Record<string, unknown>> {
  return optional && hasNoBody(req) ? Promise.resolve({}) : readJsonObject(req, maxBytes);
}

export function toHonoPath(openApiPath: string, stripPrefix: string): string {
  const rest = openApiPath.startsWith(stripPrefix) ? openApiPath.slice(stripPrefix.length) : openApiPath;
  return rest.replace(/\{(\w+)\}/g, ":$1") || "/";
}

/** Registers the routes on a Hono app; paths lose `stripPrefix` (functions are mounted below /functions/v1). */
export function mountRoutes(app: Hono<AppEnv>, routes: RouteDef[], stripPrefix = ""): void {
  const methodsByPath = new Map<string, string[]>();
  for (const def of routes) {
    const path = toHonoPath(def.path, stripPrefix);
    methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), def.method.toUpperCase()]);
    app.on(def.method.toUpperCase(), path, async (c) => {
      const principal = await authenticate(c, def.auth);
      await enforceRateLimit(c, def, principal);
      const maxBytes = c.var.services.config.maxJsonBodyBytes;
      let params, query;
      try {
        // Every route reads its URL strictly, also one that declares no parameters: a malformed URL is
        // a bad request wherever it is sent.
        const url = readUrlParams(c, path);
        params = def.params ? parseWith(def.params, url.params, "path parameter ") : undefined;
        query = def.query ? parseWith(def.query, url.query, "query parameter ") : undefined;
      } catch (e) {
        if (def.errorPage && e instanceof AppError) return def.errorPage(c, e);
        throw e;
      }
      const body = def.body ? parseWith(def.body, await readBody(c.req.raw, maxBytes, def.bodyOptional), "", def.bodyErrorCode) : undefined;
      return def.handler(c, { body, query, params, principal });
    });
  }
  // A known path with another method answers 405 with Allow, not a misleading 404.
  for (const [path, methods] of methodsByPath) {
    app.all(path, (c) => {
      if (c.req.method === "OPTIONS" || c.req.method === "HEAD") return c.body(null, 204, { Allow: methods.join(", ") });
      throw new AppError("SVC_REQ_006", `Method ${c.req.method} is not allowed here; use ${methods.join(", ")}`, {
        headers: { Allow: methods.join(", ") },
        details: { allowed: methods },
      });
    });
  }
}
