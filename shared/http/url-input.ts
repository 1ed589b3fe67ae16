/**
 * The one place where path and query parameters are percent-decoded. Hono's own helpers decode
 * leniently (a malformed escape such as "%", "%zz" or "%E0%A4%A" is passed on as raw text), which
 * hands handlers text the client never meant and made a second decoding throw (`GET /verify/%` was a
 * 500). Here a malformed escape is a 400 SVC_REQ_002 naming the parameter.
 */
import { AppError } from "../errors/app-error.ts";
import { PLATFORM_ERRORS } from "../errors/platform-errors.ts";

/**
 * A URL holding an escaped NUL (%00) anywhere is refused before any handler sees it (400 SVC_REQ_002 naming
 * the parameter): PostgreSQL text cannot hold U+0000 and file names end at it. Checked on the raw URL by the
 * middleware of every app (function-app.ts, the dashboard), and again while decoding (below).
 */
export function refuseNulInUrl(url: string): void {
  if (!url.includes("%00")) return;
  const { pathname, search } = new URL(url);
  const field = pathname.includes("%00") ? "path" : (findNulParameter(search) ?? "query");
  throw new AppError(PLATFORM_ERRORS.SVC_REQ_002, `${field}: the URL must not contain NUL (%00)`, { details: { field } });
}

function findNulParameter(search: string): string | undefined {
  for (const part of search.replace(/^\?/, "").split("&")) {
    if (!part.includes("%00")) continue;
    const rawName = part.split("=")[0].replace(/\+/g, " ");
    const name = tryDecodeComponent(rawName);
    return name === undefined || name.includes("\u0000") ? rawName : name;
  }
  return undefined;
}

function nulIn(where: string, name: string): AppError {
  return new AppError(PLATFORM_ERRORS.SVC_REQ_002, `${where} ${name}: must not contain NUL (%00)`, { details: { field: name } });
}

/** decodeURIComponent that answers undefined instead of throwing URIError. */
export function tryDecodeComponent(raw: string): string | undefined {
  if (!raw.includes("%")) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

function malformed(where: string, name: string): AppError {
  return new AppError(
    PLATFORM_ERRORS.SVC_REQ_002,
    `${where} ${name}: malformed percent-escape (a "%" must start an escape of two hexadecimal digits that together spell UTF-8; write "%25" for a literal "%")`,
    { details: { field: name } },
  );
}

/**
 * The query string as name → value (a repeated name → the values in order), form-decoded like Hono's
 * c.req.queries(): "+" is a space, a name without "=" has the value "".
 */
export function readQueryParams(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const text = search.startsWith("?") ? search.slice(1) : search;
  if (text === "") return out;
  for (const part of text.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const rawName = (eq < 0 ? part : part.slice(0, eq)).replace(/\+/g, " ");
    const rawValue = (eq < 0 ? "" : part.slice(eq + 1)).replace(/\+/g, " ");
    const name = tryDecodeComponent(rawName);
    if (name === undefined) throw malformed("query parameter", rawName);
    const value = tryDecodeComponent(rawValue);
    if (value === undefined) throw malformed("query parameter", name);
    if (name.includes("\u0000") || value.includes("\u0000")) throw nulIn("query parameter", name);
    const prev = out[name];
    out[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/**
 * The named segments of `pattern` (Hono form, "/shipments/:id") read from the raw, still-encoded
 * `pathname` the pattern matched. Undefined when the two do not line up segment by segment (the caller
 * falls back to the router's values).
 */
export function readPathParams(pattern: string, pathname: string): Record<string, string> | undefined {
  const names = pattern.split("/");
  const values = pathname.split("/");
  if (names.length !== values.length) return undefined;
  const out: Record<string, string> = {};
  names.forEach((segment, i) => {
    if (!segment.startsWith(":")) return;
    const name = segment.slice(1).replace(/\{.*$/, "");
    const value = tryDecodeComponent(values[i]);
    if (value === undefined) throw malformed("path parameter", name);
    if (value.includes("\u0000")) throw nulIn("path parameter", name);
    out[name] = value;
  });
  return out;
}
