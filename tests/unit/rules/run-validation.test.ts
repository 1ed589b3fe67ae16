import { describe, expect, it } from "vitest";
import { collectReferenceAsk, compareFields, computeScore, runValidation } from "../../../shared/rules/run-validation.ts";
import { RULES, RULES_BY_ID, RULE_LIBRARY_VERSION, SCORE_FORMULA } from "../../../shared/rules/rule-table.ts";
import { DEFAULT_GATE_SLUG, findGate, GATE_SLUGS, isGateSlug, UnknownGateError } from "../../../shared/rules/gates.ts";
import { EU_MEMBER_STATES } from "../../../shared/trade/countries.ts";
import type { RuleResult } from "../../../shared/rules/rule-types.ts";
import { baseline, factsFor, inShipment, ukShipment, usShipment, validate, variant } from "./fixtures.ts";

const ids = (results: RuleResult[]) => results.map((r) => r.rule_id);
const ALL_DOCS = [
  "COMMERCIAL_INVOICE",
  "PACKING_LIST",
  "BILL_OF_LADING",
  "CERTIFICATE_OF_ORIGIN",
  "PROFORMA_INVOICE",
  "INSURANCE_CERTIFICATE",
  "SHIPPERS_LETTER_OF_INSTRUCTION",
  "STATEMENT_ON_ORIGIN",
];

describe("baseline shipment", () => {
  it("PL → DE by sea, CIF, EUR passes with score 100 and four passed layers", () => {
    const outcome = validate(baseline(), ALL_DOCS);
    expect(outcome.results).toEqual([]);
    expect(outcome).toMatchObject({ valid: true, score: 100, gate: DEFAULT_GATE_SLUG, rule_library_version: RULE_LIBRARY_VERSION });
    expect(outcome.layers.map((l) => [l.name, l.status])).toEqual([
      ["Schema Validation", "passed"],
      ["Business Rules", "passed"],
      ["Country Rules", "passed"],
      ["Document Rules", "passed"],
    ]);
  });

  it("US, UK and India variants pass too", () => {
    for (const s of [usShipment(), ukShipment(), inShipment()]) expect(validate(s).results).toEqual([]);
  });

  it("has no Document Rules layer when no document type triggers a rule", () => {
    expect(validate(baseline()).layers.map((l) => l.name)).toEqual(["Schema Validation", "Business Rules", "Country Rules"]);
  });
});

