import { describe, expect, it } from "vitest";
import { RULES, RULES_BY_ID } from "../../../shared/rules/rule-table.ts";
import { DOCUMENT_TYPES } from "../../../shared/document-types/identities.ts";
import { runValidation } from "../../../shared/rules/run-validation.ts";
import { factsFor } from "./fixtures.ts";
import { RULE_CASES, type RuleCase } from "./rule-cases.ts";

/** Every rule of the spec's rule tables with its severity (E/W). */
const SPEC_RULES: Record<string, "error" | "warning"> = {
  rule_exporter_required: "error",
  rule_importer_required: "error",
  rule_route_required: "error",
  rule_currency_required: "error",
  rule_has_line_items: "error",
  rule_line_item_description: "error",
  rule_line_item_quantity: "error",
  rule_line_item_unit_price: "error",
  rule_positive_total: "error",
  rule_positive_quantities: "error",
  rule_positive_prices: "error",
  rule_total_matches_line_items: "error",
  rule_gross_gte_net_weight: "error",
  rule_total_packages_consistent: "warning",
  rule_total_weight_consistent: "warning",
  rule_hs_code_format: "error",
  rule_hs_code_us: "error",
  rule_hs_code_eu: "error",
  rule_hs_code_uk: "error",
  rule_hs_code_in: "error",
  rule_hs_code_length_us: "error",
  rule_hs_code_length_eu: "error",
  rule_hs_code_length_in: "error",
  rule_origin_country_per_item: "error",
  rule_sanctions_exporter: "error",
  rule_sanctions_importer: "error",
  rule_sanctions_notify_party: "error",
  rule_embargoed_origin: "error",
  rule_embargoed_destination: "error",
  rule_port_of_loading_valid: "error",
  rule_port_of_discharge_valid: "error",
  rule_port_country_match_origin: "warning",
  rule_port_country_match_dest: "warning",
  rule_exporter_country_matches_origin: "error",
  rule_importer_country_matches_dest: "error",
  rule_transport_mode_valid: "error",
  rule_incoterms_valid_2020: "error",
  rule_incoterms_sea_only: "error",
  rule_incoterms_2010_deprecated: "error",
  rule_us_hts_10_digit: "error",
  rule_us_ein_format: "warning",
  rule_eu_eori_required: "error",
  rule_eu_eori_format: "error",
  rule_eu_taric_10_digit: "error",
  rule_uk_eori_gb_prefix: "error",
  rule_uk_eori_format: "error",
  rule_in_iec_required: "error",
  rule_in_iec_format: "error",
  rule_in_gstin_format: "warning",
  rule_in_pan_format: "warning",
  rule_doc_bl_sea_only: "error",
  rule_doc_awb_air_only: "error",
  rule_doc_coo_origin_per_item: "error",
  rule_doc_dgd_un_classification: "error",
  rule_doc_vgm_sea_container: "error",
  rule_doc_vgm_method_valid: "error",
  rule_doc_eur1_agreement: "error",
  rule_doc_usmca_parties: "error",
  rule_doc_phyto_botanical: "error",
  rule_doc_health_vet_authority: "error",
  rule_doc_coa_test_results: "error",
  rule_format_iso_country: "error",
  rule_format_iso_currency: "error",
  rule_format_email: "warning",
  rule_format_phone: "warning",
  rule_format_date_iso8601: "error",
  rule_format_postal_code_us: "warning",
};

