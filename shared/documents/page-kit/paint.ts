/**
 * The painter: draws positioned ops onto pdf-lib pages, creating a fillable text field (named by its
 * camelCase form path) for every field op. A name used twice gets a second widget on the same field, so
 * both places show the same value.
 */
import { grayscale, type PDFFont, type PDFForm, type PDFPage, type PDFTextField, rgb, TextAlignment } from "pdf-lib";
import type { Op } from "./ops.ts";
import type { FontRole } from "../../pdf/fonts.ts";
import { FIELD } from "./styles.ts";

export interface PaintContext {
  fonts: Record<FontRole, PDFFont>;
  form: PDFForm;
  /** Fields created so far, by fully qualified name. */
  fields: Map<string, PDFTextField>;
}

const ALIGN = { left: TextAlignment.Left, center: TextAlignment.Center, right: TextAlignment.Right } as const;

function color(value: number | readonly [number, number, number]) {
  return typeof value === "number" ? grayscale(value) : rgb(value[0], value[1], value[2]);
}

export function paintOps(page: PDFPage, ops: readonly Op[], ctx: PaintContext): void {
  const height = page.getHeight();
  for (const op of ops) {
    switch (op.op) {
      case "text":
        if (op.text.length > 0) {
          page.drawText(op.text, { x: op.x, y: height - op.y, font: ctx.fonts[op.font], size: op.size, color: grayscale(op.gray) });
        }
        break;
      case "rect":
        page.drawRectangle({
          x: op.x,
          y: height - op.y - op.h,
          width: op.w,
          height: op.h,
          color: op.fill !== undefined ? color(op.fill) : undefined,
          borderColor: op.stroke !== undefined ? grayscale(op.stroke) : undefined,
          borderWidth: op.stroke !== undefined ? (op.lineWidth ?? 0.5) : 0,
        });
        break;
      case "line":
        page.drawLine({
          start: { x: op.x1, y: height - op.y1 },
          end: { x: op.x2, y: height - op.y2 },
          thickness: op.width,
          color: grayscale(op.gray),
        });
        break;
      case "path":
        page.drawSvgPath(op.path, { x: op.x, y: height - op.y, scale: op.scale, color: grayscale(op.gray), borderWidth: 0 });
        break;
      case "field": {
        let field = ctx.fields.get(op.name);
        if (!field) {
          field = ctx.form.createTextField(op.name);
          if (op.multiline) field.enableMultiline();
          field.setAlignment(ALIGN[op.align]);
          ctx.fields.set(op.name, field);
        }
        field.addToPage(page, {
          x: op.x,
          y: height - op.y - op.h,
          width: op.w,
          height: op.h,
          font: ctx.fonts.regular,
          textColor: rgb(0, 0, 0),
          backgroundColor: rgb(FIELD.fill[0], FIELD.fill[1], FIELD.fill[2]),
          borderColor: undefined,
          borderWidth: 0,
        });
        field.setFontSize(op.size);
        break;
      }
    }
  }
}
