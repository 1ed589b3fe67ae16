/**
 * THE rule library: every rule of the spec (plus rule_schema_type for stage 1) with its category,
 * severity, pipeline stage, description, triggering documents (stage 4), the reference tables it reads
 * (`reads`: the data-age report counts a table by them) and pure check function.
 * docs/rules.md is generated from this table (npm run docs:generate); the order of RULES is the
 * order results are reported in within a stage.
 *
 * Stage assignment (spec pipeline: 1 schema, 2 business rules and lookups, 3 country-specific, 4 documents):
 * - 1 Schema Validation: the zod schema, required fields and single-field formats / code lists
 *   (HS code shape, transport mode and Incoterms enums, ISO country and currency codes, e-mail, phone,
 *   dates, US ZIP codes).
 * - 2 Business Rules: cross-field arithmetic, HS code length and tariff lookups by destination, sanctions
 *   and embargo screening, UN/LOCODE lookups, party/port vs route countries, Incoterms vs transport mode.
 * - 3 Country Rules: the spec's "Country-specific compliance" table (US, EU, UK, India).
 * - 4 Document Rules: the spec's "Document-specific" table, each run only when one of its documents is requested.
 */
import type { Finding, FindingCheck, RuleDefinition, RuleResult, Stage } from "./rule-types.ts";
import { formatFieldPath } from "../text/field-path.ts";
import { schemaType } from "./checks/schema.ts";
import * as required from "./checks/required.ts";
import * as math from "./checks/math.ts";
import * as hs from "./checks/hs.ts";
import * as sanctions from "./checks/sanctions.ts";
import * as route from "./checks/route.ts";
import * as incoterms from "./checks/incoterms.ts";
import * as country from "./checks/country.ts";
import * as documents from "./checks/documents.ts";
import { einvoiceTerms } from "./checks/einvoice.ts";
import * as format from "./checks/format.ts";
import { referenceDataCurrent } from "./checks/reference-data.ts";
import { SCREENING_TABLES } from "../screening/lists/screening-tables.ts";

/** Version of the rule library; part of every validation hash. Bump on any change of a rule's behaviour. */
export const RULE_LIBRARY_VERSION = "2026.11.4";

export const STAGE_NAMES: Record<Stage, "Schema Validation" | "Business Rules" | "Country Rules" | "Document Rules"> = {
  1: "Schema Validation",
  2: "Business Rules",
  3: "Country Rules",
  4: "Document Rules",
};

/**
 * Score: 100 − 20 per distinct rule with an error result − 5 per distinct rule with a warning result
 * (info results cost nothing), floored at 0. Counting rules rather than results keeps a 500-line shipment
 * with one systematic mistake comparable to a 1-line one.
 */
export const SCORE_FORMULA = {
  start: 100,
  perErrorRule: 20,
  perWarningRule: 5,
  perInfoRule: 0,
  floor: 0,
} as const;

/** A rule as the table declares it: its definition but the check, which `rule` wraps. */
type RuleMeta = Omit<RuleDefinition, "check">;

function rule(meta: RuleMeta, check: FindingCheck): RuleDefinition {
  const stamp = (f: Finding): RuleResult => {
    const result: RuleResult = {
      rule_id: meta.id,
      category: meta.category,
      severity: f.severity ?? meta.severity,
      message: f.message,
      field: formatFieldPath(f.path),
    };
    if (f.context !== undefined) result.context = f.context;
    return result;
  };
  return {
    ...meta,
    check: (shipment, ctx) => {
      try {
        return check(shipment, ctx).map(stamp);
      } catch (err) {
        // Fail closed: a rule that cannot evaluate this data must not let it pass silently.
        return [
          stamp({
            path: [],
            message:
              `Rule ${meta.id} could not be evaluated on this shipment data (${err instanceof Error ? err.name : "internal error"}). ` +
              `Expected data the rule can read. Check the data shape against the schema; report this if it persists.`,
          }),
        ];
      }
    },
  };
}

const C = {
  schema: "Schema",
  required: "Required Fields",
  math: "Mathematical Consistency",
  hs: "HS Code",
  sanctions: "Sanctions",
  route: "Route and Transport",
  incoterms: "Incoterms",
  country: "Country-Specific",
  document: "Document-Specific",
  format: "Format",
  referenceData: "Reference Data",
} as const;

export const CATEGORIES = C;