describe("outcome", () => {
  it("sorts by stage, rule order, field with numeric indices", () => {
    const s = variant(baseline(), (x) => {
      const items = x.goods.line_items;
      for (let i = 0; i < 12; i++) items.push({ ...items[0], description: "" });
      x.importer.tax_ids.eori = "bad";
      x.route.incoterms = "XYZ";
    });
    const { results } = validate(s, ["HEALTH_VETERINARY_CERTIFICATE"]);
    const stage = (r: RuleResult) => RULES_BY_ID.get(r.rule_id)!.stage;
    const order = (r: RuleResult) => RULES.findIndex((x) => x.id === r.rule_id);
    for (let i = 1; i < results.length; i++) {
      const [a, b] = [results[i - 1], results[i]];
      expect(
        stage(a) < stage(b) ||
          (stage(a) === stage(b) && (order(a) < order(b) || (order(a) === order(b) && compareFields(a.field, b.field) <= 0))),
      ).toBe(true);
    }
    const descriptions = results.filter((r) => r.rule_id === "rule_line_item_description").map((r) => r.field);
    expect(descriptions[0]).toBe("goods.line_items[3].description");
    expect(descriptions.at(-1)).toBe("goods.line_items[14].description");
    expect(results.at(-1)!.rule_id).toMatch(/^rule_doc_/);
  });

  it("compareFields orders indices numerically", () => {
    expect(["a[10].b", "a[2].b", "a[1]", "a"].sort(compareFields)).toEqual(["a", "a[1]", "a[2].b", "a[10].b"]);
  });

  it("score: 100 − 20 per error rule − 5 per warning rule, info free, floored at 0", () => {
    const r = (rule_id: string, severity: RuleResult["severity"]): RuleResult => ({
      rule_id,
      severity,
      category: "x",
      message: "m",
      field: "f",
    });
    expect(computeScore([])).toBe(100);
    expect(computeScore([r("a", "error"), r("a", "error"), r("b", "warning"), r("c", "info")])).toBe(75);
    expect(computeScore(Array.from({ length: 6 }, (_, i) => r(`e${i}`, "error")))).toBe(0);
    expect(SCORE_FORMULA).toMatchObject({ start: 100, perErrorRule: 20, perWarningRule: 5, perInfoRule: 0, floor: 0 });
    const warned = validate(variant(baseline(), (s) => (s.packaging.total_packages = 40)));
    expect(warned).toMatchObject({ valid: true, score: 95 });
    expect(warned.layers[1]).toMatchObject({
      name: "Business Rules",
      status: "passed",
      results: [{ rule: "rule_total_packages_consistent", status: "failed", severity: "warning" }],
    });
  });

  it("a layer fails on an error result and lists {rule, status, message}", () => {
    const o = validate(variant(baseline(), (s) => (s.goods.total_value = 100)));
    expect(o.valid).toBe(false);
    expect(o.layers[1].status).toBe("failed");
    expect(o.layers[1].results[0]).toMatchObject({ rule: "rule_total_matches_line_items", status: "failed", field: "goods.total_value" });
    expect(o.summary).toMatchObject({ errors: 1, warnings: 0, failed_rules: ["rule_total_matches_line_items"] });
  });

  it("data that is not an object gets only the schema result and score 0", () => {
    for (const value of ["garbage", 42, null, [1, 2], true]) {
      const o = validate(value);
      expect(ids(o.results)).toEqual(["rule_schema_type"]);
      expect(o.results[0].field).toBe("");
      expect(o).toMatchObject({ valid: false, score: 0 });
      expect(o.layers.map((l) => l.name)).toEqual(["Schema Validation"]);
    }
  });

  it("garbage inside the object becomes results, never a throw", () => {
    const o = validate(
      { exporter: "ACME", importer: [], route: 5, goods: { line_items: ["x", null, { quantity: "3" }] }, packaging: "none" },
      ALL_DOCS,
    );
    expect(o.valid).toBe(false);
    const schemaFields = o.results.filter((r) => r.rule_id === "rule_schema_type").map((r) => r.field);
    expect(schemaFields).toEqual(
      expect.arrayContaining([
        "exporter",
        "importer",
        "route",
        "goods.line_items[0]",
        "goods.line_items[1]",
        "goods.line_items[2].quantity",
        "packaging",
      ]),
    );
    expect(ids(o.results)).toEqual(expect.arrayContaining(["rule_exporter_required", "rule_route_required", "rule_line_item_quantity"]));
  });
});

describe("gates", () => {
  it("lists the gates and detects unknown slugs", () => {
    expect(GATE_SLUGS).toEqual(["trade-document-validator", "sanctions-screening", "customs-classification"]);
    expect(isGateSlug("sanctions-screening")).toBe(true);
    expect(isGateSlug("nope")).toBe(false);
    expect(findGate("nope")).toBeUndefined();
    expect(() => runValidation(baseline(), { facts: factsFor(baseline()), gate: "nope" })).toThrow(UnknownGateError);
    expect(findGate(DEFAULT_GATE_SLUG)!.ruleIds).toHaveLength(RULES.length);
    for (const g of GATE_SLUGS) expect(findGate(g)!.ruleIds).toContain("rule_schema_type");
  });

  it("sanctions-screening runs only party, sanctions and embargo rules", () => {
    const s = variant(baseline(), (x) => {
      x.importer.name = "Evil Corp Trading LLC";
      x.goods.total_value = 1; // not this gate's business
      x.route.destination_country = "KP";
    });
    const o = validate(s, [], "sanctions-screening");
    expect(o.gate).toBe("sanctions-screening");
    expect(new Set(ids(o.results))).toEqual(new Set(["rule_sanctions_importer", "rule_embargoed_destination"]));
    expect(o.layers.map((l) => l.name)).toEqual(["Schema Validation", "Business Rules"]);
  });

  it("customs-classification runs only HS rules", () => {
    const s = variant(usShipment(), (x) => {
      x.goods.line_items[0].hs_code = "94036040";
      x.exporter.name = "Evil Corp Trading LLC";
    });
    const o = validate(s, [], "customs-classification");
    expect(new Set(ids(o.results))).toEqual(new Set(["rule_hs_code_length_us", "rule_us_hts_10_digit"]));
  });
});

