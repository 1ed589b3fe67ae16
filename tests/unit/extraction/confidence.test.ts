import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyChecks, containerCheckDigitOk, FORMAT_FAIL, formatCheck, TOTAL_MISMATCH } from "../../../shared/extraction/confidence.ts";
import { flattenResultTree, toResultTree, type FlatExtraction } from "../../../shared/extraction/extraction-result.ts";

const flat = (entries: [string, string | number, number][]): FlatExtraction =>
  new Map(entries.map(([k, v, c]) => [k, { value: v, confidence: c }]));

describe("format checks", () => {
  it.each([
    ["exporter.country", "DE", true],
    ["exporter.country", "Germany", false],
    ["goods.line_items[0].origin_country", "XX", false],
    ["goods.currency", "EUR", true],
    ["goods.currency", "EURO", false],
    ["goods.line_items[0].hs_code", "0901210000", true],
    ["goods.line_items[0].hs_code", "0901.21", false],
    ["route.port_of_loading", "DEHAM", true],
    ["route.port_of_loading", "Hamburg", false],
    ["route.incoterms", "DDU", false],
    ["route.transport_mode", "sea", true],
    ["importer.tax_ids.eori", "DE123456789", true],
    ["exporter.tax_ids.ein", "12-3456789", true],
    ["exporter.tax_ids.ein", "123456789", false],
    ["packaging.containers[0].container_number", "CSQU3054383", true],
    ["packaging.containers[0].container_number", "CSQU3054384", false],
    ["goods.total_value", 0, false],
    ["exporter.name", "anything", null],
    ["exporter.name", "Müller & Söhne GmbH", null],
    ["exporter.name", "20%", false],
    ["importer.name", "3/45-B", false],
    ["exporter.name", "PERNIAGAAN ZHENG Hii", false],
    ["exporter.name", "PERNIAGAAN ZHENG HUI", null],
    ["exporter.address", "20%", null],
  ] as const)("%s = %s → %s", (path, value, ok) => {
    expect(formatCheck(path, value)).toBe(ok);
  });

  it("ISO 6346 check digits", () => {
    expect(containerCheckDigitOk("MSKU9070323")).toBe(true);
    expect(containerCheckDigitOk("MSKU907032")).toBe(false);
  });
});

describe("applyChecks", () => {
  it("a failed format halves the confidence; a passed one leaves it", () => {
    const out = applyChecks(
      flat([
        ["route.origin_country", "DE", 0.8],
        ["route.destination_country", "Deutschland", 0.8],
      ]),
    );
    expect(out.get("route.origin_country")!.confidence).toBe(0.8);
    expect(out.get("route.destination_country")!.confidence).toBe(0.8 * FORMAT_FAIL);
  });

  it("a party name carrying an amount or a written date fails its format: the line ran into the totals", () => {
    expect(formatCheck("importer.name", "ATTN: Vivelabs Limited TOTAL AMOUNT DUE ON August 3, 2014 $4.11")).toBe(false);
    expect(formatCheck("exporter.name", "Shop 12.50 €")).toBe(false);
    expect(formatCheck("exporter.name", "Shell Station 24/7")).toBeNull();
    expect(formatCheck("exporter.name", "May Bank Berhad")).toBeNull();
  });

  it("a failed format check overrides the extractor's pass (a legal form speaks for part of a name only)", () => {
    const legalForm = (value: string) => ({ value, confidence: 0.8, evidence: { source: "vat-block" as const, format: true } });
    const out = applyChecks(
      new Map([
        ["exporter.name", legalForm("‘OPAC MARKETING SDN BHD")],
        ["importer.name", legalForm("VIVOPAC MARKETING SDN BHD")],
      ]),
    );
    expect(out.get("exporter.name")?.evidence?.format).toBe(false);
    expect(out.get("importer.name")?.evidence?.format).toBe(true);
  });

  it("totals that match quantity × price raise total, quantities and prices; a mismatch lowers them", () => {
    const base: [string, number, number][] = [
      ["goods.line_items[0].quantity", 10, 0.8],
      ["goods.line_items[0].unit_price", 2.5, 0.8],
      ["goods.line_items[1].quantity", 3, 0.8],
      ["goods.line_items[1].unit_price", 10, 0.8],
    ];
    const ok = applyChecks(flat([...base, ["goods.total_value", 55, 0.8]]));
    expect(ok.get("goods.total_value")!.confidence).toBeCloseTo(0.9);
    expect(ok.get("goods.line_items[1].unit_price")!.confidence).toBeCloseTo(0.9);
    const bad = applyChecks(flat([...base, ["goods.total_value", 56, 0.8]]));
    expect(bad.get("goods.total_value")!.confidence).toBeCloseTo(0.8 * TOTAL_MISMATCH);
    expect(bad.get("goods.line_items[0].quantity")!.confidence).toBeLessThan(0.8);
  });

  it("property: confidences stay within [0, 1] and no path is added or lost", () => {
    const path = fc.constantFrom(
      "goods.total_value",
      "goods.currency",
      "route.port_of_loading",
      "goods.line_items[0].quantity",
      "goods.line_items[0].unit_price",
      "packaging.total_gross_weight_kg",
      "goods.line_items[0].gross_weight_kg",
      "exporter.country",
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(path, fc.oneof(fc.string(), fc.double({ noNaN: false })), fc.double({ min: -1, max: 2, noNaN: false })), {
          maxLength: 12,
        }),
        (entries) => {
          const input = flat(entries as [string, string | number, number][]);
          const out = applyChecks(input);
          expect([...out.keys()].sort()).toEqual([...input.keys()].sort());
          for (const v of out.values()) {
            expect(v.confidence).toBeGreaterThanOrEqual(0);
            expect(v.confidence).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
  });
});

describe("result tree", () => {
  it("nests paths into the TradeShipment structure and back", () => {
    const input = flat([
      ["exporter.name", "Acme", 0.9],
      ["goods.line_items[1].quantity", 5, 0.7],
      ["goods.line_items[0].quantity", 4, 0.7],
      ["packaging.containers[0].container_number", "MSKU9070323", 1.4],
    ]);
    const tree = toResultTree(input);
    expect(tree).toEqual({
      exporter: { name: { value: "Acme", confidence: 0.9 } },
      goods: { line_items: [{ quantity: { value: 4, confidence: 0.7 } }, { quantity: { value: 5, confidence: 0.7 } }] },
      packaging: { containers: [{ container_number: { value: "MSKU9070323", confidence: 1 } }] },
    });
    expect(Object.keys(flattenResultTree(tree)).sort()).toEqual([...input.keys()].sort());
  });
});
