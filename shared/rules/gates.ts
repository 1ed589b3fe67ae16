/**
 * Named rule sets ("gates") for validate-shipment's gate_slug. Every gate includes rule_schema_type, so
 * malformed data never passes any gate. An unknown slug is detectable with findGate / isGateSlug (the
 * endpoint answers 400 listing GATE_SLUGS); runValidation throws UnknownGateError for one.
 */
import { CATEGORIES, RULES } from "./rule-table.ts";
import type { RuleDefinition } from "./rule-types.ts";

export interface Gate {
  slug: string;
  name: string;
  description: string;
  /** Rule ids of the gate, in table order. */
  ruleIds: readonly string[];
}

function gate(slug: string, name: string, description: string, include: (rule: RuleDefinition) => boolean): Gate {
  return { slug, name, description, ruleIds: RULES.filter((r) => r.id === "rule_schema_type" || include(r)).map((r) => r.id) };
}

export const DEFAULT_GATE_SLUG = "trade-document-validator";

export const GATES: readonly Gate[] = [
  gate(DEFAULT_GATE_SLUG, "Trade document validator", "The whole rule library (default).", () => true),
  gate(
    "sanctions-screening",
    "Sanctions screening",
    "Parties and countries only: exporter and importer present, route present, OFAC party screening and comprehensive embargoes.",
    (r) =>
      r.category === CATEGORIES.sanctions ||
      r.category === CATEGORIES.referenceData ||
      ["rule_exporter_required", "rule_importer_required", "rule_route_required"].includes(r.id),
  ),
  gate(
    "customs-classification",
    "Customs classification",
    "HS code rules only: line items present, route present (the destination selects the tariff), HS code format, length and tariff lookups, origin per item, and the US/EU 10-digit rules.",
    (r) =>
      r.category === CATEGORIES.hs ||
      r.category === CATEGORIES.referenceData ||
      ["rule_has_line_items", "rule_route_required", "rule_us_hts_10_digit", "rule_eu_taric_10_digit"].includes(r.id),
  ),
];

export const GATE_SLUGS: readonly string[] = GATES.map((g) => g.slug);

export function findGate(slug: string): Gate | undefined {
  return GATES.find((g) => g.slug === slug);
}

export function isGateSlug(slug: unknown): slug is string {
  return typeof slug === "string" && GATE_SLUGS.includes(slug);
}

export class UnknownGateError extends Error {
  readonly slug: string;
  readonly known: readonly string[];
  constructor(slug: string) {
    super(`Unknown rules gate "${slug}". Known gates: ${GATE_SLUGS.join(", ")}.`);
    this.name = "UnknownGateError";
    this.slug = slug;
    this.known = GATE_SLUGS;
  }
}
