import { describe, expect, it } from "vitest";
import { calibrate, calibratedConfidence, FEATURE_NAMES, features, fitLogistic } from "../../../shared/extraction/calibration.ts";
import type { ExtractedValue } from "../../../shared/extraction/extraction-result.ts";
import { applyChecks } from "../../../shared/extraction/confidence.ts";
import { calibrationFigures } from "../../../shared/extraction/calibration-figures.ts";

const value = (confidence: number, evidence?: ExtractedValue["evidence"]): ExtractedValue => ({ value: "x", confidence, evidence });

describe("confidence calibration", () => {
  it("turns evidence into one feature per name", () => {
    const x = features("exporter.name", value(0.9, { source: "party", label: true, ocr: 0.6 }));
    expect(x).toHaveLength(FEATURE_NAMES.length);
    const at = (name: string) => x[FEATURE_NAMES.indexOf(name)];
    expect(at("source party")).toBe(1);
    expect(at("label found")).toBe(1);
    expect(at("read by OCR")).toBe(1);
    expect(at("OCR confidence")).toBeCloseTo(0.6);
    expect(at("OCR confidence < 0.8")).toBe(1);
    expect(at("field name")).toBe(1);
    expect(at("field total")).toBe(0);
  });

  it("fits a map under which the evidence that goes with wrong values lowers the confidence", () => {
    // Values read with a poor OCR confidence are wrong 4 times in 5; the others right 9 times in 10.
    const rows: { v: ExtractedValue; right: boolean }[] = [];
    for (let i = 0; i < 200; i++) {
      const poor = i % 2 === 0;
      const k = Math.floor(i / 2);
      rows.push({ v: value(0.8, { source: "labelled", ocr: poor ? 0.55 : 0.95 }), right: poor ? k % 5 === 0 : k % 10 !== 0 });
    }
    const weights = fitLogistic(
      rows.map((r) => features("goods.currency", r.v)),
      rows.map((r) => r.right),
    );
    const map = { features: FEATURE_NAMES, weights };
    const poor = calibratedConfidence("goods.currency", value(0.8, { source: "labelled", ocr: 0.55 }), map);
    const good = calibratedConfidence("goods.currency", value(0.8, { source: "labelled", ocr: 0.95 }), map);
    expect(poor).toBeLessThan(0.5);
    expect(good).toBeGreaterThan(0.8);
    const f = calibrationFigures(rows.map((r) => ({ confidence: calibratedConfidence("goods.currency", r.v, map), right: r.right })));
    expect(f.ece).toBeLessThan(0.05);
  });

  it("leaves the step scores alone when the map was fitted for other features", () => {
    const flat = new Map([["goods.currency", value(0.77, { source: "labelled" })]]);
    expect(calibrate(flat, { features: ["bias"], weights: [3] }).get("goods.currency")?.confidence).toBe(0.77);
  });

  it("records the format and arithmetic checks in the evidence", () => {
    const out = applyChecks(
      new Map<string, ExtractedValue>([
        ["goods.currency", value(0.9, { source: "labelled" })],
        ["goods.total_value", { value: 20, confidence: 0.8, evidence: { source: "totals" } }],
        ["goods.line_items[0].quantity", { value: 2, confidence: 0.9, evidence: { source: "table" } }],
        ["goods.line_items[0].unit_price", { value: 10, confidence: 0.9, evidence: { source: "table" } }],
      ]),
    );
    expect(out.get("goods.currency")?.evidence?.format).toBe(false);
    expect(out.get("goods.total_value")?.evidence?.arithmetic).toBe(true);
    expect(out.get("goods.line_items[0].quantity")?.evidence).toMatchObject({ arithmetic: true, format: true });
  });
});