describe("rule semantics", () => {
  const only = (o: ReturnType<typeof validate>, id: string) => o.results.filter((r) => r.rule_id === id);

  it("total mismatch context has declared, computed and difference; float sums do not cause false mismatches", () => {
    const [r] = only(validate(variant(baseline(), (s) => (s.goods.total_value = 12256.41))), "rule_total_matches_line_items");
    expect(r.context).toEqual({ declared_total: 12256.41, computed_total: 12256.4, difference: 0.01, tolerance: 0.005, currency: "EUR" });
    const floaty = variant(baseline(), (s) => {
      s.goods.line_items = Array.from({ length: 10 }, (_, i) => ({ ...s.goods.line_items[0], quantity: 3, unit_price: 0.1 + i * 0.01 }));
      s.goods.total_value = 0.3 * 10 + 0.03 * 45; // 4.35 as floats: 4.3500000000000005
    });
    expect(only(validate(floaty), "rule_total_matches_line_items")).toEqual([]);
  });

  it("total tolerance is half a minor unit of the currency; per-line rounding is accepted", () => {
    const lines = (currency: string, total: number, qty: number, price: number) =>
      variant(baseline(), (s) => {
        s.goods.currency = currency;
        s.goods.line_items = [{ ...s.goods.line_items[0], quantity: qty, unit_price: price }];
        s.goods.total_value = total;
      });
    expect(only(validate(lines("EUR", 1.0, 3, 0.333)), "rule_total_matches_line_items")).toEqual([]); // 0.999 → 1.00
    expect(only(validate(lines("EUR", 1.01, 3, 0.333)), "rule_total_matches_line_items")).toHaveLength(1);
    expect(only(validate(lines("JPY", 1000, 3, 333.4)), "rule_total_matches_line_items")).toEqual([]); // 1000.2 within 0.5
    expect(only(validate(lines("JPY", 1001, 3, 333.4)), "rule_total_matches_line_items")).toHaveLength(1);
    expect(only(validate(lines("KWD", 1.0005, 1, 1)), "rule_total_matches_line_items")).toEqual([]);
    expect(only(validate(lines("KWD", 1.001, 1, 1)), "rule_total_matches_line_items")).toHaveLength(1);
    // Ten lines of 1.005 → each rounds to 1.01: the invoice total 10.10 is accepted, as is the exact 10.05.
    const ten = (total: number) =>
      variant(baseline(), (s) => {
        s.goods.line_items = Array.from({ length: 10 }, () => ({ ...s.goods.line_items[0], quantity: 1, unit_price: 1.005 }));
        s.goods.total_value = total;
      });
    expect(only(validate(ten(10.1)), "rule_total_matches_line_items")).toEqual([]);
    expect(only(validate(ten(10.05)), "rule_total_matches_line_items")).toEqual([]);
    expect(only(validate(ten(10.08)), "rule_total_matches_line_items")).toHaveLength(1);
  });

  it("weight checks give the numbers", () => {
    const [line] = only(validate(variant(baseline(), (s) => (s.goods.line_items[1].gross_weight_kg = 300))), "rule_gross_gte_net_weight");
    expect(line).toMatchObject({ field: "goods.line_items[1].gross_weight_kg", context: { gross_weight_kg: 300, net_weight_kg: 345.6 } });
    const [total] = only(
      validate(variant(baseline(), (s) => (s.packaging.total_gross_weight_kg = 1016.3))),
      "rule_total_weight_consistent",
    );
    expect(total.context).toMatchObject({
      declared_total_gross_weight_kg: 1016.3,
      computed_total_gross_weight_kg: 1016,
      difference: 0.3,
      tolerance: 0.05,
    });
    // 1016 written without decimals tolerates ±0.5 kg of package rounding.
    const rounded = variant(baseline(), (s) => (s.packaging.packages[2].gross_weight_kg = 16.4));
    expect(only(validate(rounded), "rule_total_weight_consistent")).toEqual([]);
  });

  it("a removed 2010 term gets one clear message, not also rule_incoterms_valid_2020", () => {
    for (const term of ["DAT", "DAF", "DES", "DEQ", "DDU"]) {
      const o = validate(variant(baseline(), (s) => (s.route.incoterms = term)));
      expect(ids(o.results)).toEqual(["rule_incoterms_2010_deprecated"]);
      expect(o.results[0].message).toMatch(/Use (DAP|DPU) instead/);
    }
  });

  it("sea-only Incoterms: FAS, FOB, CFR, CIF need sea; others go with any mode", () => {
    for (const term of ["FAS", "FOB", "CFR", "CIF"]) {
      for (const mode of ["air", "road", "rail", "multimodal"]) {
        const o = validate(variant(baseline(), (s) => ((s.route.incoterms = term), (s.route.transport_mode = mode))));
        expect(ids(o.results), `${term}/${mode}`).toContain("rule_incoterms_sea_only");
      }
    }
    for (const term of ["EXW", "FCA", "CPT", "CIP", "DAP", "DPU", "DDP"]) {
      const o = validate(variant(baseline(), (s) => ((s.route.incoterms = term), (s.route.transport_mode = "road"))));
      expect(ids(o.results), term).not.toContain("rule_incoterms_sea_only");
    }
  });

  it("HS rules by destination: all 27 EU members need 10 digits, looked up by the first 8 when the EU table is CN", () => {
    expect(EU_MEMBER_STATES.size).toBe(27);
    for (const dest of EU_MEMBER_STATES) {
      const s = variant(baseline(), (x) => {
        x.route.destination_country = dest;
        x.importer.country = dest;
        x.goods.line_items[0].hs_code = "94036010";
        delete x.route.port_of_discharge;
      });
      expect(new Set(ids(validate(s).results)), dest).toEqual(new Set(["rule_hs_code_length_eu", "rule_eu_taric_10_digit"]));
    }
    const ask = collectReferenceAsk(baseline());
    expect(ask.hsCodes.eu).toEqual(["73181590", "7318159000", "94016100", "9401610000", "94036010", "9403601000"]);
    const unknownTaricSuffix = variant(baseline(), (s) => (s.goods.line_items[0].hs_code = "9403601099"));
    expect(ids(validate(unknownTaricSuffix).results)).toEqual([]); // CN table: 94036010 exists
  });

  it("dotted and spaced HS codes are normalised for lookups", () => {
    const s = variant(usShipment(), (x) => (x.goods.line_items[0].hs_code = "9403.60.40 81"));
    expect(validate(s).results).toEqual([]);
    expect(collectReferenceAsk(s).hsCodes.us).toContain("9403604081");
  });

  // Fail closed (an empty table is never a pass): tests/unit/rules/fail-closed.test.ts.

  it("port checks give the port's country", () => {
    const [r] = validate(variant(baseline(), (s) => (s.route.port_of_loading = "DEHAM"))).results;
    expect(r).toMatchObject({
      rule_id: "rule_port_country_match_origin",
      severity: "warning",
      context: { port: "DEHAM", port_country: "DE", origin_country: "PL", port_name: "Hamburg" },
    });
  });

  it("embargo results carry the list entry", () => {
    const o = validate(variant(baseline(), (s) => (s.goods.line_items[2].origin_country = "IR")));
    expect(o.results).toMatchObject([
      {
        rule_id: "rule_embargoed_origin",
        field: "goods.line_items[2].origin_country",
        context: { country: "IR", program: "ITSR", as_of: "2026-10-01" },
      },
    ]);
  });

  it("date fields are found at any depth", () => {
    const s = variant(baseline(), (x) => {
      x.insurance_data = { policy_number: "P-1", issue_date: "2026-13-01" };
      x.goods.line_items[0].expiry_date = "2027-01-01";
      x.goods.line_items[1].production_date = "yesterday";
      x.date = "2026-11-20T25:00:00Z";
      x.updated = "not a date field";
    });
    const fields = validate(s)
      .results.filter((r) => r.rule_id === "rule_format_date_iso8601")
      .map((r) => r.field);
    expect(fields).toEqual(["date", "goods.line_items[1].production_date", "insurance_data.issue_date"]);
  });

  it("stage-4 rules run only for requested document types", () => {
    const air = variant(baseline(), (s) => ((s.route.transport_mode = "air"), (s.route.incoterms = "CPT")));
    expect(ids(validate(air).results)).not.toContain("rule_doc_bl_sea_only");
    expect(ids(validate(air, ["BILL_OF_LADING"]).results)).toContain("rule_doc_bl_sea_only");
    expect(ids(validate(air, ["bill_of_lading", "UNKNOWN"]).results)).not.toContain("rule_doc_bl_sea_only");
  });

  it("decisions use normalised codes: one spelling mistake gives one format finding", () => {
    const lower = validate(variant(baseline(), (s) => (s.importer.country = "de")));
    expect(ids(lower.results)).toEqual(["rule_format_iso_country"]);
    const sneaky = validate(
      variant(baseline(), (s) => (s.goods.line_items[0].origin_country = " ir")),
      [],
      "sanctions-screening",
    );
    expect(ids(sneaky.results)).toEqual(["rule_embargoed_origin"]);
    const shouting = validate(
      variant(baseline(), (s) => (s.route.transport_mode = "SEA")),
      ["BILL_OF_LADING", "VGM_DECLARATION"],
    );
    expect(ids(shouting.results)).toEqual(["rule_transport_mode_valid", "rule_doc_vgm_method_valid"]);
    const usLower = variant(usShipment(), (s) => ((s.route.destination_country = "us"), (s.goods.line_items[0].hs_code = "940360")));
    expect(ids(validate(usLower, [], "customs-classification").results)).toEqual(["rule_hs_code_length_us", "rule_us_hts_10_digit"]);
  });

  it("collectReferenceAsk lists codes per destination schedule, ports and party names", () => {
    expect(collectReferenceAsk(usShipment())).toEqual({
      hsCodes: { us: ["7318150800", "9401610011", "9403604081"], eu: [], uk: [], in: [], wco: [] },
      ports: ["PLGDN", "USNYC"],
      partyNames: ["Baltic Furniture Sp. z o.o.", "Hudson Home Furnishings Inc."],
    });
    expect(collectReferenceAsk(inShipment()).hsCodes.in).toEqual(["73181500", "94016100", "94036000"]);
    expect(collectReferenceAsk(ukShipment()).hsCodes.uk).toEqual(["7318159000", "9401610000", "9403601000"]);
    expect(collectReferenceAsk(baseline()).partyNames).toEqual(["Baltic Furniture Sp. z o.o.", "Elbe Spedition GmbH", "Hanse Wohnen GmbH"]);
    expect(collectReferenceAsk("garbage")).toEqual({ hsCodes: { us: [], eu: [], uk: [], in: [], wco: [] }, ports: [], partyNames: [] });
  });
});
