/**
 * The flow engine: measures a DocumentModel's blocks and places them on A4 pages between the header and
 * the footer. Rows of boxes are kept whole; tables flow row by row onto further pages with their label and
 * column headers repeated; text blocks flow line by line. Nothing is drawn outside its box: text wraps or
 * shrinks (measure-text.ts), and the rare row taller than a whole page is clipped with an ellipsis.
 */
import type { Block, Box, DocumentModel, RowBlock, TableBlock, TextBlock } from "./model.ts";
import type { Op } from "./ops.ts";
import { BOX, CONTENT, LABEL, lineHeight, TABLE, TABLE_HEADER_STYLE } from "./styles.ts";
import { wrapText } from "./measure-text.ts";
import { baseline, clipLines, drawLines, type FlowContext, type Line, linesHeight, piecesLines } from "./pieces.ts";

const MAX_BLOCK_HEIGHT = CONTENT.bottom - CONTENT.top;

class Pager {
  pages: Op[][] = [[]];
  y: number = CONTENT.top;

  get ops(): Op[] {
    return this.pages[this.pages.length - 1];
  }

  remaining(): number {
    return CONTENT.bottom - this.y;
  }

  newPage(): void {
    this.pages.push([]);
    this.y = CONTENT.top;
  }

  /** Starts a new page unless `height` fits (or the page is still empty). */
  ensure(height: number): void {
    if (this.y + height > CONTENT.bottom + 0.01 && this.y > CONTENT.top) this.newPage();
  }
}

/** Label band of a numbered box: "12  Declaration by the exporter", wrapped with a hanging indent. */
export function labelLines(number: string | undefined, label: string | undefined, width: number, ctx: FlowContext): Line[] {
  if (!number && !label) return [];
  const size = LABEL.size;
  const numberWidth = number ? ctx.m.width(number, "bold", size) + 3 : 0;
  const texts = label ? wrapText(label, { font: "regular", size, gray: LABEL.gray }, Math.max(10, width - numberWidth), ctx.m) : [""];
  return texts.map((text, i) => ({
    height: lineHeight(size),
    draw: (x: number, top: number): Op[] => {
      const ops: Op[] = [];
      if (i === 0 && number) ops.push({ op: "text", x, y: baseline(top, size), text: number, font: "bold", size, gray: LABEL.numberGray });
      if (text) ops.push({ op: "text", x: x + numberWidth, y: baseline(top, size), text, font: "regular", size, gray: LABEL.gray });
      return ops;
    },
  }));
}

function splitWidths(weights: readonly number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  return weights.map((w) => (w / sum) * total);
}

interface MeasuredBox {
  box: Box;
  width: number;
  label: Line[];
  content: Line[];
  height: number;
}

function measureBox(box: Box, width: number, ctx: FlowContext): MeasuredBox {
  const inner = width - 2 * BOX.padX;
  const label = labelLines(box.number, box.label, inner, ctx);
  const content = piecesLines(box.content, inner, ctx);
  const labelH = linesHeight(label);
  const height = Math.max(
    box.minHeight ?? 0,
    BOX.padTop + labelH + (labelH > 0 && content.length > 0 ? BOX.labelGap : 0) + linesHeight(content) + BOX.padBottom,
  );
  return { box, width, label, content, height };
}

function flowRow(block: RowBlock, pager: Pager, ctx: FlowContext): void {
  const widths = splitWidths(
    block.boxes.map((b) => b.width ?? 1),
    CONTENT.width,
  );
  let measured = block.boxes.map((box, i) => measureBox(box, widths[i], ctx));
  let height = Math.max(block.minHeight ?? 0, ...measured.map((b) => b.height));
  if (height > MAX_BLOCK_HEIGHT) {
    measured = measured.map((b) => {
      const room = MAX_BLOCK_HEIGHT - BOX.padTop - BOX.padBottom - BOX.labelGap - linesHeight(b.label);
      const content = clipLines(b.content, room, ctx.m);
      return { ...b, content, height: Math.min(b.height, MAX_BLOCK_HEIGHT) };
    });
    height = MAX_BLOCK_HEIGHT;
  }
  pager.ensure(height);
  let x = CONTENT.left;
  const top = pager.y;
  for (const b of measured) {
    pager.ops.push({
      op: "rect",
      x,
      y: top,
      w: b.width,
      h: height,
      fill: b.box.shade ? BOX.shadeGray : undefined,
      stroke: BOX.borderGray,
      lineWidth: BOX.border,
    });
    const innerX = x + BOX.padX;
    const innerW = b.width - 2 * BOX.padX;
    pager.ops.push(...drawLines(b.label, innerX, top + BOX.padTop, innerW));
    const labelH = linesHeight(b.label);
    pager.ops.push(...drawLines(b.content, innerX, top + BOX.padTop + labelH + (labelH > 0 ? BOX.labelGap : 0), innerW));
    x += b.width;
  }
  pager.y = top + height;
}

interface MeasuredCell {
  x: number;
  width: number;
  lines: Line[];
}

