import { beforeAll, describe, expect, it } from "vitest";
import { PDFDocument } from "pdf-lib";
import { DOCUMENT_TYPES } from "../../../shared/document-types/identities.ts";
import { embedDocumentFonts } from "../../../shared/documents/render-with-layouts.ts";
import { buildDocumentModel } from "../../../shared/document-types/render-document.ts";
import { flowDocument } from "../../../shared/documents/page-kit/flow.ts";
import { footerOps, headerOps } from "../../../shared/documents/page-kit/frame.ts";
import type { Op, RectOp } from "../../../shared/documents/page-kit/ops.ts";
import { CONTENT, PAGE } from "../../../shared/documents/page-kit/styles.ts";
import { createMeasurer, type Measurer, wrapText } from "../../../shared/documents/page-kit/measure-text.ts";
import { qrMatrix, qrPath } from "../../../shared/documents/page-kit/qr.ts";
import { columnDecimals, formatDate, formatMoney, formatNumber } from "../../../shared/documents/format.ts";
import { longShipment, SAMPLE_META, sampleShipment, stressShipment } from "../../support/sample-shipments.ts";
import QRCode from "qrcode";

let m: Measurer;

beforeAll(async () => {
  m = createMeasurer(await embedDocumentFonts(await PDFDocument.create()));
});

function width(op: Extract<Op, { op: "text" }>): number {
  return m.width(op.text, op.font, op.size);
}

/** Every text op lies inside the content area and inside the innermost box (stroked rect) around its start. */
function assertNoOverflow(pages: Op[][], label: string): void {
  for (const [p, ops] of pages.entries()) {
    const rects = ops.filter((o): o is RectOp => o.op === "rect" && o.stroke !== undefined);
    for (const op of ops) {
      if (op.op === "text") {
        const w = width(op);
        const where = `${label} page ${p + 1}: "${op.text}"`;
        expect(op.x, where).toBeGreaterThanOrEqual(CONTENT.left - 0.5);
        expect(op.x + w, where).toBeLessThanOrEqual(CONTENT.right + 0.5);
        expect(op.y, where).toBeGreaterThanOrEqual(CONTENT.top);
        expect(op.y, where).toBeLessThanOrEqual(CONTENT.bottom);
        const around = rects
          .filter((r) => op.x >= r.x - 0.01 && op.x <= r.x + r.w && op.y >= r.y && op.y <= r.y + r.h)
          .sort((a, b) => a.w * a.h - b.w * b.h)[0];
        if (around) expect(op.x + w, `${where} overflows its box`).toBeLessThanOrEqual(around.x + around.w + 0.3);
        // Table cells: the next column rule to the right bounds the text.
        const rule = ops
          .filter(
            (o): o is Extract<Op, { op: "line" }> =>
              o.op === "line" &&
              Math.abs(o.x1 - o.x2) < 0.01 &&
              o.x1 > op.x + 0.5 &&
              Math.min(o.y1, o.y2) <= op.y &&
              Math.max(o.y1, o.y2) >= op.y,
          )
          .map((o) => o.x1)
          .sort((a, b) => a - b)[0];
        if (rule !== undefined) expect(op.x + w, `${where} runs into the next column`).toBeLessThanOrEqual(rule + 0.3);
      } else if (op.op === "field") {
        expect(op.x).toBeGreaterThanOrEqual(CONTENT.left - 0.5);
        expect(op.x + op.w).toBeLessThanOrEqual(CONTENT.right + 0.5);
        expect(op.y + op.h).toBeLessThanOrEqual(CONTENT.bottom + 0.5);
      }
    }
  }
}

const meta = (docType: (typeof DOCUMENT_TYPES)[number], shipment: Record<string, unknown>, finalDoc = false) => ({
  ...SAMPLE_META,
  docType,
  shipment,
  finalDoc,
});

describe("layout engine", () => {
  it.each(DOCUMENT_TYPES.map((t) => [t]))("%s: nothing overflows, for the sample, a stress shipment and an empty one", (docType) => {
    for (const [label, shipment, finalDoc] of [
      ["sample", sampleShipment(), false],
      ["stress", stressShipment(), false],
      ["stress final", stressShipment(), true],
      ["empty", {}, false],
    ] as const) {
      const model = buildDocumentModel(meta(docType, shipment, finalDoc));
      const pages = flowDocument(model, { m, finalDoc });
      assertNoOverflow(pages, `${docType} ${label}`);
      const frame = pages.map((_, i) => [
        ...headerOps(model, m),
        ...footerOps({ ...SAMPLE_META }, qrMatrix(SAMPLE_META.verificationUrl), i, pages.length, m),
      ]);
      for (const ops of frame) {
        for (const op of ops) {
          if (op.op !== "text") continue;
          expect(op.x).toBeGreaterThanOrEqual(CONTENT.left - 0.5);
          expect(op.x + width(op)).toBeLessThanOrEqual(CONTENT.right + 0.5);
        }
      }
    }
  });

  it("sample documents fit on one page; a long packing list flows", () => {
    for (const docType of DOCUMENT_TYPES) {
      expect(flowDocument(buildDocumentModel(meta(docType, sampleShipment())), { m, finalDoc: false }), docType).toHaveLength(1);
    }
    const pages = flowDocument(buildDocumentModel(meta("PACKING_LIST", longShipment(60))), { m, finalDoc: false });
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.length).toBeLessThanOrEqual(3);
  });

  it("wraps words and breaks unbroken tokens to the width", () => {
    const style = { font: "regular" as const, size: 8, gray: 0 };
    const lines = wrapText(`short words then ${"Ł".repeat(200)} end`, style, 100, m);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(m.width(line, "regular", 8)).toBeLessThanOrEqual(100);
    expect(lines.join("")).toContain("end");
    expect(wrapText("a\n\nb", style, 100, m)).toEqual(["a", "", "b"]);
  });
});

describe("QR code", () => {
  it("draws exactly the dark modules of qrcode's matrix", () => {
    const url = SAMPLE_META.verificationUrl;
    const reference = QRCode.create(url, { errorCorrectionLevel: "M" }).modules;
    const matrix = qrMatrix(url);
    expect(matrix.size).toBe(reference.size);
    const dark = new Set<string>();
    for (const run of qrPath(matrix).matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
      const [col, row, len] = [Number(run[1]), Number(run[2]), Number(run[3])];
      for (let c = col; c < col + len; c++) dark.add(`${row},${c}`);
    }
    for (let r = 0; r < reference.size; r++) {
      for (let c = 0; c < reference.size; c++) expect(dark.has(`${r},${c}`)).toBe(Boolean(reference.get(r, c)));
    }
  });
});

describe("formatting", () => {
  it("formats numbers locale-independently", () => {
    expect(formatMoney(53340)).toBe("53,340.00");
    expect(formatMoney(-0.001)).toBe("0.00");
    expect(formatNumber(1234567.5, 0, 3)).toBe("1,234,567.5");
    expect(formatNumber(0.1 + 0.2, 0, 3)).toBe("0.3");
    expect(columnDecimals([1, 2.5, 3.25, null, "x"])).toBe(2);
    expect(columnDecimals([1.23456])).toBe(3);
    expect(formatDate(new Date("2025-03-11T23:59:00Z"))).toBe("2025-03-11");
    expect(formatDate("2025-03-10T08:00:00+01:00")).toBe("2025-03-10");
  });

  it("page geometry leaves room for header and footer", () => {
    expect(CONTENT.top).toBeGreaterThan(PAGE.marginTop);
    expect(CONTENT.bottom).toBeLessThan(PAGE.height - PAGE.footerHeight);
  });
});
