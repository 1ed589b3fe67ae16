import { PDFName } from "pdf-lib";
import type { TerminalField } from "../form-tree.ts";
import { dictOf, numberOf } from "../pdf-objects.ts";
import type { FlattenContext } from "./flatten-types.ts";
import { normalizedRect, numbers } from "./pdf-geometry.ts";

function daFontSize(da: string): number | undefined {
  const m = da.match(/(-?[\d.]+)\s+Tf\b/);
  return m ? Number(m[1]) : undefined;
}

/**
 * Wraps a multi-line field's text before pdf-lib lays it out: pdf-lib's line splitter re-measures the whole
 * remaining text for every word it drops (cubic in the text length — a 10,000-character address takes
 * minutes). Greedy word wrap with per-character widths (additive: kerning and ligatures are off), breaking
 * words longer than a line, keeping only the lines that fit in the field (one more, clipped).
 */
export function wrapFieldText(ctx: FlattenContext, field: TerminalField, text: string, da: string): { text: string; da: string } {
  const { context, font } = ctx;
  let size = daFontSize(da) ?? 0;
  if (size <= 0) {
    if (text.length <= 1000) return { text, da };
    size = 4; // pdf-lib's auto size would shrink to its minimum for such a text anyway
    da = /\bTf\b/.test(da) ? da.replace(/(-?[\d.]+)(\s+Tf\b)/, "4$2") : `/${font.name} 4 Tf 0 g`;
  }
  let width = Number.POSITIVE_INFINITY;
  let height = Number.POSITIVE_INFINITY;
  for (const widget of field.widgets) {
    const rect = numbers(context, widget.dict.get(PDFName.of("Rect")), 4);
    if (!rect) continue;
    const [x1, y1, x2, y2] = normalizedRect(rect);
    const mk = dictOf(context, widget.dict.get(PDFName.of("MK")));
    const quarter = Math.round(((((numberOf(context, mk?.get(PDFName.of("R"))) ?? 0) % 360) + 360) % 360) / 90) % 2;
    const bs = dictOf(context, widget.dict.get(PDFName.of("BS")));
    const inset = 2 * ((numberOf(context, bs?.get(PDFName.of("W"))) ?? 0) + 1);
    width = Math.min(width, (quarter ? y2 - y1 : x2 - x1) - inset);
    height = Math.min(height, (quarter ? x2 - x1 : y2 - y1) - inset);
  }
  if (!Number.isFinite(width) || width <= 0) return { text, da };
  const maxWidth = width - 0.5;
  const lineHeight = font.heightAtSize(size) * 1.2;
  const maxLines = Math.max(1, Math.floor(height / lineHeight) + 1);
  const widths = new Map<string, number>();
  const widthOf = (ch: string) => {
    let w = widths.get(ch);
    if (w === undefined) widths.set(ch, (w = font.widthOfTextAtSize(ch, size)));
    return w;
  };
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    let lineWidth = 0;
    for (const word of paragraph.split(" ")) {
      const gap = line === "" ? "" : " ";
      let wordWidth = 0;
      for (const ch of word) wordWidth += widthOf(ch);
      if (lineWidth + (gap ? widthOf(" ") : 0) + wordWidth < maxWidth) {
        line += gap + word;
        lineWidth += (gap ? widthOf(" ") : 0) + wordWidth;
        continue;
      }
      if (line !== "") lines.push(line);
      line = "";
      lineWidth = 0;
      for (const ch of word) {
        const w = widthOf(ch);
        if (lineWidth + w >= maxWidth && line !== "") {
          lines.push(line);
          line = "";
          lineWidth = 0;
          if (lines.length > maxLines) break;
        }
        line += ch;
        lineWidth += w;
      }
      if (lines.length > maxLines) break;
    }
    lines.push(line);
    if (lines.length > maxLines) break;
  }
  return { text: lines.slice(0, maxLines).join("\n"), da };
}