interface MeasuredRow {
  cells: MeasuredCell[];
  height: number;
  /** Column boundaries (x) inside the row, for the vertical rules. */
  rules: number[];
  footer: boolean;
}

function measureTableRow(
  cells: { content: Line[]; span: number }[],
  colX: number[],
  colW: number[],
  footer: boolean,
  ctx: FlowContext,
): MeasuredRow {
  void ctx;
  const out: MeasuredCell[] = [];
  const rules: number[] = [];
  let col = 0;
  for (const cell of cells) {
    const span = Math.max(1, Math.min(cell.span, colX.length - col));
    const x = colX[col];
    const width = colW.slice(col, col + span).reduce((a, b) => a + b, 0);
    out.push({ x, width, lines: cell.content });
    col += span;
    if (col < colX.length) rules.push(colX[col]);
  }
  const height = Math.max(...out.map((c) => linesHeight(c.lines)), lineHeight(7)) + 2 * TABLE.padY;
  return { cells: out, height, rules, footer };
}

function clipRow(row: MeasuredRow, maxHeight: number, ctx: FlowContext): MeasuredRow {
  if (row.height <= maxHeight) return row;
  const room = maxHeight - 2 * TABLE.padY;
  return { ...row, height: maxHeight, cells: row.cells.map((c) => ({ ...c, lines: clipLines(c.lines, room, ctx.m) })) };
}

function flowTable(block: TableBlock, pager: Pager, ctx: FlowContext): void {
  const colW = splitWidths(
    block.columns.map((c) => c.width),
    CONTENT.width,
  );
  const colX: number[] = [];
  let acc = CONTENT.left;
  for (const w of colW) {
    colX.push(acc);
    acc += w;
  }
  const cellWidth = (col: number, span = 1) => colW.slice(col, col + span).reduce((a, b) => a + b, 0) - 2 * TABLE.padX;

  const headerCells = block.columns.map((c, i) => ({
    lines: wrapText(c.header, TABLE_HEADER_STYLE, cellWidth(i), ctx.m),
    align: c.align,
  }));
  const headerHeight = Math.max(...headerCells.map((c) => c.lines.length)) * lineHeight(TABLE_HEADER_STYLE.size) + 2 * TABLE.padY;

  const bodyRows: MeasuredRow[] = block.rows.map((row) =>
    measureTableRow(
      block.columns.map((column, c) => ({
        content: piecesLines(
          (row[c] ?? []).map((p) =>
            (p.kind === "text" || p.kind === "slot") && !p.align && column.align ? { ...p, align: column.align } : p,
          ),
          cellWidth(c),
          ctx,
        ),
        span: 1,
      })),
      colX,
      colW,
      false,
      ctx,
    ),
  );
  if (bodyRows.length === 0 && block.emptyText !== undefined) {
    bodyRows.push(
      measureTableRow(
        [
          {
            content: piecesLines([{ kind: "text", text: block.emptyText, style: "small" }], cellWidth(0, colW.length), ctx),
            span: colW.length,
          },
        ],
        colX,
        colW,
        false,
        ctx,
      ),
    );
  }
  const footerRows: MeasuredRow[] = (block.footer ?? []).map((cells) => {
    let col = 0;
    return measureTableRow(
      cells.map((cell) => {
        const span = cell.span ?? 1;
        const content = piecesLines(
          cell.content.map((p) => ((p.kind === "text" || p.kind === "slot") && !p.align && cell.align ? { ...p, align: cell.align } : p)),
          cellWidth(col, span),
          ctx,
        );
        col += span;
        return { content, span };
      }),
      colX,
      colW,
      true,
      ctx,
    );
  });

  const labelFor = (continued: boolean) =>
    labelLines(
      block.number,
      block.label ? (continued ? `${block.label} (continued)` : block.label) : continued ? "(continued)" : undefined,
      CONTENT.width - 2 * BOX.padX,
      ctx,
    );
  const hasLabel = Boolean(block.number || block.label);

  const rows = [...bodyRows, ...footerRows];
  let segmentTop = 0;
  let bodyTop = 0;

  const startSegment = (continued: boolean, firstRowHeight: number) => {
    const label = hasLabel || continued ? labelFor(continued) : [];
    const labelH = label.length > 0 ? linesHeight(label) + BOX.padTop + 1 : 0;
    pager.ensure(labelH + headerHeight + firstRowHeight);
    segmentTop = pager.y;
    if (labelH > 0) {
      pager.ops.push(...drawLines(label, CONTENT.left + BOX.padX, pager.y + BOX.padTop, CONTENT.width - 2 * BOX.padX));
      pager.y += labelH;
    }
    pager.ops.push({ op: "rect", x: CONTENT.left, y: pager.y, w: CONTENT.width, h: headerHeight, fill: TABLE.headerGray });
    headerCells.forEach((cell, i) => {
      const w = colW[i] - 2 * TABLE.padX;
      cell.lines.forEach((text, li) => {
        const tw = ctx.m.width(text, TABLE_HEADER_STYLE.font, TABLE_HEADER_STYLE.size);
        const x =
          cell.align === "right"
            ? colX[i] + TABLE.padX + w - tw
            : cell.align === "center"
              ? colX[i] + TABLE.padX + (w - tw) / 2
              : colX[i] + TABLE.padX;
        pager.ops.push({
          op: "text",
          x,
          y: baseline(pager.y + TABLE.padY + li * lineHeight(TABLE_HEADER_STYLE.size), TABLE_HEADER_STYLE.size),
          text,
          font: TABLE_HEADER_STYLE.font,
          size: TABLE_HEADER_STYLE.size,
          gray: TABLE_HEADER_STYLE.gray,
        });
      });
    });
    for (let i = 1; i < colX.length; i++) {
      pager.ops.push({
        op: "line",
        x1: colX[i],
        y1: pager.y,
        x2: colX[i],
        y2: pager.y + headerHeight,
        gray: BOX.borderGray,
        width: TABLE.ruleWidth,
      });
    }
    pager.y += headerHeight;
    bodyTop = pager.y;
  };

  const endSegment = () => {
    pager.ops.push({
      op: "rect",
      x: CONTENT.left,
      y: segmentTop,
      w: CONTENT.width,
      h: pager.y - segmentTop,
      stroke: BOX.borderGray,
      lineWidth: BOX.border,
    });
    pager.ops.push({ op: "line", x1: CONTENT.left, y1: bodyTop, x2: CONTENT.right, y2: bodyTop, gray: BOX.borderGray, width: BOX.border });
  };

  const maxRow = MAX_BLOCK_HEIGHT - headerHeight - 2 * lineHeight(LABEL.size) - 10;
  startSegment(false, rows.length > 0 ? Math.min(rows[0].height, maxRow) : 0);
  let previousFooter = false;
  for (let r = 0; r < rows.length; r++) {
    const row = clipRow(rows[r], maxRow, ctx);
    if (pager.y + row.height > CONTENT.bottom + 0.01) {
      endSegment();
      pager.newPage();
      startSegment(true, row.height);
      previousFooter = false;
    }
    const top = pager.y;
    if (row.footer && !previousFooter) {
      pager.ops.push({ op: "line", x1: CONTENT.left, y1: top, x2: CONTENT.right, y2: top, gray: BOX.borderGray, width: BOX.border });
    } else if (top > bodyTop + 0.01) {
      pager.ops.push({ op: "line", x1: CONTENT.left, y1: top, x2: CONTENT.right, y2: top, gray: TABLE.ruleGray, width: TABLE.ruleWidth });
    }
    for (const x of row.rules) {
      pager.ops.push({
        op: "line",
        x1: x,
        y1: top,
        x2: x,
        y2: top + row.height,
        gray: row.footer ? BOX.borderGray : TABLE.ruleGray,
        width: TABLE.ruleWidth,
      });
    }
    for (const cell of row.cells) {
      pager.ops.push(...drawLines(cell.lines, cell.x + TABLE.padX, top + TABLE.padY, cell.width - 2 * TABLE.padX));
    }
    pager.y = top + row.height;
    previousFooter = row.footer;
  }
  endSegment();
}

