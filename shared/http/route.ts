import type { Context, Hono } from "hono";
import type { z } from "zod";
import { AppError } from "./app-error.ts";
import type { AppEnv } from "./app-env.ts";
import type { ErrorCode } from "./error-codes.ts";
import { formatFieldPath } from "./field-path.ts";
import { readJsonObject } from "./read-json-body.ts";
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
export interface RouteDef<B extends Schema | undefined = Schema | undefined, Q extends Schema | undefined = Schema | undefined, P extends Schema | undefined = Schema | undefined> {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** Full public path in OpenAPI form, e.g. /api/v1/shipments/{id} or /functions/v1/get-shipment. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: AuthMode;
  body?: B;
  /** A request without a body (no Content-Type, no length) is taken as `{}`. */
  bodyOptional?: boolean;
  query?: Q;
  params?: P;
  /** Maps a body validation issue to an endpoint-specific spec code (default SVC_REQ_002). */
  bodyErrorCode?: (issue: z.core.$ZodIssue) => ErrorCode | undefined;
  responses: Record<number, ResponseSpec>;
  handler: (
    c: Context<AppEnv>,
    input: { body: Out<B>; query: Out<Q>; params: Out<P>; principal: KeyPrincipal | null },
  ) => Response | Promise<Response>;
}

/** Identity helper that lets TypeScript infer the handler's input types from the schemas. */
export function defineRoute<B extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, P extends Schema | undefined = undefined>(
  def: RouteDef<B, Q, P>,
): RouteDef {
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

function queryObject(c: Context): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(c.req.queries())) out[k] = v.length === 1 ? v[0] : v;
  return out;
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
      const params = def.params ? parseWith(def.params, c.req.param(), "path parameter ") : undefined;
      const query = def.query ? parseWith(def.query, queryObject(c), "query parameter ") : undefined;
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
