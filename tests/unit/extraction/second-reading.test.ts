import { describe, expect, it } from "vitest";
import type { ExtractedValue, FlatExtraction } from "../../../shared/extraction/extraction-result.ts";
import { combineReadings, sameValue, SURER } from "../../../shared/extraction/second-reading.ts";
import { applyChecks } from "../../../shared/extraction/confidence.ts";

const ocr = (value: string | number, ocrConfidence = 0.9): ExtractedValue => ({
  value,
  confidence: 0.8,
  evidence: { source: "party", label: true, ocr: ocrConfidence },
});

describe("two readings as evidence", () => {
  it("compares texts by letters and digits without case or accents, numbers within a millionth", () => {
    expect(sameValue("TEO HENG STATIONERY & BOOKS", "Teo Heng Stationery Books")).toBe(true);
    expect(sameValue("Müller", "MULLER")).toBe(true);
    expect(sameValue("TED HENG", "TEO HENG")).toBe(false);
    expect(sameValue(1234.5, 1234.5000001)).toBe(true);
    expect(sameValue(1234.5, 1243.5)).toBe(false);
  });

  it("marks an OCR value the second reading gives alike or otherwise, and leaves the rest", () => {
    const first: FlatExtraction = new Map([
      ["exporter.name", ocr("TEO HENG STATIONERY")],
      ["exporter.postal_code", ocr("81200")],
      ["invoice_data.invoice_date", ocr("2018-03-01")],
      // Read from a text layer: no OCR evidence, nothing to compare.
      ["goods.currency", { value: "MYR", confidence: 0.9, evidence: { source: "labelled" } }],
    ]);
    const second: FlatExtraction = new Map([
      ["exporter.name", ocr("TED HENG STATIONERY")],
      ["exporter.postal_code", ocr("81200")],
      ["goods.currency", { value: "SGD", confidence: 0.9, evidence: { source: "labelled" } }],
    ]);
    const out = combineReadings(first, second);
    expect(out.get("exporter.name")?.evidence?.agreement).toBe(false);
    expect(out.get("exporter.postal_code")?.evidence?.agreement).toBe(true);
    // Missing from the second reading: no verdict.
    expect(out.get("invoice_data.invoice_date")?.evidence?.agreement).toBeUndefined();
    expect(out.get("goods.currency")).toEqual(first.get("goods.currency"));
    // Equally sure readings that disagree: the first reading's value and step score stay.
    expect(out.get("exporter.name")?.value).toBe("TEO HENG STATIONERY");
    expect(out.get("exporter.name")?.confidence).toBe(0.8);
    expect(first.get("exporter.name")?.evidence?.agreement).toBeUndefined();
  });

  it("takes the second reading's value where the recogniser is clearly surer of it, or where the first gives none", () => {
    const first: FlatExtraction = new Map([
      ["exporter.name", ocr("INDAH GIFT HOME RECO", 0.19)],
      ["exporter.postal_code", ocr("41080", 0.85)],
    ]);
    const second: FlatExtraction = new Map([
      ["exporter.name", ocr("INDAH GIFT HOME DECO", 0.83)],
      ["exporter.postal_code", ocr("41050", 0.85 + SURER / 2)],
      ["exporter.city", ocr("KLANG", 0.9)],
      // Rows of two readings cannot be aligned: no line item comes from the second reading.
      ["goods.line_items[0].description", ocr("Plastic bag", 0.9)],
    ]);
    const out = combineReadings(first, second);
    expect(out.get("exporter.name")).toMatchObject({
      value: "INDAH GIFT HOME DECO",
      evidence: { agreement: false, ocr: 0.83, secondReading: true },
    });
    // Not surer by SURER: the first reading's value stays.
    expect(out.get("exporter.postal_code")?.value).toBe("41080");
    expect(out.get("exporter.city")).toMatchObject({ value: "KLANG", evidence: { agreement: false, secondReading: true } });
    expect(out.get("exporter.postal_code")?.evidence?.secondReading).toBeUndefined();
    expect(out.has("goods.line_items[0].description")).toBe(false);
  });

  it("takes the second reading's value where only the first fails its field's format, however sure the recogniser was", () => {
    const first: FlatExtraction = new Map([
      ["exporter.name", ocr("A fo 3H", 0.7)],
      ["exporter.country", ocr("M4", 0.9)],
      ["importer.name", ocr("ReSTARANT SIT", 0.9)],
    ]);
    const second: FlatExtraction = new Map([
      ["exporter.name", ocr("PERNIAGAAN ZHENG HUI", 0.7)],
      ["exporter.country", ocr("MY", 0.6)],
      // Both misread: the first stays.
      ["importer.name", ocr("RESTAURANT SIN 6o", 0.6)],
    ]);
    const out = combineReadings(first, second);
    expect(out.get("exporter.name")).toMatchObject({ value: "PERNIAGAAN ZHENG HUI", evidence: { agreement: false, secondReading: true } });
    expect(out.get("exporter.country")?.value).toBe("MY");
    expect(out.get("importer.name")?.value).toBe("ReSTARANT SIT");
  });
});