describe("rule table", () => {
  it("has unique ids", () => {
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
  });

  it("holds every spec rule with the spec's severity, plus rule_schema_type and rule_embargoed_region", () => {
    expect(Object.keys(SPEC_RULES)).toHaveLength(67);
    for (const [id, severity] of Object.entries(SPEC_RULES)) {
      expect(RULES_BY_ID.get(id)?.severity, id).toBe(severity);
    }
    expect(RULES_BY_ID.get("rule_schema_type")).toMatchObject({ category: "Schema", severity: "error", stage: 1 });
    // Project rules beside the spec's: schema type (stage 1), embargoed regions (issue 11), the reference-data age warning (issue 17)
    // and the EN 16931 e-invoice terms (issue 30).
    expect(RULES_BY_ID.get("rule_embargoed_region")).toMatchObject({ category: "Sanctions", severity: "error", stage: 2 });
    expect(RULES_BY_ID.get("rule_reference_data_current")).toMatchObject({ category: "Reference Data", severity: "warning", stage: 2 });
    // An air shipment's ports have an airport (issue 25): a warning, the spec has no such rule.
    expect(RULES_BY_ID.get("rule_port_airport_for_air")).toMatchObject({ category: "Route and Transport", severity: "warning", stage: 2 });
    expect(RULES_BY_ID.get("rule_doc_einvoice_terms")).toMatchObject({ category: "Document-Specific", severity: "warning", stage: 4 });
    expect(RULES.map((r) => r.id).sort()).toEqual(
      [
        ...Object.keys(SPEC_RULES),
        "rule_schema_type",
        "rule_embargoed_region",
        "rule_reference_data_current",
        "rule_port_airport_for_air",
        "rule_doc_einvoice_terms",
      ].sort(),
    );
  });

  it("orders rules by stage and gives documents exactly to stage-4 rules", () => {
    const stages = RULES.map((r) => r.stage);
    expect([...stages].sort((a, b) => a - b)).toEqual(stages);
    for (const r of RULES) {
      if (r.stage === 4) {
        expect(r.documents?.length, r.id).toBeGreaterThan(0);
        for (const d of r.documents!) expect(DOCUMENT_TYPES).toContain(d);
        expect(r.id.startsWith("rule_doc_"), r.id).toBe(true);
      } else {
        expect(r.documents, r.id).toBeUndefined();
      }
      expect(r.description.length, r.id).toBeGreaterThan(10);
      expect(r.category.length, r.id).toBeGreaterThan(2);
    }
  });

  it("has a pass and a fail case for every rule, and no case for an unknown rule", () => {
    for (const r of RULES) {
      expect(RULE_CASES[r.id]?.pass.length ?? 0, `${r.id} pass cases`).toBeGreaterThan(0);
      expect(RULE_CASES[r.id]?.fail.length ?? 0, `${r.id} fail cases`).toBeGreaterThan(0);
    }
    for (const id of Object.keys(RULE_CASES)) expect(RULES_BY_ID.has(id), id).toBe(true);
  });
});

function runCase(id: string, c: RuleCase) {
  const rule = RULES_BY_ID.get(id)!;
  const docs = c.docs ?? [];
  const facts = factsFor(c.shipment, docs, c.facts);
  return {
    rule,
    direct: rule.check(c.shipment, { facts, documentTypes: docs }),
    viaEngine: runValidation(c.shipment, { facts, documentTypes: docs }),
  };
}

describe.each(Object.entries(RULE_CASES))("%s", (id, cases) => {
  it.each(cases.pass.map((c) => [c.name, c] as const))("passes: %s", (_name, c) => {
    const { direct, viaEngine } = runCase(id, c);
    expect(direct).toEqual([]);
    expect(viaEngine.results.filter((r) => r.rule_id === id)).toEqual([]);
  });

  it.each(cases.fail.map((c) => [c.name, c] as const))("fails: %s", (_name, c) => {
    const { rule, direct, viaEngine } = runCase(id, c);
    expect(direct.length).toBeGreaterThan(0);
    for (const r of direct) {
      expect(r).toMatchObject({ rule_id: id, category: rule.category, severity: rule.severity });
      expect(typeof r.field).toBe("string");
      expect(r.message.length).toBeGreaterThan(30);
      expect(r.message).toMatch(/Expected/);
    }
    const own = viaEngine.results.filter((r) => r.rule_id === id);
    // rule_exporter_required etc. do not run when the document is not an object; only the schema rule does.
    if (typeof c.shipment === "object" && c.shipment !== null) expect(own).toEqual(direct);
    if (rule.severity === "error") expect(viaEngine.valid).toBe(false);
  });

  it.each((cases.warn ?? []).map((c) => [c.name, c] as const))("warns: %s", (_name, c) => {
    const { direct, viaEngine } = runCase(id, c);
    expect(direct.length).toBeGreaterThan(0);
    for (const r of direct) {
      expect(r).toMatchObject({ rule_id: id, severity: "warning" });
      expect(r.message).toMatch(/Expected/);
    }
    expect(viaEngine.results.filter((r) => r.rule_id === id)).toEqual(direct);
  });
});