export const RULES: readonly RuleDefinition[] = [
  // ── Stage 1: schema, required fields, single-field formats ──────────────────────────────────────────
  rule(
    {
      id: "rule_schema_type",
      category: C.schema,
      severity: "error",
      stage: 1,
      description:
        "shipment_data matches the TradeShipment schema: an object, and every known path has its type (strings, numbers, objects, arrays); null is accepted for blanks",
    },
    schemaType,
  ),
  rule(
    {
      id: "rule_exporter_required",
      category: C.required,
      severity: "error",
      stage: 1,
      description: "Exporter name, address, country present",
    },
    required.exporterRequired,
  ),
  rule(
    {
      id: "rule_importer_required",
      category: C.required,
      severity: "error",
      stage: 1,
      description: "Importer name, address, country present",
    },
    required.importerRequired,
  ),
  rule(
    {
      id: "rule_route_required",
      category: C.required,
      severity: "error",
      stage: 1,
      description: "Route origin, destination, transport mode present",
    },
    required.routeRequired,
  ),
  rule(
    {
      id: "rule_currency_required",
      category: C.required,
      severity: "error",
      stage: 1,
      reads: ["currencies"],
      description: "goods.currency present and, when written as three uppercase letters, a current ISO 4217 code (currencies table)",
    },
    required.currencyRequired,
  ),
  rule(
    { id: "rule_has_line_items", category: C.required, severity: "error", stage: 1, description: "At least one line item" },
    required.hasLineItems,
  ),
  rule(
    {
      id: "rule_line_item_description",
      category: C.required,
      severity: "error",
      stage: 1,
      description: "Each line item has a non-empty description",
    },
    required.lineItemDescription,
  ),
  rule(
    {
      id: "rule_line_item_quantity",
      category: C.required,
      severity: "error",
      stage: 1,
      description: "Each line item declares a numeric quantity",
    },
    required.lineItemQuantity,
  ),
  rule(
    {
      id: "rule_line_item_unit_price",
      category: C.required,
      severity: "error",
      stage: 1,
      description: "Each line item declares a numeric unit price",
    },
    required.lineItemUnitPrice,
  ),
  rule(
    { id: "rule_origin_country_per_item", category: C.hs, severity: "error", stage: 1, description: "Each line item has origin_country" },
    required.originPerItem("needed for classification, duty and origin documents"),
  ),
  rule(
    {
      id: "rule_hs_code_format",
      category: C.hs,
      severity: "error",
      stage: 1,
      description:
        'Each line item has an HS code of 6 to 10 digits; dots, hyphens and spaces between digits are ignored ("8471.30.01.00" is 8471300100, "8471-30" is 847130), any other character fails (docs/trade-codes.md)',
    },
    hs.hsCodeFormat,
  ),
  rule(
    {
      id: "rule_transport_mode_valid",
      category: C.route,
      severity: "error",
      stage: 1,
      description: "route.transport_mode, when given, is one of sea, air, road, rail, multimodal",
    },
    route.transportModeValid,
  ),
  rule(
    {
      id: "rule_incoterms_valid_2020",
      category: C.incoterms,
      severity: "error",
      stage: 1,
      description:
        "route.incoterms, when given, is one of EXW, FCA, CPT, CIP, DAP, DPU, DDP, FAS, FOB, CFR, CIF (removed 2010 terms are reported by rule_incoterms_2010_deprecated only)",
    },
    incoterms.incotermsValid2020,
  ),
  rule(
    {
      id: "rule_incoterms_2010_deprecated",
      category: C.incoterms,
      severity: "error",
      stage: 1,
      description: "DAT, DAF, DES, DEQ, DDU are rejected, with the Incoterms 2020 replacement (DPU or DAP)",
    },
    incoterms.incoterms2010Deprecated,
  ),
  rule(
    {
      id: "rule_format_iso_country",
      category: C.format,
      severity: "error",
      stage: 1,
      reads: ["countries"],
      description:
        "Country fields (any member named country, *_country or country_of_*) are two uppercase letters and an existing ISO 3166-1 code (countries table)",
    },
    format.isoCountry,
  ),
  rule(
    {
      id: "rule_format_iso_currency",
      category: C.format,
      severity: "error",
      stage: 1,
      description: "Currency fields (any member named currency or *_currency) are three uppercase letters",
    },
    format.isoCurrency,
  ),
  rule(
    {
      id: "rule_format_email",
      category: C.format,
      severity: "warning",
      stage: 1,
      description: "Party e-mails (contact_email, email of exporter, importer, notify_party) are valid addresses",
    },
    format.emailFormat,
  ),
  rule(
    {
      id: "rule_format_phone",
      category: C.format,
      severity: "warning",
      stage: 1,
      description:
        "Party phone numbers (contact_phone, phone, mobile, fax) contain only digits, spaces, +, -, ( and ), and at least one digit",
    },
    format.phoneFormat,
  ),
  rule(
    {
      id: "rule_format_date_iso8601",
      category: C.format,
      severity: "error",
      stage: 1,
      description:
        "Date fields (any member named date or *_date, at any depth) are ISO 8601 calendar dates YYYY-MM-DD, optionally with THH:MM[:SS[.f]] and Z or ±HH:MM, and exist",
    },
    format.dateIso8601,
  ),
  rule(
    {
      id: "rule_format_postal_code_us",
      category: C.format,
      severity: "warning",
      stage: 1,
      description: "Postal codes of parties in the US are 5 or 9 digits (12345, 12345-6789, 123456789)",
    },
    format.postalCodeUs,
  ),

  // ── Stage 2: business rules, cross-field checks, lookups ────────────────────────────────────────────
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

  // ── Stage 3: country-specific compliance ────────────────────────────────────────────────────────────
  rule(
    {
      id: "rule_us_hts_10_digit",
      category: C.country,
      severity: "error",
      stage: 3,
      description: "US destination: 10-digit code per line item",
    },
    hs.hsLengthCheck(hs.toUS, 10, "HTS", "US customs entries (CBP ACE) need the 10-digit HTS number."),
  ),
  rule(
    {
      id: "rule_us_ein_format",
      category: C.country,
      severity: "warning",
      stage: 3,
      description: "An EIN (tax_ids.ein of any party) has the format XX-XXXXXXX",
    },
    country.usEinFormat,
  ),
  rule(
    {
      id: "rule_eu_eori_required",
      category: C.country,
      severity: "error",
      stage: 3,
      description: "EU destination: importer.tax_ids.eori present",
    },
    country.euEoriRequired,
  ),
  rule(
    {
      id: "rule_eu_eori_format",
      category: C.country,
      severity: "error",
      stage: 3,
      reads: ["countries"],
      description: "A non-GB EORI (any party) is a country code (or XI) followed by 1 to 15 digits",
    },
    country.euEoriFormat,
  ),
  rule(
    {
      id: "rule_eu_taric_10_digit",
      category: C.country,
      severity: "error",
      stage: 3,
      description: "EU destination: 10-digit code per line item",
    },
    hs.hsLengthCheck(hs.toEU, 10, "TARIC", "EU customs declarations need the 10-digit TARIC code."),
  ),
  rule(
    {
      id: "rule_uk_eori_gb_prefix",
      category: C.country,
      severity: "error",
      stage: 3,
      description: "UK destination (GB): importer EORI, when given, starts with GB",
    },
    country.ukEoriGbPrefix,
  ),
  rule(
    {
      id: "rule_uk_eori_format",
      category: C.country,
      severity: "error",
      stage: 3,
      description: "A GB EORI (any party) is GB followed by 9 or 12 digits",
    },
    country.ukEoriFormat,
  ),
  rule(
    {
      id: "rule_in_iec_required",
      category: C.country,
      severity: "error",
      stage: 3,
      description: "India destination: importer.tax_ids.iec present",
    },
    country.inIecRequired,
  ),
  rule(
    {
      id: "rule_in_iec_format",
      category: C.country,
      severity: "error",
      stage: 3,
      description: "An IEC (any party) is 10 uppercase alphanumeric characters",
    },
    country.inIecFormat,
  ),
  rule(
    {
      id: "rule_in_gstin_format",
      category: C.country,
      severity: "warning",
      stage: 3,
      description: "A GSTIN, if given, has the 15-character GST format",
    },
    country.inGstinFormat,
  ),
  rule(
    {
      id: "rule_in_pan_format",
      category: C.country,
      severity: "warning",
      stage: 3,
      description: "A PAN, if given, matches [A-Z]{5}[0-9]{4}[A-Z]",
    },
    country.inPanFormat,
  ),

  // ── Stage 4: document-specific (only for the requested document types) ───────────────────────────────
  rule(
    {
      id: "rule_doc_bl_sea_only",
      category: C.document,
      severity: "error",
      stage: 4,
      reads: ["port_codes"],
      documents: ["BILL_OF_LADING"],
      description:
        "Transport mode sea, or multimodal with a sea leg (a route.legs[] entry with mode sea, or a port of loading/discharge with the UN/LOCODE seaport function)",
    },
    documents.blSeaOnly,
  ),
  rule(
    {
      id: "rule_doc_awb_air_only",
      category: C.document,
      severity: "error",
      stage: 4,
      documents: ["AIR_WAYBILL"],
      description: "Transport mode air",
    },
    documents.awbAirOnly,
  ),
  rule(
    {
      id: "rule_doc_coo_origin_per_item",
      category: C.document,
      severity: "error",
      stage: 4,
      documents: ["CERTIFICATE_OF_ORIGIN"],
      description: "Each line item has origin_country",
    },
    required.originPerItem("the certificate of origin certifies it per item"),
  ),
  rule(
    {
      id: "rule_doc_dgd_un_classification",
      category: C.document,
      severity: "error",
      stage: 4,
      documents: ["DANGEROUS_GOODS_DECLARATION"],
      description:
        "At least one hazardous item (is_hazardous or compliance_flags has dgd); each has a UN number, hazard class and packing group I/II/III (none needed for classes 1, 2, 7 and divisions 5.2, 6.2)",
    },
    documents.dgdUnClassification,
  ),
  rule(
    {
      id: "rule_doc_vgm_sea_container",
      category: C.document,
      severity: "error",
      stage: 4,
      documents: ["VGM_DECLARATION"],
      description: "Transport mode sea and packaging.containers non-empty",
    },
    documents.vgmSeaContainer,
  ),
  rule(
    {
      id: "rule_doc_vgm_method_valid",
      category: C.document,
      severity: "error",
      stage: 4,
      documents: ["VGM_DECLARATION"],
      description:
        "vgm_data.weighing_method is 1 or 2 (number or string); absent: a warning (a field of the spec's soft-warning table, see docs/generation.md), present and invalid: an error",
    },
    documents.vgmMethodValid,
  ),
  rule(
    {
      id: "rule_doc_eur1_agreement",
      category: C.document,
      severity: "error",
      stage: 4,
      documents: ["EUR1_MOVEMENT_CERTIFICATE"],
      description: "preferential_origin.agreement_name set",
    },
    documents.eur1Agreement,
  ),
  rule(
    {
      id: "rule_doc_usmca_parties",
      category: C.document,
      severity: "error",
      stage: 4,
      documents: ["USMCA_CERTIFICATE_OF_ORIGIN"],
      description: "At least one of exporter, importer, notify party in US, MX or CA",
    },
    documents.usmcaParties,
  ),
  rule(
    {
      id: "rule_doc_phyto_botanical",
      category: C.document,
      severity: "error",
      stage: 4,
      documents: ["PHYTOSANITARY_CERTIFICATE"],
      description: "Each plant product (HS chapter 06-14, or compliance_flags has phyto) has a botanical_name",
    },
    documents.phytoBotanical,
  ),
  rule(
    {
      id: "rule_doc_health_vet_authority",
      category: C.document,
      severity: "error",
      stage: 4,
      documents: ["HEALTH_VETERINARY_CERTIFICATE"],
      description: "veterinary_data.competent_authority and veterinary_data.inspection_date present",
    },
    documents.healthVetAuthority,
  ),
  rule(
    {
      id: "rule_doc_coa_test_results",
      category: C.document,
      severity: "error",
      stage: 4,
      documents: ["CERTIFICATE_OF_ANALYSIS"],
      description: "analysis_data.test_results has at least one non-empty row",
    },
    documents.coaTestResults,
  ),
  rule(
    {
      id: "rule_doc_einvoice_terms",
      category: C.document,
      severity: "warning",
      stage: 4,
      documents: ["COMMERCIAL_INVOICE", "PROFORMA_INVOICE"],
      description:
        "Exporter in the EU: every EN 16931 business term the e-invoice needs is present (one warning per missing BT; without them the invoice is a PDF without Factur-X XML; docs/einvoice.md)",
    },
    einvoiceTerms,
  ),
];

export const RULES_BY_ID: ReadonlyMap<string, RuleDefinition> = new Map(RULES.map((r) => [r.id, r]));

const RULE_ORDER: ReadonlyMap<string, number> = new Map(RULES.map((r, i) => [r.id, i]));

/** Position of a rule in RULES (the report order within a stage); unknown ids sort last. */
export function ruleOrder(id: string): number {
  const i = RULE_ORDER.get(id);
  return i === undefined ? Number.MAX_SAFE_INTEGER : i;
}
