import { z } from "zod";
import type { RouteDef } from "./route.ts";

/** A response as the check sees it: status, media type and the body's text. */
export interface SeenResponse {
  status: number;
  contentType: string;
  text: string;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Fields of the body that parsing dropped: a z.object strips keys it does not declare, so a field the
 * schema does not know (a leaked column, a misspelt name) is in the body but not in the parsed value.
 */
function undeclaredFields(body: unknown, parsed: unknown, path = ""): string[] {
  if (Array.isArray(body) && Array.isArray(parsed) && body.length === parsed.length)
    return body.flatMap((item, i) => undeclaredFields(item, parsed[i], `${path}[${i}]`));
  if (!isPlainObject(body) || !isPlainObject(parsed)) return [];
  return Object.keys(body).flatMap((key) => {
    const at = path ? `${path}.${key}` : key;
    return key in parsed ? undeclaredFields(body[key], parsed[key], at) : [at];
  });
}

/**
 * Why a route's response disagrees with its declaration, or undefined when it agrees: the status must be
 * declared, a JSON body must pass that status's schema and carry no field it does not declare, a
 * non-JSON body must have the declared media type, and an error envelope must name a known code (`knownCodes`:
 * the catalogue of every feature's codes, which the platform may not import). Pure, so the tests' check is itself testable.
 */
export function responseMismatch(
  route: Pick<RouteDef, "method" | "path" | "responses">,
  res: SeenResponse,
  knownCodes: Readonly<Record<string, unknown>>,
): string | undefined {
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
  const stray = undeclaredFields(body, parsed.data);
  if (stray.length > 0) return `${where} with fields its schema does not declare: ${stray.slice(0, 10).join(", ")}`;
  const code = (body as { error?: { code?: unknown } }).error?.code;
  if (res.status >= 400 && typeof code === "string" && !(code in knownCodes)) return `${where} with the unknown error code ${code}`;
  return undefined;
}
