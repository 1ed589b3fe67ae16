import { describe, expect, it } from "vitest";
import {
  contextPairs,
  findingsByField,
  fromCheckMessages,
  fromRuleResults,
  worstSeverity,
} from "../../../shared/dashboard/shipments/findings.ts";
import { confidenceText, isLowConfidence, LOW_CONFIDENCE, reviewPrefill } from "../../../shared/dashboard/shipments/extraction-review.ts";
import { formStateFromShipment } from "../../../shared/dashboard/shipments/form-data.ts";
import { knownInputs } from "../../../shared/dashboard/shipments/shipment-view.ts";
import { checkPreconditions } from "../../../shared/document-types/field-requirements.ts";

describe("findings beside their fields", () => {
  const inputs = knownInputs({ goods: { line_items: [{}, {}] } });

  it("places rule results by their bracketed path, with context in words", () => {
    const f = fromRuleResults(
      [
        {
          rule_id: "rule_hs_code_format",
          category: "HS Code",
          severity: "error",
          message: "bad",
          field: "goods.line_items[1].hs_code",
          context: { hs_code: "12" },
        },
        {
          rule_id: "rule_total_matches_line_items",
          category: "Math",
          severity: "error",
          message: "sum",
          field: "goods.total_value",
          context: { declared_total: 1300, computed_total: 1234.5 },
        },
        { rule_id: "rule_has_line_items", category: "Required", severity: "warning", message: "none", field: "goods.line_items" },
      ],
      inputs,
    );
    expect(f.map((x) => x.field)).toEqual(["goods.line_items.1.hs_code", "goods.total_value", ""]);
    expect(f[1].context).toEqual([
      ["Declared total", "1300"],
      ["Computed total", "1234.5"],
    ]);
    const by = findingsByField(f);
    expect(by.get("")?.[0].ruleId).toBe("rule_has_line_items");
    expect(worstSeverity(f)).toBe("error");
    expect(contextPairs({})).toBeUndefined();
  });

  it("places generate pre-checks (camelCase form paths) on the same inputs", () => {
    const shipment = { goods: { line_items: [{ compliance_flags: ["dgd"] }] } };
    const checks = checkPreconditions(shipment, ["DANGEROUS_GOODS_DECLARATION", "BILL_OF_LADING"]);
    const f = fromCheckMessages(
      checks.preCheckErrors.map((g) => ({ docType: g.docType, items: g.errors })),
      "blocking",
      knownInputs(shipment),
    );
    expect(f.map((x) => x.field)).toEqual([
      "goods.line_items.0.un_number",
      "goods.line_items.0.hazard_class",
      "hazardous_shipment.emergency_contact",
    ]);
    const w = fromCheckMessages(
      checks.warnings.map((g) => ({ docType: g.docType, items: g.warnings })),
      "warning",
      knownInputs(shipment),
    );
    expect(w.map((x) => x.field)).toContain("bl_data.freight_payment");
  });
});

describe("extraction review prefill", () => {
  it("turns the result tree into data and a confidence per input, marking low ones", () => {
    const { data, confidence } = reviewPrefill({
      exporter: { name: { value: "ACME <b>Ltd</b>", confidence: 0.95 } },
      goods: { total_value: { value: 120, confidence: 0.42 }, line_items: [{ description: { value: "Bolts", confidence: 0.8 } }] },
      __proto__: { polluted: { value: "x", confidence: 1 } },
    });
    expect(data).toEqual({ exporter: { name: "ACME <b>Ltd</b>" }, goods: { total_value: 120, line_items: [{ description: "Bolts" }] } });
    expect(confidence).toEqual({ "exporter.name": 0.95, "goods.total_value": 0.42, "goods.line_items.0.description": 0.8 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(isLowConfidence(confidence["goods.total_value"])).toBe(true);
    expect(isLowConfidence(LOW_CONFIDENCE)).toBe(false);
    expect(confidenceText(0.834)).toBe("83 %");
    expect(formStateFromShipment(data).values["goods.line_items.0.description"]).toBe("Bolts");
  });
});
