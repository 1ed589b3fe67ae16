/** Stage 1 of the rule table (../rule-table.ts): schema, required fields and single-field formats. In report order. */
import type { RuleDefinition } from "../rule-types.ts";
import { CATEGORIES as C, rule } from "./define-rule.ts";
import { schemaType } from "../checks/schema.ts";
import * as required from "../checks/required.ts";
import * as hs from "../checks/hs.ts";
import * as route from "../checks/route.ts";
import * as incoterms from "../checks/incoterms.ts";
import * as format from "../checks/format.ts";

export const STAGE_1_RULES: readonly RuleDefinition[] = [
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
];
