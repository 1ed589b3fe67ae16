/**
 * The one parser of JSON text that comes from outside (request bodies, the dashboard's "extra data"
 * field). JSON.parse alone accepts text that later breaks the service: nesting thousands deep (every
 * recursive walker after it, zod and the canonical JSON of the hash, overflows the stack), numbers
 * beyond double range (`1e400` becomes Infinity, which the hash refuses), lone surrogate escapes
 * (`"\ud800"`, which PostgreSQL's json types refuse) and U+0000 (which PostgreSQL text cannot hold).
 * Here: nesting deeper than {@link MAX_JSON_DEPTH} is refused before parsing, by a scan without
 * recursion; a non-finite number or a NUL is refused naming its field; a lone surrogate becomes
 * U+FFFD, as party names and key names already do.
 */
import { AppError } from "../errors/app-error.ts";
import { PLATFORM_ERRORS } from "../errors/platform-errors.ts";

/** Deepest nesting of arrays and objects accepted. A shipment is about 5 deep; 64 leaves room for any client. */
export const MAX_JSON_DEPTH = 64;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Deepest nesting of `text`, or the first depth beyond `limit` (then the scan stops): brackets in strings do not count. */
export function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i++;
      else if (ch === QUOTE) inString = false;
    } else if (ch === QUOTE) inString = true;
    else if (ch === OPEN_BRACE || ch === OPEN_BRACKET) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (ch === CLOSE_BRACE || ch === CLOSE_BRACKET) depth--;
  }
  return deepest;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text with every lone surrogate replaced by U+FFFD (String.prototype.toWellFormed, where the runtime lacks it). */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, "\uFFFD");
}

function fieldName(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

function refuse(field: string, what: string): never {
  throw new AppError(PLATFORM_ERRORS.SVC_REQ_002, `${field || "body"}: ${what}`, { details: { field } });
}

/**
 * The parsed value made safe to store: lone surrogates (in values and keys) → U+FFFD; NUL or a
 * non-finite number → 400 naming the field. Recursion is bounded by the depth checked before parsing.
 */
function clean(value: unknown, path: string): unknown {
  if (typeof value === "string") {
    if (value.includes("\u0000")) refuse(path, "text must not contain NUL (U+0000) characters");
    return wellFormed(value);
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) refuse(path, "number is too large (beyond the range of a 64-bit float)");
    return value;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = clean(value[i], `${path}[${i}]`);
    return value;
  }
  if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    let renamed = false;
    for (const key of Object.keys(record)) {
      const field = fieldName(path, key);
      if (key.includes("\u0000")) refuse(field, "key must not contain NUL (U+0000) characters");
      const before = record[key];
      const after = clean(before, field);
      // defineProperty, not assignment: an own "__proto__" key must stay a key, never reach the setter.
      if (after !== before) Object.defineProperty(record, key, { value: after, enumerable: true, writable: true, configurable: true });
      if (wellFormed(key) !== key) renamed = true;
    }
    if (!renamed) return record;
    // A key spelled with a lone surrogate: the object is rebuilt in the same order.
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(record)) {
      Object.defineProperty(out, wellFormed(key), { value: v, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

/** JSON text from outside → its value, with the checks above (400 SVC_REQ_001 malformed, SVC_REQ_007 too deep, SVC_REQ_002 a field). */
export function parseJsonText(text: string): unknown {
  const depth = jsonDepth(text, MAX_JSON_DEPTH);
  if (depth > MAX_JSON_DEPTH) {
    throw new AppError(PLATFORM_ERRORS.SVC_REQ_007, `JSON is nested deeper than the limit of ${MAX_JSON_DEPTH} levels`, {
      details: { max_depth: MAX_JSON_DEPTH },
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new AppError(PLATFORM_ERRORS.SVC_REQ_001, `Malformed JSON in request body: ${(e as Error).message}`);
  }
  return clean(value, "");
}
