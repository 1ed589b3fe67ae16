import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  camelSegmentToSnake,
  dataPathToFieldPath,
  fieldPathToDataPath,
  instantiatePath,
  isServiceFieldName,
  normalizeDataPath,
  pathMatches,
  snakeSegmentToCamel,
  tryDataPathToFieldPath,
  tryFieldPathToDataPath,
} from "../../../shared/pdf/field-paths.ts";

describe("field paths: data path <-> form field path", () => {
  it.each([
    ["goods.line_items.0.compliance_flags", "goods.lineItems.0.complianceFlags"],
    ["bl_data.freight_payment", "blData.freightPayment"],
    ["goods.line_items.12.un_number", "goods.lineItems.12.unNumber"],
    ["packaging.total_gross_weight_kg", "packaging.totalGrossWeightKg"],
    ["exporter.tax_ids.eori", "exporter.taxIds.eori"],
    ["vgm_data.weighing_method", "vgmData.weighingMethod"],
    ["exporter.address_line_2", "exporter.addressLine_2"],
    ["analysis_data.test_results.0.parameter", "analysisData.testResults.0.parameter"],
    ["goods.line_items.*.un_number", "goods.lineItems.*.unNumber"],
    ["route", "route"],
  ])("%s <-> %s", (data, form) => {
    expect(dataPathToFieldPath(data)).toBe(form);
    expect(fieldPathToDataPath(form)).toBe(data);
  });

  it("accepts the validator's bracket notation", () => {
    expect(normalizeDataPath("goods.line_items[0].hs_code")).toBe("goods.line_items.0.hs_code");
    expect(dataPathToFieldPath("goods.line_items[3].hs_code")).toBe("goods.lineItems.3.hsCode");
  });

  it("has no mapping outside the grammar", () => {
    for (const name of [
      "_service_doc_type",
      "_service_shipment_id",
      "",
      "a..b",
      "Goods.x",
      "goods.line__items",
      "goods.01",
      "goods.lineItems.x-y",
    ]) {
      expect(tryFieldPathToDataPath(name)).toBeNull();
    }
    for (const path of ["goods.lineItems", "EORI", "a__b", "_x", "goods.line_items.007"]) {
      expect(tryDataPathToFieldPath(path)).toBeNull();
    }
    expect(() => fieldPathToDataPath("_service_doc_type")).toThrow();
    expect(isServiceFieldName("_service_shipment_ref")).toBe(true);
    expect(isServiceFieldName("blData.blNumber")).toBe(false);
  });

  const snakeWord = fc.stringMatching(/^[a-z][a-z0-9]{0,6}(_[a-z0-9]{1,5}){0,4}$/);
  const camelWord = fc.stringMatching(/^[a-z][a-z0-9]{0,6}([A-Z][a-z0-9]{0,4}|_[0-9][a-z0-9]{0,3}){0,4}$/);
  const index = fc.nat({ max: 500 }).map(String);

  it("round-trips every snake_case data path (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(snakeWord, snakeWord, index), { minLength: 1, maxLength: 6 }), (segments) => {
        const data = segments.join(".");
        const form = dataPathToFieldPath(data);
        expect(form).not.toMatch(/_[a-z]/);
        expect(fieldPathToDataPath(form)).toBe(data);
      }),
      { numRuns: 500 },
    );
  });

  it("round-trips every camelCase form path (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(camelWord, camelWord, index), { minLength: 1, maxLength: 6 }), (segments) => {
        const form = segments.join(".");
        const data = fieldPathToDataPath(form);
        expect(data).toBe(data.toLowerCase());
        expect(dataPathToFieldPath(data)).toBe(form);
      }),
      { numRuns: 500 },
    );
  });

  it("segment helpers are inverse", () => {
    expect(snakeSegmentToCamel("net_weight_kg")).toBe("netWeightKg");
    expect(camelSegmentToSnake("netWeightKg")).toBe("net_weight_kg");
    expect(snakeSegmentToCamel("7")).toBe("7");
  });

  it("matches and instantiates wildcard patterns", () => {
    expect(pathMatches("goods.lineItems.*.unNumber", "goods.lineItems.4.unNumber")).toBe(true);
    expect(pathMatches("goods.lineItems.*.unNumber", "goods.lineItems.x.unNumber")).toBe(false);
    expect(pathMatches("blData.blNumber", "blData.blNumber")).toBe(true);
    expect(instantiatePath("goods.lineItems.*.unNumber", 3)).toBe("goods.lineItems.3.unNumber");
  });
});
