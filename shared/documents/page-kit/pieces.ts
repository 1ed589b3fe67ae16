/** Turns content pieces into measured lines that can be stacked, clipped and drawn. */
import type { Align, Piece, SlotPiece, TextPiece } from "./model.ts";
import type { Op } from "./ops.ts";
import { FIELD, lineHeight, STYLES, type TextStyle } from "./styles.ts";
import { type Measurer, shrinkToFit, wrapText } from "./measure-text.ts";
import { dataPathToFieldPath } from "../../pdf/field-paths.ts";

export interface FlowContext {
  m: Measurer;
  finalDoc: boolean;
}

export interface Line {
  height: number;
  /** Ops for this line placed at (x, top) within a column of the given width. */
  draw(x: number, top: number, width: number): Op[];
}

export function baseline(top: number, size: number): number {
  return top + size * 0.88;
}

function alignX(x: number, width: number, textWidth: number, align: Align | undefined): number {
  if (align === "right") return x + width - textWidth;
  if (align === "center") return x + (width - textWidth) / 2;
  return x;
}

function textLine(text: string, style: TextStyle, size: number, align: Align | undefined, m: Measurer): Line {
  const h = lineHeight(size);
  const w = m.width(text, style.font, size);
  return {
    height: h,
    draw: (x, top, width) =>
      text.length === 0
        ? []
        : [{ op: "text", x: alignX(x, width, w, align), y: baseline(top, size), text, font: style.font, size, gray: style.gray }],
  };
}

/** Lines of a text (wrapped, or shrunk to one line when nowrap). */
export function textLines(text: string, style: TextStyle, width: number, m: Measurer, align?: Align, nowrap?: boolean): Line[] {
  if (nowrap && !text.includes("\n")) {
    const size = shrinkToFit(text, style, width, m);
    if (size !== null) return [textLine(text, style, size, align, m)];
    const small = { ...style, size: Math.max(5, style.size * 0.75) };
    return wrapText(text, small, width, m).map((line) => textLine(line, small, small.size, align, m));
  }
  return wrapText(text, style, width, m).map((line) => textLine(line, style, style.size, align, m));
}

function fieldLine(name: string, style: TextStyle, lines: number, align: Align | undefined, offset: number, label: Line | null): Line {
  const h = lines * lineHeight(style.size) + 2 * FIELD.padY;
  return {
    height: h,
    draw: (x, top, width) => {
      const ops: Op[] = label ? label.draw(x, top + (lineHeight(style.size) + 2 * FIELD.padY - label.height) / 2, width) : [];
      ops.push({
        op: "field",
        name,
        x: x + offset,
        y: top,
        w: Math.max(8, width - offset),
        h,
        size: style.size,
        multiline: lines > 1,
        align: align ?? "left",
      });
      return ops;
    },
  };
}

const MIN_FIELD_WIDTH = 42;

function slotLines(piece: SlotPiece, width: number, ctx: FlowContext): Line[] {
  const style = STYLES[piece.style ?? "body"];
  if (piece.value !== null) {
    const text = piece.label ? `${piece.label} ${piece.value}` : piece.value;
    return textLines(text, style, width, ctx.m, piece.align, piece.nowrap);
  }
  const lines = Math.max(1, piece.lines ?? 1);
  if (ctx.finalDoc && piece.fallback)
    return textLines(piece.label ? `${piece.label} ${piece.fallback}` : piece.fallback, style, width, ctx.m, piece.align, piece.nowrap);
  if (ctx.finalDoc) {
    // Blank in a final document: keep the label and the space the value would take.
    const out = piece.label ? textLines(piece.label, style, width, ctx.m) : [];
    const used = out.reduce((sum, l) => sum + l.height, 0);
    const want = (piece.label ? lines : Math.max(1, lines)) * lineHeight(style.size);
    if (want > used) out.push({ height: want - used, draw: () => [] });
    return out;
  }
  const name = dataPathToFieldPath(piece.path);
  if (!piece.label) return [fieldLine(name, style, lines, piece.align, 0, null)];
  const labelWidth = ctx.m.width(piece.label, style.font, style.size);
  if (width - labelWidth - 3 >= Math.max(MIN_FIELD_WIDTH, width * 0.3)) {
    const label = textLine(piece.label, style, style.size, "left", ctx.m);
    return [fieldLine(name, style, lines, piece.align, labelWidth + 3, label)];
  }
  return [...textLines(piece.label, style, width, ctx.m), fieldLine(name, style, lines, piece.align, 0, null)];
}

function signatureLines(caption: string, height: number, m: Measurer, width: number): Line[] {
  const style = STYLES.fine;
  const captionLines = textLines(caption, style, width, m);
  const rule: Line = {
    height: height + 1.5,
    draw: (x, top, w) => [{ op: "line", x1: x, y1: top + height, x2: x + w, y2: top + height, gray: 0.35, width: 0.5 }],
  };
  return [rule, ...captionLines];
}

export function pieceLines(piece: Piece, width: number, ctx: FlowContext): Line[] {
  switch (piece.kind) {
    case "text": {
      const p = piece as TextPiece;
      return textLines(p.text, STYLES[p.style ?? "body"], width, ctx.m, p.align, p.nowrap);
    }
    case "slot":
      return slotLines(piece, width, ctx);
    case "signature":
      return signatureLines(piece.caption, piece.height ?? 26, ctx.m, width);
    case "gap":
      return [{ height: piece.height, draw: () => [] }];
  }
}

export function piecesLines(pieces: readonly Piece[], width: number, ctx: FlowContext): Line[] {
  return pieces.flatMap((p) => pieceLines(p, width, ctx));
}

export function linesHeight(lines: readonly Line[]): number {
  return lines.reduce((sum, l) => sum + l.height, 0);
}

/** Stacks lines from `top`, returning the ops. */
export function drawLines(lines: readonly Line[], x: number, top: number, width: number): Op[] {
  const ops: Op[] = [];
  let y = top;
  for (const line of lines) {
    ops.push(...line.draw(x, y, width));
    y += line.height;
  }
  return ops;
}

/** Keeps the lines that fit in maxHeight; when some are dropped the last kept line becomes an ellipsis. */
export function clipLines(lines: readonly Line[], maxHeight: number, m: Measurer): Line[] {
  if (linesHeight(lines) <= maxHeight) return [...lines];
  const marker = textLine("…", STYLES.body, STYLES.body.size, "left", m);
  const out: Line[] = [];
  let used = marker.height;
  for (const line of lines) {
    if (used + line.height > maxHeight) break;
    out.push(line);
    used += line.height;
  }
  out.push(marker);
  return out;
}
