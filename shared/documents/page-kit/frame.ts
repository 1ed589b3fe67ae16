/**
 * The page frame: header (document title, subtitle, reference lines) and footer (validation hash,
 * generation number, verification address, QR code of the address, "Page x of y") on every page.
 */
import type { DocumentModel } from "./model.ts";
import type { Op } from "./ops.ts";
import { CONTENT, PAGE, STYLES, type TextStyle } from "./styles.ts";
import type { Measurer } from "./measure-text.ts";
import { baseline, drawLines, textLines } from "./pieces.ts";
import { QR_QUIET_ZONE, qrPath, type QrMatrix } from "./qr.ts";

export interface FrameMeta {
  validationHash: string;
  verificationUrl: string;
  generationNumber: number;
  generatedAt: Date;
  shipmentRef: string | null;
}

const TITLE: TextStyle = { font: "bold", size: 15, gray: 0 };
const SUBTITLE: TextStyle = { font: "regular", size: 7, gray: 0.3 };
const INFO_LABEL: TextStyle = { font: "regular", size: 6.6, gray: 0.35 };
const INFO_VALUE: TextStyle = { font: "bold", size: 7.2, gray: 0 };
const FOOT: TextStyle = { font: "regular", size: 6.4, gray: 0.15 };
const FOOT_BOLD: TextStyle = { font: "bold", size: 6.4, gray: 0 };
const PAGE_NO: TextStyle = { font: "bold", size: 7.5, gray: 0 };

/** Size of the QR code including its quiet zone (points). */
export const QR_SIZE = 74;

export function formatTimestamp(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export function headerOps(model: DocumentModel, m: Measurer): Op[] {
  const ops: Op[] = [];
  const top = PAGE.marginTop;
  const leftWidth = CONTENT.width * 0.6;
  const titleLines = textLines(model.title, TITLE, leftWidth, m, "left", true);
  ops.push(...drawLines(titleLines, CONTENT.left, top, leftWidth));
  const y = top + titleLines.reduce((s, l) => s + l.height, 0) + 1;
  if (model.subtitle) {
    const sub = textLines(model.subtitle, SUBTITLE, leftWidth, m).slice(0, 3);
    ops.push(...drawLines(sub, CONTENT.left, y, leftWidth));
  }
  // Reference lines, right aligned: "Label  value".
  const rightX = CONTENT.left + leftWidth + 8;
  const rightWidth = CONTENT.right - rightX;
  let ry = top + 1;
  for (const info of model.info.slice(0, 5)) {
    const labelWidth = m.width(`${info.label}  `, INFO_LABEL.font, INFO_LABEL.size);
    const valueLines = textLines(info.value, INFO_VALUE, Math.max(20, rightWidth - labelWidth), m, "right", true);
    const valueLine = valueLines[0];
    ops.push(...valueLine.draw(rightX, ry, rightWidth));
    const valueOp = ops[ops.length - 1];
    const valueLeft = valueOp && valueOp.op === "text" ? valueOp.x : CONTENT.right;
    ops.push({
      op: "text",
      x: valueLeft - labelWidth,
      y: baseline(ry, INFO_VALUE.size),
      text: info.label,
      font: INFO_LABEL.font,
      size: INFO_LABEL.size,
      gray: INFO_LABEL.gray,
    });
    ry += valueLine.height + 0.6;
  }
  const ruleY = PAGE.marginTop + PAGE.headerHeight - 6;
  ops.push({ op: "line", x1: CONTENT.left, y1: ruleY, x2: CONTENT.right, y2: ruleY, gray: 0, width: 1.2 });
  return ops;
}

export function footerOps(meta: FrameMeta, qr: QrMatrix, pageIndex: number, pageCount: number, m: Measurer): Op[] {
  const ops: Op[] = [];
  const top = PAGE.height - PAGE.marginBottom - PAGE.footerHeight + 3;
  ops.push({ op: "line", x1: CONTENT.left, y1: top, x2: CONTENT.right, y2: top, gray: 0.2, width: 0.6 });

  // QR code: the quiet zone is white page; modules drawn as one filled path.
  const module = QR_SIZE / (qr.size + 2 * QR_QUIET_ZONE);
  const qrLeft = CONTENT.left - QR_QUIET_ZONE * module + 1;
  const qrTop = top + 3;
  ops.push({ op: "path", x: qrLeft + QR_QUIET_ZONE * module, y: qrTop + QR_QUIET_ZONE * module, path: qrPath(qr), scale: module, gray: 0 });

  const textX = qrLeft + QR_SIZE + 2;
  const pageNoWidth = 70;
  const textWidth = CONTENT.right - textX - pageNoWidth - 6;
  let y = top + 10;
  const row = (label: string, value: string, valueStyle: TextStyle = FOOT) => {
    const labelW = m.width(`${label} `, FOOT_BOLD.font, FOOT_BOLD.size);
    ops.push({
      op: "text",
      x: textX,
      y: baseline(y, FOOT_BOLD.size),
      text: label,
      font: FOOT_BOLD.font,
      size: FOOT_BOLD.size,
      gray: FOOT_BOLD.gray,
    });
    const lines = textLines(value, valueStyle, textWidth - labelW, m, "left", true);
    ops.push(...drawLines(lines, textX + labelW, y, textWidth - labelW));
    y += lines.reduce((s, l) => s + l.height, 0) + 1.5;
  };
  row("Validation hash:", meta.validationHash.trim().length > 0 ? meta.validationHash : "not validated");
  row(
    `Generation ${meta.generationNumber}`,
    `· generated ${formatTimestamp(meta.generatedAt)}${meta.shipmentRef ? ` · shipment ${meta.shipmentRef}` : ""}`,
  );
  row("Verify:", meta.verificationUrl);
  const note = textLines(
    "Scan the QR code or open the address above to confirm that this document was issued by the Trade Document Service from validated shipment data and has not been modified.",
    STYLES.fine,
    textWidth,
    m,
  );
  ops.push(...drawLines(note, textX, y + 1, textWidth));

  const pageText = `Page ${pageIndex + 1} of ${pageCount}`;
  const pw = m.width(pageText, PAGE_NO.font, PAGE_NO.size);
  ops.push({
    op: "text",
    x: CONTENT.right - pw,
    y: baseline(top + 9, PAGE_NO.size),
    text: pageText,
    font: PAGE_NO.font,
    size: PAGE_NO.size,
    gray: PAGE_NO.gray,
  });
  return ops;
}
