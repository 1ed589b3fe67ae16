/**
 * Which reference tables a validation used: a table counts when a rule of the gate that reads it ran
 * and the shipment gave that rule something to look up. The answer's reference_data and the staleness
 * rule cover exactly these tables.
 */
import type { ReferenceAsk } from "./reference-ask.ts";

const READERS: Record<string, readonly string[]> = {
  countries: ["rule_format_iso_country"],
  currencies: ["rule_currency_required"],
  sanctions_ofac: ["rule_sanctions_exporter", "rule_sanctions_importer", "rule_sanctions_notify_party"],
  sanctions_un: ["rule_sanctions_exporter", "rule_sanctions_importer", "rule_sanctions_notify_party"],
  sanctions_eu: ["rule_sanctions_exporter", "rule_sanctions_importer", "rule_sanctions_notify_party"],
  sanctions_uk: ["rule_sanctions_exporter", "rule_sanctions_importer", "rule_sanctions_notify_party"],
  sanctions_us_csl: ["rule_sanctions_exporter", "rule_sanctions_importer", "rule_sanctions_notify_party"],
  port_codes: [
    "rule_port_of_loading_valid",
    "rule_port_of_discharge_valid",
    "rule_port_country_match_origin",
    "rule_port_country_match_dest",
    "rule_port_airport_for_air",
    "rule_doc_bl_sea_only",
  ],
  hs_codes_us: ["rule_hs_code_us"],
  hs_codes_eu: ["rule_hs_code_eu"],
  hs_codes_uk: ["rule_hs_code_uk"],
  hs_codes_in: ["rule_hs_code_in"],
};

export function referenceTablesUsed(ask: ReferenceAsk, gateRuleIds: readonly string[]): string[] {
  const inGate = new Set(gateRuleIds);
  const asked: Record<string, boolean> = {
    countries: true,
    currencies: true,
    sanctions_ofac: ask.partyNames.length > 0,
    sanctions_un: ask.partyNames.length > 0,
    sanctions_eu: ask.partyNames.length > 0,
    sanctions_uk: ask.partyNames.length > 0,
    sanctions_us_csl: ask.partyNames.length > 0,
    port_codes: ask.ports.length > 0,
    hs_codes_us: ask.hsCodes.us.length > 0,
    hs_codes_eu: ask.hsCodes.eu.length > 0,
    hs_codes_uk: ask.hsCodes.uk.length > 0,
    hs_codes_in: ask.hsCodes.in.length > 0,
  };
  return Object.keys(READERS).filter((t) => asked[t] && READERS[t].some((id) => inGate.has(id)));
}