describe("a third reading as tie-breaker", () => {
  it("a value another reading gives alike stands; two readings outvote the first; all different, the rules of two", () => {
    const first: FlatExtraction = new Map([
      ["exporter.name", ocr("MR. D.T.Y. SDN BHD", 0.9)],
      ["invoice_data.invoice_date", ocr("2018-03-29", 0.8)],
      ["exporter.postal_code", ocr("81750", 0.8)],
      ["importer.name", ocr("TED HENG", 0.8)],
    ]);
    const second: FlatExtraction = new Map([
      ["exporter.name", ocr("MR. D.I.Y. SDN BHD", 0.8)],
      ["invoice_data.invoice_date", ocr("2015-03-29", 0.8)],
      ["exporter.postal_code", ocr("81760", 0.8)],
      ["importer.name", ocr("TEO HENG", 0.8)],
      ["exporter.city", ocr("JOHOR BAHRU", 0.9)],
    ]);
    const third: FlatExtraction = new Map([
      ["exporter.name", ocr("MR D.I.Y SDN BHD", 0.7)],
      ["invoice_data.invoice_date", ocr("2018-03-29", 0.7)],
      ["exporter.postal_code", ocr("81700", 0.7)],
      ["exporter.city", ocr("Johor Bahru", 0.8)],
      ["exporter.country", ocr("MY", 0.9)],
    ]);
    const out = combineReadings(first, second, third);
    // Second and third agree (letters and digits): they outvote the first.
    expect(out.get("exporter.name")).toMatchObject({ value: "MR. D.I.Y. SDN BHD", evidence: { agreement: true, secondReading: true } });
    // The third agrees with the first: it stands.
    expect(out.get("invoice_data.invoice_date")).toMatchObject({ value: "2018-03-29", evidence: { agreement: true } });
    // All three differ: the first stands, doubted.
    expect(out.get("exporter.postal_code")).toMatchObject({ value: "81750", evidence: { agreement: false } });
    // Only the first and second: the rules of two.
    expect(out.get("importer.name")).toMatchObject({ value: "TED HENG", evidence: { agreement: false } });
    // Only the second gives it; the third agrees.
    expect(out.get("exporter.city")).toMatchObject({ value: "JOHOR BAHRU", evidence: { agreement: true, secondReading: true } });
    // The smallest reading alone adds nothing.
    expect(out.has("exporter.country")).toBe(false);
  });
});

describe("the lines' sum as evidence when some rows have no price", () => {
  const row = (i: number, q?: number, p?: number): [string, ExtractedValue][] => [
    [`goods.line_items[${i}].description`, { value: `item ${i}`, confidence: 0.9, evidence: { source: "table" } }],
    ...(q === undefined
      ? []
      : [[`goods.line_items[${i}].quantity`, { value: q, confidence: 0.9, evidence: { source: "table" } }] as [string, ExtractedValue]]),
    ...(p === undefined
      ? []
      : [[`goods.line_items[${i}].unit_price`, { value: p, confidence: 0.9, evidence: { source: "table" } }] as [string, ExtractedValue]]),
  ];
  const total = (v: number): [string, ExtractedValue] => [
    "goods.total_value",
    { value: v, confidence: 0.8, evidence: { source: "totals" } },
  ];

  it("the priced rows adding up to the total speak for them; not adding up puts every row in doubt", () => {
    const agrees = applyChecks(new Map([...row(0, 2, 10), ...row(1), total(20)]));
    expect(agrees.get("goods.line_items[0].description")?.evidence?.arithmetic).toBe(true);
    expect(agrees.get("goods.line_items[1].description")?.evidence?.arithmetic).toBeUndefined();
    // Evidence only: no confidence moves for a partial sum.
    expect(agrees.get("goods.line_items[0].quantity")?.confidence).toBe(0.9);

    const differs = applyChecks(new Map([...row(0, 2, 10), ...row(1), total(35)]));
    expect(differs.get("goods.line_items[0].unit_price")?.evidence?.arithmetic).toBe(false);
    expect(differs.get("goods.line_items[1].description")?.evidence?.arithmetic).toBe(false);
  });

  it("a full sum records its outcome on the descriptions too", () => {
    const out = applyChecks(new Map([...row(0, 2, 10), ...row(1, 1, 5), total(25)]));
    expect(out.get("goods.line_items[1].description")?.evidence?.arithmetic).toBe(true);
    const off = applyChecks(new Map([...row(0, 2, 10), ...row(1, 1, 5), total(99)]));
    expect(off.get("goods.line_items[0].description")?.evidence?.arithmetic).toBe(false);
  });
});
