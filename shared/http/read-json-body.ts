import { AppError } from "../errors/app-error.ts";
import { PLATFORM_ERRORS } from "../errors/platform-errors.ts";

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
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

function tooLarge(maxBytes: number): AppError {
  return new AppError(PLATFORM_ERRORS.SVC_REQ_004, `Request body is larger than ${maxBytes} bytes`, { details: { max_bytes: maxBytes } });
}

/** Parses a JSON request body with the checks every JSON endpoint shares: type, size, syntax, object root. */
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
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new AppError(PLATFORM_ERRORS.SVC_REQ_001, `Malformed JSON in request body: ${(e as Error).message}`);
  }
  // JSON text can carry U+0000 only as the escape \u0000: without it there is nothing to look for.
  const nulAt = text.includes("\\u0000") ? findNul(value, "") : null;
  if (nulAt !== null) {
    // PostgreSQL text and jsonb cannot hold U+0000: refuse it here rather than fail in the database.
    throw new AppError(PLATFORM_ERRORS.SVC_REQ_002, `${nulAt || "body"}: text must not contain NUL (U+0000) characters`, {
      details: { field: nulAt },
    });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    const kind = Array.isArray(value) ? "an array" : value === null ? "null" : `a ${typeof value}`;
    throw new AppError(PLATFORM_ERRORS.SVC_REQ_002, `Request body must be a JSON object, got ${kind}`, { details: { field: "" } });
  }
  return value as Record<string, unknown>;
}

/** Path of the first string or key holding U+0000, or null. */
function findNul(value: unknown, path: string): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNul(value[i], `${path}[${i}]`);
      if (hit !== null) return hit;
    }
    return null;
  }
  if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      const p = path ? `${path}.${k}` : k;
      if (k.includes("\u0000")) return p;
      const hit = findNul(v, p);
      if (hit !== null) return hit;
    }
  }
  return null;
}
