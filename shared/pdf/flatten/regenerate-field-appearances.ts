/**
 * Every field gets a fresh appearance from its /V in the embedded font, whatever filled it (pdftk,
 * NeedAppearances viewers, pdf-lib with Helvetica); the hidden identity fields (_service_*) are planned
 * for dropping, never drawn.
 */
import {
  PDFAcroCheckBox,
  PDFAcroComboBox,
  PDFAcroListBox,
  PDFAcroRadioButton,
  PDFAcroText,
  PDFCheckBox,
  type PDFContext,
  type PDFDict,
  PDFDropdown,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOptionList,
  PDFRadioGroup,
  type PDFRef,
  PDFString,
  PDFTextField,
} from "pdf-lib";
import { isServiceFieldName } from "../field-paths.ts";
import { FieldFlags, type TerminalField } from "../form-tree.ts";
import { arrayOf, dictOf, get, textOf } from "../pdf-objects.ts";
import { type FlattenContext, MAX_DRAWN_FIELD_CHARS } from "./flatten-types.ts";
import { num, numbers } from "./pdf-geometry.ts";
import { sanitizeText, sanitizeTextObject } from "./sanitize-field-text.ts";
import { wrapFieldText } from "./wrap-field-text.ts";

/** What happens to a widget: its field, whether it is dropped, whether its appearance was regenerated. */
export interface WidgetPlan {
  field: TerminalField;
  drop: boolean;
  regenerated: boolean;
}

/** CMYK colours in DA strings and MK arrays become RGB (DeviceCMYK needs a CMYK output intent). */
function rgbFromCmyk(c: number, m: number, y: number, k: number): [number, number, number] {
  return [(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)];
}

function normalizeDa(da: string): string {
  return da.replace(/(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+k\b/g, (_m, c: string, m: string, y: string, k: string) => {
    const [r, g, b] = rgbFromCmyk(Number(c), Number(m), Number(y), Number(k));
    return `${num(r)} ${num(g)} ${num(b)} rg`;
  });
}

function normalizeWidgetColours(context: PDFContext, widget: PDFDict): void {
  const mk = dictOf(context, widget.get(PDFName.of("MK")));
  if (!mk) return;
  for (const key of ["BG", "BC"]) {
    const colour = numbers(context, mk.get(PDFName.of(key)), 4);
    if (colour && arrayOf(context, mk.get(PDFName.of(key)))?.size() === 4) {
      mk.set(PDFName.of(key), context.obj(rgbFromCmyk(colour[0], colour[1], colour[2], colour[3])));
    }
  }
}

function fieldRef(ctx: FlattenContext, field: TerminalField): PDFRef {
  return field.ref ?? ctx.context.register(field.dict);
}

/** Regenerates a field's appearances in the embedded font. Returns false when it cannot be done. */
function regenerate(ctx: FlattenContext, field: TerminalField): boolean {
  const { context, doc, font } = ctx;
  const dict = field.dict;
  for (const widget of field.widgets) normalizeWidgetColours(context, widget.dict);
  let da = normalizeDa(field.da ?? "");
  if (!/\bTf\b/.test(da)) da = `/${font.name} 0 Tf 0 g`;
  dict.set(PDFName.of("DA"), PDFString.of(da));
  const ref = fieldRef(ctx, field);
  try {
    switch (field.kind) {
      case "text": {
        let value = sanitizeText(ctx, textOf(context, field.value) ?? "");
        if (value.length > MAX_DRAWN_FIELD_CHARS) {
          value = `${value.slice(0, MAX_DRAWN_FIELD_CHARS)}…`;
          ctx.truncated.push(field.name);
        }
        if (field.flags & FieldFlags.Multiline && value.length > 80) {
          const wrapped = wrapFieldText(ctx, field, value, da);
          value = wrapped.text;
          if (wrapped.da !== da) dict.set(PDFName.of("DA"), PDFString.of(wrapped.da));
        }
        dict.set(PDFName.of("V"), PDFHexString.fromText(value));
        dict.delete(PDFName.of("RV"));
        dict.set(PDFName.of("Ff"), PDFNumber.of(field.flags & ~FieldFlags.RichText));
        const textField = PDFTextField.of(PDFAcroText.fromDict(dict, ref), ref, doc);
        try {
          textField.updateAppearances(font);
        } catch {
          // e.g. a comb field holding more characters than cells: draw it as a plain field.
          dict.set(PDFName.of("Ff"), PDFNumber.of(field.flags & ~FieldFlags.RichText & ~(1 << 24)));
          textField.updateAppearances(font);
        }
        return true;
      }
      case "checkbox":
        PDFCheckBox.of(PDFAcroCheckBox.fromDict(dict, ref), ref, doc).updateAppearances();
        return true;
      case "radio":
        PDFRadioGroup.of(PDFAcroRadioButton.fromDict(dict, ref), ref, doc).updateAppearances();
        return true;
      case "dropdown":
      case "option_list": {
        const value = sanitizeTextObject(ctx, field.value);
        if (value) dict.set(PDFName.of("V"), value);
        const opt = get(context, dict, "Opt");
        if (opt) dict.set(PDFName.of("Opt"), sanitizeTextObject(ctx, opt)!);
        if (field.kind === "dropdown") PDFDropdown.of(PDFAcroComboBox.fromDict(dict, ref), ref, doc).updateAppearances(font);
        else PDFOptionList.of(PDFAcroListBox.fromDict(dict, ref), ref, doc).updateAppearances(font);
        return true;
      }
      default:
        return false;
    }
  } catch {
    return false;
  }
}

/** Regenerates the appearances of the fields that stay and plans every widget by its dictionary. */
export function regenerateFieldAppearances(ctx: FlattenContext, fields: readonly TerminalField[]): Map<PDFDict, WidgetPlan> {
  const plan = new Map<PDFDict, WidgetPlan>();
  for (const field of fields) {
    const drop = isServiceFieldName(field.name);
    const regenerated = !drop && regenerate(ctx, field);
    for (const widget of field.widgets) plan.set(widget.dict, { field, drop, regenerated });
  }
  return plan;
}
