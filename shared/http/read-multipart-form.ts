import { AppError } from "../errors/app-error.ts";
import type { ErrorDef } from "../errors/error-code.ts";
import { readBodyBytes } from "./read-json-body.ts";
import { PLATFORM_ERRORS } from "../errors/platform-errors.ts";

/** Room for the boundaries and the small text fields around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Reads a multipart/form-data body within `maxFileBytes` (+ a little for the envelope): 415 for another
 * content type, 413 beyond the limit (checked before and while reading), `unparsableCode` for a body
 * that is not a valid form.
 */
export async function readMultipartForm(req: Request, maxFileBytes: number, unparsableCode: ErrorDef): Promise<FormData> {
  const contentType = req.headers.get("content-type") ?? "";
  const media = contentType.split(";")[0].trim().toLowerCase();
  if (media !== "multipart/form-data") {
    throw new AppError(
      PLATFORM_ERRORS.SVC_REQ_003,
      `Content-Type must be multipart/form-data${contentType ? `, got ${media}` : " (header missing)"}`,
    );
  }
  const body = await readBodyBytes(req, maxFileBytes + MULTIPART_OVERHEAD);
  let form: FormData;
  try {
    form = await new Response(body as BodyInit, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new AppError(unparsableCode, "The multipart form could not be parsed");
  }
  refuseNulInForm(form);
  return form;
}

/**
 * A NUL in a field's name, a text value or a file name is refused (400 SVC_REQ_002 naming the field):
 * file names end at it on disk and PostgreSQL text cannot hold it. The file's bytes are not text.
 */
export function refuseNulInForm(form: FormData): void {
  for (const [name, value] of form.entries()) {
    const text = typeof value === "string" ? value : value.name;
    if (!name.includes("\u0000") && !text.includes("\u0000")) continue;
    const what = typeof value === "string" ? "value" : "file name";
    throw new AppError(PLATFORM_ERRORS.SVC_REQ_002, `${name.replaceAll("\u0000", "")}: the ${what} must not contain NUL (U+0000)`, {
      details: { field: name.replaceAll("\u0000", "") },
    });
  }
}
