/** Stage 2 of the rule table (../rule-table.ts): business rules: cross-field checks and lookups. In report order. */
import type { RuleDefinition } from "../rule-types.ts";
import { CATEGORIES as C, rule } from "./define-rule.ts";
import { referenceDataCurrent } from "../checks/reference-data.ts";
// Every screening list's table: the screening rules read the lists a deployment is bound by.
import { SCREENING_TABLES } from "../../runtime/config/reference-sources.ts";
import * as math from "../checks/math.ts";
import * as hs from "../checks/hs.ts";
import * as sanctions from "../checks/sanctions.ts";
import * as route from "../checks/route.ts";
import * as incoterms from "../checks/incoterms.ts";

export const STAGE_2_RULES: readonly RuleDefinition[] = [
  rule(
    { id: "rule_positive_total", category: C.math, severity: "error", stage: 2, description: "goods.total_value is a number > 0" },
    math.positiveTotal,
  ),
  rule(
    { id: "rule_positive_quantities", category: C.math, severity: "error", stage: 2, description: "Every numeric quantity > 0" },
    math.positiveQuantities,
  ),
  rule(
    { id: "rule_positive_prices", category: C.math, severity: "error", stage: 2, description: "Every numeric unit price > 0" },
    math.positivePrices,
  ),
  rule(
    {
      id: "rule_total_matches_line_items",
      category: C.math,
      severity: "error",
      stage: 2,
      description:
        "goods.total_value equals the sum of quantity x unit_price in exact decimals, within half a minor unit of the currency (0.005 EUR), against the exact sum or the sum of line amounts rounded to minor units",
    },
    math.totalMatchesLineItems,
  ),
  rule(
    {
      id: "rule_gross_gte_net_weight",
      category: C.math,
      severity: "error",
      stage: 2,
      description:
        "Per line item gross_weight_kg >= net_weight_kg, and packaging.total_gross_weight_kg >= the line items' total net weight",
    },
    math.grossGteNetWeight,
  ),
  rule(
    {
      id: "rule_total_packages_consistent",
      category: C.math,
      severity: "warning",
      stage: 2,
      description: "packaging.total_packages equals the length of packaging.packages (or the sum of the entries' quantities)",
    },
    math.totalPackagesConsistent,
  ),
  rule(
    {
      id: "rule_total_weight_consistent",
      category: C.math,
      severity: "warning",
      stage: 2,
      description:
        "packaging.total_gross_weight_kg equals the sum of the package gross weights (or of quantity x weight), within half a unit of the total's last written decimal",
    },
    math.totalWeightConsistent,
  ),
  rule(
    {
      id: "rule_hs_code_us",
      category: C.hs,
      severity: "error",
      stage: 2,
      reads: ["hs_codes_us"],
      description: "Destination US: each 10-digit code exists in hs_codes_us",
    },
    hs.hsLookupCheck("us", hs.toUS, 10),
  ),
  rule(
    {
      id: "rule_hs_code_eu",
      category: C.hs,
      severity: "error",
      stage: 2,
      reads: ["hs_codes_eu"],
      description:
        "Destination in the EU: each 10-digit code exists in hs_codes_eu (an 8-digit CN table is checked with the first 8 digits)",
    },
    hs.hsLookupCheck("eu", hs.toEU, 10),
  ),
  rule(
    {
      id: "rule_hs_code_uk",
      category: C.hs,
      severity: "error",
      stage: 2,
      reads: ["hs_codes_uk"],
      description: "Destination UK (GB): each code exists in hs_codes_uk",
    },
    hs.hsLookupCheck("uk", hs.toUK, undefined),
  ),
  rule(
    {
      id: "rule_hs_code_in",
      category: C.hs,
      severity: "error",
      stage: 2,
      reads: ["hs_codes_in"],
      description: "Destination IN: each 8-digit code exists in hs_codes_in",
    },
    hs.hsLookupCheck("in", hs.toIN, 8),
  ),
  rule(
    { id: "rule_hs_code_length_us", category: C.hs, severity: "error", stage: 2, description: "US destination needs 10-digit codes" },
    hs.hsLengthCheck(hs.toUS, 10, "HTS", "Extend the code to the 10-digit HTSUS statistical suffix."),
  ),
  rule(
    { id: "rule_hs_code_length_eu", category: C.hs, severity: "error", stage: 2, description: "EU destination needs 10-digit codes" },
    hs.hsLengthCheck(
      hs.toEU,
      10,
      "TARIC",
      'Extend the code to the 10-digit TARIC code (8-digit CN + 2 TARIC digits, "00" when none apply).',
    ),
  ),
  rule(
    { id: "rule_hs_code_length_in", category: C.hs, severity: "error", stage: 2, description: "India destination needs 8-digit codes" },
    hs.hsLengthCheck(hs.toIN, 8, "ITC-HS", "Use the 8-digit ITC-HS tariff item."),
  ),
  rule(
    {
      id: "rule_sanctions_exporter",
      category: C.sanctions,
      severity: "error",
      stage: 2,
      reads: SCREENING_TABLES,
      description: "Exporter name not on the OFAC sanctions lists (an error when it could not be screened: list not loaded)",
    },
    sanctions.partyScreening("exporter"),
  ),
  rule(
    {
      id: "rule_sanctions_importer",
      category: C.sanctions,
      severity: "error",
      stage: 2,
      reads: SCREENING_TABLES,
      description: "Importer name not on the OFAC sanctions lists (an error when it could not be screened: list not loaded)",
    },
    sanctions.partyScreening("importer"),
  ),
  rule(
    {
      id: "rule_sanctions_notify_party",
      category: C.sanctions,
      severity: "error",
      stage: 2,
      reads: SCREENING_TABLES,
      description: "Notify party name, if present, not on the OFAC sanctions lists (an error when it could not be screened)",
    },
    sanctions.partyScreening("notify_party"),
  ),
  rule(
    {
      id: "rule_embargoed_origin",
      category: C.sanctions,
      severity: "error",
      stage: 2,
      description: "route.origin_country and each line item's origin_country not on the comprehensive embargo list",
    },
    sanctions.embargoedOrigin,
  ),
  rule(
    {
      id: "rule_embargoed_destination",
      category: C.sanctions,
      severity: "error",
      stage: 2,
      description: "route.destination_country (and importer.country when different) not on the comprehensive embargo list",
    },
    sanctions.embargoedDestination,
  ),
  rule(
    {
      id: "rule_embargoed_region",
      category: C.sanctions,
      severity: "error",
      stage: 2,
      reads: ["port_codes"],
      description:
        "Ports of loading/discharge and party addresses not in a region under a comprehensive embargo (Crimea UA-43, Sevastopol UA-40, so-called DNR/LNR in UA-14/UA-09): a port by UN/LOCODE (listed code, subdivision or place name), a party in UA, RU or without a country by the place names of its city, state or address. A partial region's oblast alone is a warning",
    },
    sanctions.embargoedRegion,
  ),
  rule(
    {
      id: "rule_port_of_loading_valid",
      category: C.route,
      severity: "error",
      stage: 2,
      reads: ["port_codes"],
      description: 'route.port_of_loading, when given, is a UN/LOCODE in port_codes ("DEHAM", "DE HAM", "de-ham": docs/trade-codes.md)',
    },
    route.portValid("port_of_loading"),
  ),
  rule(
    {
      id: "rule_port_of_discharge_valid",
      category: C.route,
      severity: "error",
      stage: 2,
      reads: ["port_codes"],
      description: 'route.port_of_discharge, when given, is a UN/LOCODE in port_codes ("DEHAM", "DE HAM", "de-ham": docs/trade-codes.md)',
    },
    route.portValid("port_of_discharge"),
  ),
  rule(
    {
      id: "rule_port_country_match_origin",
      category: C.route,
      severity: "warning",
      stage: 2,
      reads: ["port_codes"],
      description: "Port of loading is in route.origin_country",
    },
    route.portCountryMatch("port_of_loading", "origin_country"),
  ),
  rule(
    {
      id: "rule_port_country_match_dest",
      category: C.route,
      severity: "warning",
      stage: 2,
      reads: ["port_codes"],
      description: "Port of discharge is in route.destination_country",
    },
    route.portCountryMatch("port_of_discharge", "destination_country"),
  ),
  rule(
    {
      id: "rule_port_airport_for_air",
      category: C.route,
      severity: "warning",
      stage: 2,
      reads: ["port_codes"],
      description:
        "Transport mode air: the ports of loading and discharge, when in the UN/LOCODE list, have the airport function (4); the air waybill prints their IATA codes",
    },
    route.airportForAir,
  ),
  rule(
    {
      id: "rule_exporter_country_matches_origin",
      category: C.route,
      severity: "error",
      stage: 2,
      description: "exporter.country equals route.origin_country",
    },
    route.partyCountryMatch("exporter", "origin_country"),
  ),
  rule(
    {
      id: "rule_importer_country_matches_dest",
      category: C.route,
      severity: "error",
      stage: 2,
      description: "importer.country equals route.destination_country",
    },
    route.partyCountryMatch("importer", "destination_country"),
  ),
  rule(
    {
      id: "rule_incoterms_sea_only",
      category: C.incoterms,
      severity: "error",
      stage: 2,
      description: "FAS, FOB, CFR, CIF only with transport mode sea (the mode enum has no inland waterway)",
    },
    incoterms.incotermsSeaOnly,
  ),
  rule(
    {
      id: "rule_reference_data_current",
      category: C.referenceData,
      severity: "warning",
      stage: 2,
      description:
        "Each reference table the validation used (tariff schedule, UN/LOCODE, OFAC lists, countries, currencies) was confirmed current within its refresh interval plus the margin (TDS_REFERENCE_STALE_MARGIN); the answer's reference_data lists every table's vintage",
    },
    referenceDataCurrent,
  ),
];
