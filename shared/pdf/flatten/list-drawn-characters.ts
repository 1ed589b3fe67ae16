import type { PDFContext, PDFObject } from "pdf-lib";
import { isServiceFieldName } from "../field-paths.ts";
import type { TerminalField } from "../form-tree.ts";
import { arrayOf, get, textOf } from "../pdf-objects.ts";
import { MAX_DRAWN_FIELD_CHARS } from "./flatten-types.ts";
import { drawnCodePoints } from "./sanitize-field-text.ts";

const ELLIPSIS = 0x2026;
/** A code point no font has (forces the embedded DejaVu Sans). */
const UNDRAWABLE = -1;
const MAX_CHOICE_ITEMS = 100_000;

/**
 * Every code point the flattener will draw: the values (and choice options) of the fields whose appearances
 * it regenerates, "…" for a value it cuts, and the stamp. Decides whether the document's own font suffices.
 */
export function listDrawnCharacters(context: PDFContext, fields: readonly TerminalField[], stampText: string | undefined): Set<number> {
  const out = new Set<number>();
  for (const field of fields) {
    if (isServiceFieldName(field.name)) continue;
    if (field.kind === "text") {
      const text = textOf(context, field.value) ?? "";
      drawnCodePoints(text, out);
      if (text.length > MAX_DRAWN_FIELD_CHARS) out.add(ELLIPSIS);
    } else if (field.kind === "dropdown" || field.kind === "option_list") {
      // Values and options: text strings, or arrays of them ([export value, display text]).
      const stack: (PDFObject | undefined)[] = [field.value, get(context, field.dict, "Opt")];
      for (let budget = MAX_CHOICE_ITEMS; stack.length > 0; budget--) {
        if (budget === 0) out.add(UNDRAWABLE); // too many to look at: let the caller embed the whole font
        if (budget <= 0) break;
        const value = stack.pop();
        const array = arrayOf(context, value);
        if (array) stack.push(...array.asArray());
        else {
          const text = textOf(context, value);
          if (text !== undefined) drawnCodePoints(text, out);
        }
      }
    }
  }
  if (stampText !== undefined) drawnCodePoints(stampText, out);
  return out;
}
