import { readAtMost } from "../decompression/read-bytes.ts";
import { AppError } from "../errors/app-error.ts";
import { PLATFORM_ERRORS } from "../errors/platform-errors.ts";
import { parseJsonText } from "./json-text.ts";

const JSON_MEDIA = /^application\/([\w.-]+\+)?json$/i;

/** Reads the raw body, refusing more than `maxBytes` before or while reading (413, never buffered whole). */
export async function readBodyBytes(req: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  // A declared length within the limit bounds the body (HTTP servers read no more than it): read it whole.
  // On Node that skips the web stream the body would otherwise be wrapped in (@hono/node-server reads the
  // socket's buffers straight away, unless req.body was touched first): less CPU per small request.
  if (Number.isFinite(declared)) return new Uint8Array(await req.arrayBuffer());
  if (!req.body) return new Uint8Array();
  const bytes = await readAtMost(req.body, maxBytes);
  if (!bytes) throw tooLarge(maxBytes);
  return bytes;
}

function tooLarge(maxBytes: number): AppError {
  return new AppError(PLATFORM_ERRORS.SVC_REQ_004, `Request body is larger than ${maxBytes} bytes`, { details: { max_bytes: maxBytes } });
}

/**
 * Parses a JSON request body with the checks every JSON endpoint shares: type, size, syntax, nesting,
 * numbers, NUL and lone surrogates (json-text.ts), object root. The only reader of JSON bodies: routes get
 * theirs through the route layer (route.ts), and tests/unit/http/one-body-reader.test.ts keeps it so.
 */
export async function readJsonObject(req: Request, maxBytes: number): Promise<Record<string, unknown>> {
  const contentType = req.headers.get("content-type");
  const media = contentType?.split(";")[0].trim() ?? "";
  if (!JSON_MEDIA.test(media)) {
    throw new AppError(
      PLATFORM_ERRORS.SVC_REQ_003,
      `Content-Type must be application/json${contentType ? `, got ${media}` : " (header missing)"}`,
    );
  }
  const bytes = await readBodyBytes(req, maxBytes);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError(PLATFORM_ERRORS.SVC_REQ_001, "Request body is not valid UTF-8");
  }
  if (text.trim() === "") throw new AppError(PLATFORM_ERRORS.SVC_REQ_001, "Request body is empty; a JSON object is expected");
  const value = parseJsonText(text);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    const kind = Array.isArray(value) ? "an array" : value === null ? "null" : `a ${typeof value}`;
    throw new AppError(PLATFORM_ERRORS.SVC_REQ_002, `Request body must be a JSON object, got ${kind}`, { details: { field: "" } });
  }
  return value as Record<string, unknown>;
}
