import { z } from "zod";
import type { AuthMode } from "../auth/authenticate.ts";

/** One declared response of a route: its JSON schema, or the media type of a non-JSON body (a PDF, a page). */
export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  /** Non-JSON bodies (a PDF, an HTML page). */
  contentType?: string;
}

export type Responses = Record<number, ResponseSpec>;

export const ErrorEnvelope = z.object({
  error: z.looseObject({
    code: z.string().describe("SVC_… code; docs/errors.md lists them all"),
    message: z.string(),
    field: z.string().optional().describe("Path of the offending field, e.g. shipment_data.goods.line_items[0].quantity"),
  }),
});

export const err = (description: string) => ({ description, schema: ErrorEnvelope }) satisfies ResponseSpec;

/** Responses every authenticated JSON endpoint can give (literal statuses: handlers are typed by them). */
export const COMMON_ERRORS = {
  400: err("Malformed JSON or invalid fields (SVC_REQ_001, SVC_REQ_002, SVC_REQ_007) or an endpoint-specific code"),
  401: err("Missing or invalid credentials (SVC_AUTH_001/002/003)"),
  413: err("Body larger than the limit (SVC_REQ_004)"),
  415: err("Content-Type is not application/json (SVC_REQ_003)"),
} satisfies Responses;

/**
 * The errors the route layer itself answers, whatever the handler does: a malformed URL or input (400),
 * missing credentials (401), a body over the limit or of the wrong type (413, 415), a rate limit (429)
 * an unexpected fault (500) and a database connection lost beyond its retries (503). defineRoute adds them to every declaration, so the OpenAPI document and
 * the response check in the tests know them without each route repeating them.
 */
export function routeLayerResponses(route: { auth: AuthMode; body?: unknown; hasErrorPage: boolean }): Responses {
  const out: Responses = {};
  // A page (HTML) answers a bad address with a page of its own, not the JSON envelope.
  if (!route.hasErrorPage) out[400] = err("Malformed path, query or body (SVC_REQ_001, SVC_REQ_002, SVC_REQ_007)");
  if (route.auth !== "public") out[401] = COMMON_ERRORS[401];
  if (route.body) Object.assign(out, { 413: COMMON_ERRORS[413], 415: COMMON_ERRORS[415] });
  // Admin (service_role) calls are not rate limited (rate-limit-policy.ts).
  if (route.auth !== "service-role") out[429] = err("Request rate limit reached (SVC_RATE_001, with Retry-After)");
  out[500] = err("Unexpected internal error (SVC_SYS_000): report it with the request id");
  out[503] = err("The database connection was lost and not restored within a few seconds (SVC_SYS_001, with Retry-After)");
  return out;
}
