/** Field text made drawable: control characters become spaces, characters the font lacks U+FFFD (recorded). */
import { PDFArray, PDFHexString, PDFName, type PDFObject, PDFRef } from "pdf-lib";
import { textOf } from "../pdf-objects.ts";
import { normalizeFieldValue } from "../read-form-fields.ts";
import type { FlattenContext } from "./flatten-types.ts";

const REPLACEMENT = "\uFFFD";

export function sanitizeText(ctx: FlattenContext, text: string): string {
  let out = "";
  for (const ch of normalizeFieldValue(text)) {
    const cp = ch.codePointAt(0)!;
    if (ch === "\n") out += ch;
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) out += " ";
    else if (ctx.charset.has(cp)) out += ch;
    else {
      ctx.substituted.add(ch);
      out += REPLACEMENT;
    }
  }
  return out;
}

/**
 * Adds the code points sanitizeText(text) draws when the font has them all: control characters become
 * spaces, and so do line breaks (pdf-lib joins a single-line field's lines with spaces).
 */
export function drawnCodePoints(text: string, into: Set<number>): void {
  for (const ch of normalizeFieldValue(text)) {
    const cp = ch.codePointAt(0) ?? 0;
    into.add(cp < 0x20 || (cp >= 0x7f && cp < 0xa0) ? 0x20 : cp);
  }
}

/** A text string, or an array of them (choice /Opt), sanitized; names and other objects unchanged. */
export function sanitizeTextObject(ctx: FlattenContext, object: PDFObject | undefined): PDFObject | undefined {
  const value = object instanceof PDFRef ? ctx.context.lookup(object) : object;
  if (value instanceof PDFArray) {
    const items: PDFObject[] = [];
    for (let i = 0; i < value.size(); i++) items.push(sanitizeTextObject(ctx, value.get(i)) ?? value.get(i));
    return ctx.context.obj(items);
  }
  const text = textOf(ctx.context, value);
  if (text === undefined || value instanceof PDFName) return object;
  return PDFHexString.fromText(sanitizeText(ctx, text));
}
