import { z } from "zod";
import { ERROR_CODES } from "./error-codes.ts";
import type { RouteDef } from "./route.ts";

/** A response as the check sees it: status, media type and the body's text. */
export interface SeenResponse {
  status: number;
  contentType: string;
  text: string;
}

/**
 * Why a route's response disagrees with its declaration, or undefined when it agrees: the status must be
 * declared, a JSON body must pass that status's schema, a non-JSON body must have the declared media
 * type, and an error envelope must name a known code. Pure, so the tests' check is itself testable.
 */
export function responseMismatch(route: Pick<RouteDef, "method" | "path" | "responses">, res: SeenResponse): string | undefined {
  const where = `${route.method.toUpperCase()} ${route.path} answered ${res.status}`;
  const spec = route.responses[res.status];
  if (!spec) return `${where}, a status it does not declare (declared: ${Object.keys(route.responses).join(", ")})`;
  const media = res.contentType.split(";")[0].trim().toLowerCase();
  if (spec.contentType && !spec.schema)
    return media === spec.contentType ? undefined : `${where} with ${media || "no Content-Type"}, declared ${spec.contentType}`;
  if (!spec.schema) return res.text === "" ? undefined : `${where} with a body, declared without one`;
  if (media !== "application/json") return `${where} with ${media || "no Content-Type"}, declared application/json`;
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    return `${where} with a body that is not JSON`;
  }
  const parsed = spec.schema.safeParse(body);
  if (!parsed.success) return `${where} with a body that does not match its schema:\n${z.prettifyError(parsed.error)}`;
  const code = (body as { error?: { code?: unknown } }).error?.code;
  if (res.status >= 400 && typeof code === "string" && !(code in ERROR_CODES)) return `${where} with the unknown error code ${code}`;
  return undefined;
}