function flowText(block: TextBlock, pager: Pager, ctx: FlowContext): void {
  const pad = block.boxed ? BOX.padX : 0;
  const padY = 3;
  const lines = piecesLines(block.pieces, CONTENT.width - 2 * pad, ctx);
  pager.ensure(Math.min(linesHeight(lines) + 2 * padY, lineHeight(8) * 3));
  let segmentTop = pager.y;
  pager.y += padY;
  const close = () => {
    if (block.boxed)
      pager.ops.push({
        op: "rect",
        x: CONTENT.left,
        y: segmentTop,
        w: CONTENT.width,
        h: pager.y + padY - segmentTop,
        stroke: BOX.borderGray,
        lineWidth: BOX.border,
      });
  };
  for (const line of lines) {
    if (pager.y + line.height + padY > CONTENT.bottom + 0.01) {
      close();
      pager.newPage();
      segmentTop = pager.y;
      pager.y += padY;
    }
    pager.ops.push(...line.draw(CONTENT.left + pad, pager.y, CONTENT.width - 2 * pad));
    pager.y += line.height;
  }
  close();
  pager.y += padY;
}

function flowBlock(block: Block, pager: Pager, ctx: FlowContext): void {
  switch (block.kind) {
    case "row":
      flowRow(block, pager, ctx);
      return;
    case "table":
      flowTable(block, pager, ctx);
      return;
    case "text":
      flowText(block, pager, ctx);
      return;
    case "spacer":
      if (pager.y + block.height > CONTENT.bottom) pager.newPage();
      else pager.y += block.height;
      return;
  }
}

/** Places every block; returns the content ops of each page (header and footer are added by the frame). */
export function flowDocument(model: DocumentModel, ctx: FlowContext): Op[][] {
  const pager = new Pager();
  for (const block of model.blocks) flowBlock(block, pager, ctx);
  return pager.pages;
}
