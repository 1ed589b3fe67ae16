import type { Context, Hono, TypedResponse } from "hono";
import type { StatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { AppError } from "../errors/app-error.ts";
import type { AppEnv } from "./app-env.ts";
import type { ErrorDef } from "../errors/error-code.ts";
import { formatFieldPath } from "../text/field-path.ts";
import { readJsonObject } from "./read-json-body.ts";
import { readPathParams, readQueryParams } from "./url-input.ts";
import { enforceRateLimit } from "./rate-limit.ts";
import { authenticate, type AuthMode } from "../auth/authenticate.ts";
import type { KeyPrincipal } from "../accounts/account-repository.ts";
import { routeLayerResponses, type ResponseSpec, type Responses } from "./common-responses.ts";
import { PLATFORM_ERRORS } from "../errors/platform-errors.ts";

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

export type { ResponseSpec, Responses };

/**
 * A response a handler may give for one declared status: a JSON body of the schema's (input) type with
 * exactly that status, a non-JSON body (PDF, HTML page) for a `contentType`, or no body at all (204).
 * The handler must name the status (`c.json(body, 200)`): Hono types `c.json(body)` as "any status".
 */
type ResponseFor<S extends StatusCode, R> = R extends { contentType: string }
  ? TypedResponse<unknown, S, "body" | "text"> | UntypedResponse
  : R extends { schema: infer Z extends Schema }
    ? TypedResponse<z.input<Z>, S, "json">
    : TypedResponse<null, S, "body">;

/** A Response built without Hono's typed helpers (e.g. `c.html`): accepted only for non-JSON statuses. */
type UntypedResponse = { _format?: never };

/** Every response a route may give: one per declared status (the erased RouteDef: any Response). */
export type HandlerResponse<R extends Responses> = number extends keyof R
  ? Response
  : Response & { [S in Extract<keyof R, StatusCode>]: ResponseFor<S, R[S]> }[Extract<keyof R, StatusCode>];

/** Responses typed as Record<number, …> would leave the handler unchecked: defineRoute refuses them. */
type LiteralStatuses<R> = number extends keyof R ? { responses: "declare each status as a literal key" } : unknown;

/** The caller a handler sees: an API key's account for "api-key" and "function" routes, nobody otherwise. */
export type PrincipalFor<A extends AuthMode> = A extends "api-key" | "function" ? KeyPrincipal : null;

/**
 * One declaration per endpoint: the same zod schemas validate requests, type the handler's responses
 * and generate the OpenAPI document, so the three cannot drift apart.
 */
export interface RouteDef<
  B extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  P extends Schema | undefined = Schema | undefined,
  A extends AuthMode = AuthMode,
  R extends Responses = Responses,
> {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** Full public path in OpenAPI form, e.g. /api/v1/shipments/{id} or /functions/v1/get-shipment. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: A;
  /**
   * The handler answers success only after a write that re-checks the API key in its own statement
   * (shared/accounts/key-recheck.ts): then the key may be answered from this process's memory
   * (key-principal-memory.ts), and a revoked key still writes nothing and gets 401 at once everywhere.
   */
  rechecksKey?: boolean;
  body?: B;
  /** A request without a body (no Content-Type, no length) is taken as `{}`. */
  bodyOptional?: boolean;
  query?: Q;
  params?: P;
  /** Maps a body validation issue to an endpoint-specific spec code (default SVC_REQ_002). */
  bodyErrorCode?: (issue: z.core.$ZodIssue) => ErrorDef | undefined;
  responses: R;
  /**
   * Pages (HTML) answer a bad path or query with a page of their own instead of the JSON envelope:
   * called with the error raised while reading the path and query.
   */
  errorPage?: (c: Context<AppEnv>, error: AppError) => Response;
  handler: (
    c: Context<AppEnv>,
    input: { body: Out<B>; query: Out<Q>; params: Out<P>; principal: PrincipalFor<A> },
  ) => HandlerResponse<R> | Promise<HandlerResponse<R>>;
}

/**
 * Lets TypeScript infer the handler's input and response types from the schemas, and completes the
 * declared responses with those the route layer gives itself (400, 401, 413, 415, 429, 500, 503).
 */
export function defineRoute<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  A extends AuthMode = AuthMode,
  R extends Responses = Responses,
>(def: RouteDef<B, Q, P, A, R> & LiteralStatuses<R>): RouteDef {
  const layer = routeLayerResponses({ auth: def.auth, body: def.body, hasErrorPage: def.errorPage !== undefined });
  return { ...def, responses: { ...layer, ...def.responses } } as unknown as RouteDef;
}

/** Sees each route's final response (errors included); the tests check it against the declared schema. */
export type RouteResponseObserver = (route: RouteDef, response: Response) => void | Promise<void>;

let responseObserver: RouteResponseObserver | undefined;

/** Off in production; tests/support/test-gateway.ts turns it on for every HTTP test. */
export function observeRouteResponses(observer: RouteResponseObserver | undefined): void {
  responseObserver = observer;
}

function validationError(
  issues: z.core.$ZodIssue[],
  where: string,
  code: ErrorDef = PLATFORM_ERRORS.SVC_REQ_002,
  message?: string,
): AppError {
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
  const code = codeFor?.(result.error.issues[0]) ?? PLATFORM_ERRORS.SVC_REQ_002;
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
    const observe = async (c: Context<AppEnv>, next: () => Promise<void>) => {
      await next();
      // After next(), c.res is the final answer: the handler's, or the error envelope of handleError.
      await responseObserver?.(def, c.res);
    };
    const serve = async (c: Context<AppEnv>, principal: KeyPrincipal | null) => {
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
    };
    app.on(def.method.toUpperCase(), path, observe, async (c) => {
      const { headers } = c.req.raw;
      const principal = await authenticate(headers, c.var.services, def.auth, { keyMemory: def.rechecksKey === true });
      if (principal) c.set("principal", principal);
      if (!principal?.fromMemory) return serve(c, principal);
      try {
        return await serve(c, principal);
      } catch (e) {
        // A key answered from memory may have been revoked elsewhere since: the write's re-check answers
        // that on success; any other answer (bad body, rate limit, not found) looks the key up first, so
        // a revoked key is answered as one, never otherwise.
        await authenticate(headers, c.var.services, def.auth);
        throw e;
      }
    });
  }
  // A known path with another method answers 405 with Allow, not a misleading 404.
  for (const [path, methods] of methodsByPath) {
    app.all(path, (c) => {
      if (c.req.method === "OPTIONS" || c.req.method === "HEAD") return c.body(null, 204, { Allow: methods.join(", ") });
      throw new AppError(PLATFORM_ERRORS.SVC_REQ_006, `Method ${c.req.method} is not allowed here; use ${methods.join(", ")}`, {
        headers: { Allow: methods.join(", ") },
        details: { allowed: methods },
      });
    });
  }
}
