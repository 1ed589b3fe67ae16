/** One passing and at least one failing case per rule id (rule-table.test.ts checks the map covers the table). */
import type { ReferenceFacts } from "../../../shared/rules/reference-facts.ts";
import { airShipment, baseline, inShipment, type Json, ukShipment, usShipment, variant } from "./fixtures.ts";

export interface RuleCase {
  name: string;
  shipment: Json;
  docs?: string[];
  facts?: Partial<ReferenceFacts>;
}

export interface RuleCases {
  pass: RuleCase[];
  fail: RuleCase[];
  /** Cases the rule reports as a warning although its severity is error: a soft-warning field that is absent. */
  warn?: RuleCase[];
}

const B = baseline;

/** A table's vintage fact; a stale one was last confirmed 5 days ago against a 1-day interval + 2-day margin. */
function vintage(table: string, stale: boolean) {
  return {
    table,
    vintage: "OFAC lists published 2026-11-18",
    published_at: "2026-11-18T20:00:00.000Z",
    imported_at: "2026-11-19T02:00:00.000Z",
    checked_at: "2026-11-19T02:00:00.000Z",
    stale,
    age_seconds: stale ? 5 * 86_400 : 3600,
    refresh_interval_seconds: 86_400,
    stale_after_seconds: 3 * 86_400,
  };
}
const item = (s: Json, i = 0) => s.goods.line_items[i];

const hazardousItem = {
  description: "Adhesive, flammable, in 5 l cans",
  hs_code: "3506100000",
  quantity: 10,
  unit: "can",
  unit_price: 10,
  origin_country: "PL",
  compliance_flags: ["dgd"],
  un_number: "UN1133",
  hazard_class: "3",
  packing_group: "II",
};

function withDgd(edit: (hz: Json) => void = () => {}): Json {
  return variant(B(), (s) => {
    const hz = { ...hazardousItem };
    edit(hz);
    s.goods.line_items.push(hz);
    s.goods.total_value = 12356.4;
    s.hazardous_shipment = { emergency_contact: "+48 58 301 22 99 (24h)" };
  });
}

const apples = {
  description: "Fresh apples, Ligol variety",
  hs_code: "0808108000",
  quantity: 1000,
  unit: "kg",
  unit_price: 1.2,
  origin_country: "PL",
  botanical_name: "Malus domestica",
};

export const RULE_CASES: Record<string, RuleCases> = {
  // ── Stage 1 ──
  rule_schema_type: {
    pass: [
      { name: "baseline", shipment: B() },
      { name: "nulls for blanks", shipment: variant(B(), (s) => (s.route.vessel_name = null)) },
    ],
    fail: [
      { name: "exporter is a string", shipment: variant(B(), (s) => (s.exporter = "ACME")) },
      { name: "quantity as text", shipment: variant(B(), (s) => (item(s).quantity = "12")) },
      { name: "not an object", shipment: "garbage" },
    ],
  },
  rule_exporter_required: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [
      { name: "no address", shipment: variant(B(), (s) => delete s.exporter.address) },
      { name: "no exporter", shipment: variant(B(), (s) => delete s.exporter) },
    ],
  },
  rule_importer_required: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [{ name: "blank name", shipment: variant(B(), (s) => (s.importer.name = "  ")) }],
  },
  rule_route_required: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [
      { name: "no transport mode", shipment: variant(B(), (s) => delete s.route.transport_mode) },
      { name: "no route", shipment: variant(B(), (s) => delete s.route) },
    ],
  },
  rule_currency_required: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [
      { name: "missing", shipment: variant(B(), (s) => delete s.goods.currency) },
      { name: "not a current code", shipment: variant(B(), (s) => (s.goods.currency = "DEM")) },
    ],
  },
  rule_has_line_items: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [
      { name: "empty list", shipment: variant(B(), (s) => (s.goods.line_items = [])) },
      { name: "missing", shipment: variant(B(), (s) => delete s.goods.line_items) },
    ],
  },
  rule_line_item_description: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [{ name: "blank", shipment: variant(B(), (s) => (item(s, 1).description = " ")) }],
  },
  rule_line_item_quantity: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [{ name: "missing", shipment: variant(B(), (s) => delete item(s).quantity) }],
  },
  rule_line_item_unit_price: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [{ name: "text", shipment: variant(B(), (s) => (item(s).unit_price = "489.90")) }],
  },
  rule_origin_country_per_item: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [{ name: "missing on item 2", shipment: variant(B(), (s) => delete item(s, 1).origin_country) }],
  },
  rule_hs_code_format: {
    pass: [
      { name: "baseline", shipment: B() },
      { name: "dotted", shipment: variant(B(), (s) => (item(s).hs_code = "9403.60.10.00")) },
      { name: "spaced", shipment: variant(B(), (s) => (item(s).hs_code = "9403 60 10 00")) },
    ],
    fail: [
      { name: "slash", shipment: variant(B(), (s) => (item(s).hs_code = "9403/60")) },
      { name: "too short", shipment: variant(B(), (s) => (item(s).hs_code = "9403")) },
      { name: "too long", shipment: variant(B(), (s) => (item(s).hs_code = "94036010001")) },
      { name: "missing", shipment: variant(B(), (s) => delete item(s).hs_code) },
    ],
  },
  rule_transport_mode_valid: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [
      { name: "ship", shipment: variant(B(), (s) => (s.route.transport_mode = "ship")) },
      { name: "upper case", shipment: variant(B(), (s) => (s.route.transport_mode = "SEA")) },
    ],
  },
  rule_incoterms_valid_2020: {
    pass: [
      { name: "baseline", shipment: B() },
      { name: "2010 term left to the deprecation rule", shipment: variant(B(), (s) => (s.route.incoterms = "DAT")) },
    ],
    fail: [
      { name: "with place", shipment: variant(B(), (s) => (s.route.incoterms = "CIF Hamburg")) },
      { name: "unknown", shipment: variant(B(), (s) => (s.route.incoterms = "XYZ")) },
      { name: "lower case", shipment: variant(B(), (s) => (s.route.incoterms = "cif")) },
    ],
  },
  rule_incoterms_2010_deprecated: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [
      { name: "DDU", shipment: variant(B(), (s) => (s.route.incoterms = "DDU")) },
      { name: "dat lower case", shipment: variant(B(), (s) => (s.route.incoterms = "dat")) },
    ],
  },
  rule_format_iso_country: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [
      { name: "lower case", shipment: variant(B(), (s) => (s.importer.country = "de")) },
      { name: "name", shipment: variant(B(), (s) => (item(s).origin_country = "Poland")) },
      { name: "UK", shipment: variant(B(), (s) => (s.route.destination_country = "UK")) },
      { name: "unknown code", shipment: variant(B(), (s) => (s.route.origin_country = "XX")) },
    ],
  },
  rule_format_iso_currency: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [
      { name: "lower case", shipment: variant(B(), (s) => (s.goods.currency = "eur")) },
      { name: "symbol", shipment: variant(B(), (s) => (s.goods.currency = "€")) },
    ],
  },
  rule_format_email: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [
      { name: "no tld", shipment: variant(B(), (s) => (s.exporter.contact_email = "sales@acme")) },
      { name: "spaces", shipment: variant(B(), (s) => (s.notify_party.contact_email = "ops @elbe.de")) },
    ],
  },
  rule_format_phone: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [{ name: "letters", shipment: variant(B(), (s) => (s.importer.contact_phone = "+49 40 CALL-NOW")) }],
  },
  rule_format_date_iso8601: {
    pass: [
      { name: "baseline", shipment: B() },
      { name: "date-time", shipment: variant(B(), (s) => (s.invoice_date = "2026-11-20T14:30:00+01:00")) },
    ],
    fail: [
      { name: "European order", shipment: variant(B(), (s) => (s.invoice_date = "20/11/2026")) },
      { name: "impossible date", shipment: variant(B(), (s) => (s.route.departure_date = "2026-02-30")) },
      { name: "nested epoch number", shipment: variant(B(), (s) => (s.veterinary_data = { inspection_date: 1763596800 })) },
    ],
  },
  rule_format_postal_code_us: {
    pass: [
      { name: "US importer", shipment: usShipment() },
      { name: "ZIP+4", shipment: variant(usShipment(), (s) => (s.importer.postal_code = "10118-0110")) },
    ],
    fail: [
      { name: "4 digits", shipment: variant(usShipment(), (s) => (s.importer.postal_code = "1011")) },
      { name: "number", shipment: variant(usShipment(), (s) => (s.importer.postal_code = 10118)) },
    ],
  },

  // ── Stage 2 ──
  rule_positive_total: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [
      { name: "zero", shipment: variant(B(), (s) => (s.goods.total_value = 0)) },
      { name: "missing", shipment: variant(B(), (s) => delete s.goods.total_value) },
    ],
  },
  rule_positive_quantities: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [{ name: "negative", shipment: variant(B(), (s) => (item(s).quantity = -12)) }],
  },
  rule_positive_prices: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [{ name: "zero", shipment: variant(B(), (s) => (item(s).unit_price = 0)) }],
  },
  rule_total_matches_line_items: {
    pass: [
      { name: "baseline", shipment: B() },
      {
        name: "0.1 + 0.2",
        shipment: variant(B(), (s) => {
          s.goods.line_items = [
            { ...item(s), quantity: 1, unit_price: 0.1 },
            { ...item(s), quantity: 1, unit_price: 0.2 },
          ];
          s.goods.total_value = 0.3;
        }),
      },
    ],
    fail: [{ name: "off by one cent", shipment: variant(B(), (s) => (s.goods.total_value = 12256.41)) }],
  },
  rule_gross_gte_net_weight: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [
      { name: "line gross < net", shipment: variant(B(), (s) => (item(s).gross_weight_kg = 500)) },
      { name: "total gross < total net", shipment: variant(B(), (s) => (s.packaging.total_gross_weight_kg = 800)) },
    ],
  },
  rule_total_packages_consistent: {
    pass: [
      { name: "sum of quantities", shipment: B() },
      { name: "array length", shipment: variant(B(), (s) => (s.packaging.total_packages = 3)) },
    ],
    fail: [{ name: "neither", shipment: variant(B(), (s) => (s.packaging.total_packages = 40)) }],
  },
  rule_total_weight_consistent: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [{ name: "off by 4 kg", shipment: variant(B(), (s) => (s.packaging.total_gross_weight_kg = 1020)) }],
  },
  rule_hs_code_us: {
    pass: [{ name: "US codes", shipment: usShipment() }],
    fail: [{ name: "unknown code", shipment: variant(usShipment(), (s) => (item(s).hs_code = "9403609999")) }],
  },
  rule_hs_code_eu: {
    pass: [
      { name: "baseline (8-digit CN table)", shipment: B() },
      {
        name: "10-digit TARIC table",
        shipment: B(),
        facts: {
          euCodeLength: 10,
          hsCodes: { us: new Set(), eu: new Set(["9403601000", "9401610000", "7318159000"]), uk: new Set(), in: new Set(), wco: new Set() },
        },
      },
    ],
    fail: [{ name: "unknown CN code", shipment: variant(B(), (s) => (item(s).hs_code = "9403609900")) }],
  },
  rule_hs_code_uk: {
    pass: [{ name: "UK codes", shipment: ukShipment() }],
    fail: [{ name: "unknown code", shipment: variant(ukShipment(), (s) => (item(s).hs_code = "9403609999")) }],
  },
  rule_hs_code_in: {
    pass: [{ name: "India codes", shipment: inShipment() }],
    fail: [{ name: "unknown code", shipment: variant(inShipment(), (s) => (item(s).hs_code = "94039999")) }],
  },
  rule_hs_code_length_us: {
    pass: [{ name: "10 digits", shipment: usShipment() }],
    fail: [{ name: "8 digits", shipment: variant(usShipment(), (s) => (item(s).hs_code = "94036040")) }],
  },
  rule_hs_code_length_eu: {
    pass: [{ name: "10 digits", shipment: B() }],
    fail: [{ name: "6 digits", shipment: variant(B(), (s) => (item(s).hs_code = "940360")) }],
  },
  rule_hs_code_length_in: {
    pass: [{ name: "8 digits", shipment: inShipment() }],
    fail: [{ name: "10 digits", shipment: variant(inShipment(), (s) => (item(s).hs_code = "9403600000")) }],
  },
  rule_sanctions_exporter: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [{ name: "listed", shipment: variant(B(), (s) => (s.exporter.name = "Evil Corp Trading LLC")) }],
  },
  rule_sanctions_importer: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [{ name: "listed", shipment: variant(B(), (s) => (s.importer.name = "Evil Corp Trading LLC")) }],
  },
  rule_sanctions_notify_party: {
    pass: [
      { name: "baseline", shipment: B() },
      { name: "no notify party", shipment: usShipment() },
    ],
    fail: [{ name: "listed", shipment: variant(B(), (s) => (s.notify_party.name = "Evil Corp Trading LLC")) }],
  },
  rule_embargoed_origin: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [
      { name: "route origin", shipment: variant(B(), (s) => (s.route.origin_country = "IR")) },
      { name: "item origin", shipment: variant(B(), (s) => (item(s, 2).origin_country = "CU")) },
    ],
  },
  rule_embargoed_destination: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [
      { name: "route destination", shipment: variant(B(), (s) => (s.route.destination_country = "KP")) },
      { name: "importer country", shipment: variant(B(), (s) => (s.importer.country = "SY")) },
    ],
  },
  rule_port_of_loading_valid: {
    pass: [
      { name: "baseline", shipment: B() },
      { name: "spaced lower case", shipment: variant(B(), (s) => (s.route.port_of_loading = "pl gdn")) },
    ],
    fail: [
      { name: "unknown", shipment: variant(B(), (s) => (s.route.port_of_loading = "PLXXX")) },
      { name: "not a LOCODE", shipment: variant(B(), (s) => (s.route.port_of_loading = "Gdansk")) },
    ],
  },
  rule_port_of_discharge_valid: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [{ name: "unknown", shipment: variant(B(), (s) => (s.route.port_of_discharge = "DEXXX")) }],
  },
  rule_port_country_match_origin: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [{ name: "Hamburg for a PL origin", shipment: variant(B(), (s) => (s.route.port_of_loading = "DEHAM")) }],
  },
  rule_port_country_match_dest: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [{ name: "Gdynia for a DE destination", shipment: variant(B(), (s) => (s.route.port_of_discharge = "PLGDY")) }],
  },
  rule_port_airport_for_air: {
    pass: [
      { name: "air, Warszawa to New York JFK (airports)", shipment: airShipment() },
      { name: "sea through Gdynia (no airport, not air)", shipment: variant(B(), (s) => (s.route.port_of_loading = "PLGDY")) },
      {
        name: "air, a port not in the list (rule_port_of_loading_valid's finding)",
        shipment: variant(airShipment(), (s) => (s.route.port_of_loading = "PLZZZ")),
      },
    ],
    fail: [
      { name: "air from Gdynia (a seaport)", shipment: variant(airShipment(), (s) => (s.route.port_of_loading = "PLGDY")) },
      {
        name: "air to Felixstowe (a seaport)",
        shipment: variant(airShipment(), (s) => ((s.route.port_of_discharge = "GBFXT"), (s.route.destination_country = "GB"))),
      },
    ],
  },
  rule_exporter_country_matches_origin: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [{ name: "CN exporter", shipment: variant(B(), (s) => (s.exporter.country = "CN")) }],
  },
  rule_importer_country_matches_dest: {
    pass: [{ name: "baseline", shipment: B() }],
    fail: [{ name: "AT importer", shipment: variant(B(), (s) => (s.importer.country = "AT")) }],
  },
  rule_incoterms_sea_only: {
    pass: [
      { name: "CIF by sea", shipment: B() },
      { name: "CPT by air", shipment: airShipment() },
    ],
    fail: [
      { name: "CIF by air", shipment: variant(airShipment(), (s) => (s.route.incoterms = "CIF")) },
      { name: "FOB multimodal", shipment: variant(B(), (s) => ((s.route.incoterms = "FOB"), (s.route.transport_mode = "multimodal"))) },
    ],
  },
  rule_reference_data_current: {
    pass: [
      { name: "no vintages known", shipment: B() },
      {
        name: "every table used is current",
        shipment: B(),
        facts: { vintages: [vintage("sanctions_ofac", false), vintage("countries", false)] },
      },
    ],
    fail: [
      {
        name: "the sanctions list is 5 days old",
        shipment: B(),
        facts: { vintages: [vintage("sanctions_ofac", true), vintage("countries", false)] },
      },
    ],
  },

  // ── Stage 3 ──
  rule_us_hts_10_digit: {
    pass: [{ name: "10 digits", shipment: usShipment() }],
    fail: [{ name: "6 digits", shipment: variant(usShipment(), (s) => (item(s).hs_code = "940360")) }],
  },
  rule_us_ein_format: {
    pass: [{ name: "US importer EIN", shipment: usShipment() }],
    fail: [
      { name: "no hyphen", shipment: variant(B(), (s) => (s.exporter.tax_ids.ein = "123456789")) },
      { name: "importer", shipment: variant(usShipment(), (s) => (s.importer.tax_ids.ein = "12-34567")) },
    ],
  },
  rule_eu_eori_required: {
    pass: [
      { name: "baseline", shipment: B() },
      { name: "non-EU destination", shipment: variant(usShipment(), (s) => delete s.importer.tax_ids) },
    ],
    fail: [{ name: "missing", shipment: variant(B(), (s) => delete s.importer.tax_ids.eori) }],
  },
  rule_eu_eori_format: {
    pass: [
      { name: "baseline", shipment: B() },
      { name: "XI", shipment: variant(B(), (s) => (s.importer.tax_ids.eori = "XI123456789000")) },
    ],
    fail: [
      { name: "hyphen", shipment: variant(B(), (s) => (s.importer.tax_ids.eori = "DE-4471123")) },
      { name: "too long", shipment: variant(B(), (s) => (s.exporter.tax_ids.eori = "PL58321000000000000")) },
      { name: "unknown prefix", shipment: variant(B(), (s) => (s.importer.tax_ids.eori = "ZZ12345")) },
    ],
  },
  rule_eu_taric_10_digit: {
    pass: [{ name: "10 digits", shipment: B() }],
    fail: [{ name: "8 digits", shipment: variant(B(), (s) => (item(s).hs_code = "94036010")) }],
  },
  rule_uk_eori_gb_prefix: {
    pass: [{ name: "GB EORI", shipment: ukShipment() }],
    fail: [{ name: "DE EORI", shipment: variant(ukShipment(), (s) => (s.importer.tax_ids.eori = "DE4471123456789")) }],
  },
  rule_uk_eori_format: {
    pass: [
      { name: "GB + 12", shipment: ukShipment() },
      { name: "GB + 9", shipment: variant(ukShipment(), (s) => (s.importer.tax_ids.eori = "GB123456789")) },
    ],
    fail: [
      { name: "GB + 10", shipment: variant(ukShipment(), (s) => (s.importer.tax_ids.eori = "GB1234567890")) },
      { name: "exporter GB + letters", shipment: variant(B(), (s) => (s.exporter.tax_ids.eori = "GBABC")) },
    ],
  },
  rule_in_iec_required: {
    pass: [{ name: "IEC given", shipment: inShipment() }],
    fail: [{ name: "missing", shipment: variant(inShipment(), (s) => delete s.importer.tax_ids.iec) }],
  },
  rule_in_iec_format: {
    pass: [{ name: "10 characters", shipment: inShipment() }],
    fail: [{ name: "too short", shipment: variant(inShipment(), (s) => (s.importer.tax_ids.iec = "AAPFU0939")) }],
  },
  rule_in_gstin_format: {
    pass: [{ name: "valid", shipment: inShipment() }],
    fail: [{ name: "14 characters", shipment: variant(inShipment(), (s) => (s.importer.tax_ids.gstin = "27AAPFU0939F1Z")) }],
  },
  rule_in_pan_format: {
    pass: [{ name: "valid", shipment: inShipment() }],
    fail: [{ name: "lower case", shipment: variant(inShipment(), (s) => (s.importer.tax_ids.pan = "aapfu0939f")) }],
  },

  // ── Stage 4 ──
  rule_doc_bl_sea_only: {
    pass: [
      { name: "sea", shipment: B(), docs: ["BILL_OF_LADING"] },
      {
        name: "multimodal with sea leg",
        shipment: variant(B(), (s) => ((s.route.transport_mode = "multimodal"), (s.route.legs = [{ mode: "road" }, { mode: "sea" }]))),
        docs: ["BILL_OF_LADING"],
      },
      {
        name: "multimodal from a seaport",
        shipment: variant(B(), (s) => (s.route.transport_mode = "multimodal")),
        docs: ["BILL_OF_LADING"],
      },
    ],
    fail: [
      { name: "air", shipment: airShipment(), docs: ["BILL_OF_LADING"] },
      {
        name: "multimodal without sea leg",
        shipment: variant(
          B(),
          (s) => ((s.route.transport_mode = "multimodal"), (s.route.port_of_loading = "DEMUC"), delete s.route.port_of_discharge),
        ),
        docs: ["BILL_OF_LADING"],
      },
    ],
  },
  rule_doc_awb_air_only: {
    pass: [{ name: "air", shipment: airShipment(), docs: ["AIR_WAYBILL"] }],
    fail: [{ name: "sea", shipment: B(), docs: ["AIR_WAYBILL"] }],
  },
  rule_doc_coo_origin_per_item: {
    pass: [{ name: "baseline", shipment: B(), docs: ["CERTIFICATE_OF_ORIGIN"] }],
    fail: [{ name: "missing", shipment: variant(B(), (s) => delete item(s, 2).origin_country), docs: ["CERTIFICATE_OF_ORIGIN"] }],
  },
  rule_doc_dgd_un_classification: {
    pass: [
      { name: "classified", shipment: withDgd(), docs: ["DANGEROUS_GOODS_DECLARATION"] },
      {
        name: "class 2 without packing group",
        shipment: withDgd((hz) => ((hz.hazard_class = "2.1"), delete hz.packing_group, (hz.un_number = "1950"))),
        docs: ["DANGEROUS_GOODS_DECLARATION"],
      },
    ],
    fail: [
      { name: "no packing group", shipment: withDgd((hz) => delete hz.packing_group), docs: ["DANGEROUS_GOODS_DECLARATION"] },
      { name: "no UN number", shipment: withDgd((hz) => delete hz.un_number), docs: ["DANGEROUS_GOODS_DECLARATION"] },
      { name: "no hazardous item", shipment: B(), docs: ["DANGEROUS_GOODS_DECLARATION"] },
    ],
  },
  rule_embargoed_region: {
    pass: [
      { name: "Polish and German parties, Gdańsk to Hamburg", shipment: B() },
      { name: "Kyiv importer", shipment: variant(B(), (s) => ((s.importer.country = "UA"), (s.importer.city = "Kyiv"))) },
      {
        name: "a Donetsk elsewhere is not screened",
        shipment: variant(B(), (s) => ((s.importer.country = "US"), (s.importer.city = "Donetsk"))),
      },
    ],
    fail: [
      {
        name: "importer in Sevastopol, written as Russia",
        shipment: variant(B(), (s) => ((s.importer.country = "RU"), (s.importer.city = "Sevastopol"))),
      },
      { name: "importer in Simferopol'", shipment: variant(B(), (s) => ((s.importer.country = "UA"), (s.importer.city = "Simferopol'"))) },
      {
        name: "state Crimea",
        shipment: variant(B(), (s) => ((s.importer.country = "UA"), (s.importer.state = "Autonomous Republic of Crimea"))),
      },
      { name: "Donetsk city (so-called DNR)", shipment: variant(B(), (s) => ((s.importer.country = "UA"), (s.importer.city = "Donetsk"))) },
      {
        name: "port of discharge Kerch (no subdivision in UN/LOCODE)",
        shipment: variant(B(), (s) => (s.route.port_of_discharge = "UAKEH")),
      },
      {
        name: "port with subdivision UA-43",
        shipment: variant(B(), (s) => (s.route.port_of_discharge = "UAYAL")),
        facts: {
          ports: new Map([
            [
              "UAYAL",
              {
                code: "UAYAL",
                country: "UA",
                name: "Yalta",
                subdivision: "43",
                functions: {
                  port: true,
                  rail: false,
                  road: false,
                  airport: false,
                  postal: false,
                  multimodal: false,
                  fixed_transport: false,
                  inland_water: false,
                  border_crossing: false,
                },
              },
            ],
          ]),
        },
      },
    ],
    warn: [
      {
        name: "Kramatorsk, Donetsk oblast (partly embargoed)",
        shipment: variant(
          B(),
          (s) => ((s.importer.country = "UA"), (s.importer.city = "Kramatorsk"), (s.importer.state = "Donetsk Oblast")),
        ),
      },
    ],
  },
  rule_doc_vgm_sea_container: {
    pass: [{ name: "sea with container", shipment: B(), docs: ["VGM_DECLARATION"] }],
    fail: [
      { name: "no containers", shipment: variant(B(), (s) => delete s.packaging.containers), docs: ["VGM_DECLARATION"] },
      { name: "air", shipment: airShipment(), docs: ["VGM_DECLARATION"] },
    ],
  },
  rule_doc_vgm_method_valid: {
    pass: [
      { name: "method 1", shipment: variant(B(), (s) => (s.vgm_data = { weighing_method: 1 })), docs: ["VGM_DECLARATION"] },
      { name: 'method "2"', shipment: variant(B(), (s) => (s.vgm_data = { weighing_method: "2" })), docs: ["VGM_DECLARATION"] },
    ],
    fail: [
      { name: "method 3", shipment: variant(B(), (s) => (s.vgm_data = { weighing_method: 3 })), docs: ["VGM_DECLARATION"] },
      { name: 'method "x"', shipment: variant(B(), (s) => (s.vgm_data = { weighing_method: "x" })), docs: ["VGM_DECLARATION"] },
    ],
    warn: [
      { name: "missing", shipment: B(), docs: ["VGM_DECLARATION"] },
      { name: "blank", shipment: variant(B(), (s) => (s.vgm_data = { weighing_method: " " })), docs: ["VGM_DECLARATION"] },
    ],
  },
  rule_doc_eur1_agreement: {
    pass: [
      {
        name: "agreement",
        shipment: variant(B(), (s) => (s.preferential_origin = { agreement_name: "EU-Switzerland FTA" })),
        docs: ["EUR1_MOVEMENT_CERTIFICATE"],
      },
    ],
    fail: [
      {
        name: "a number",
        shipment: variant(B(), (s) => (s.preferential_origin = { agreement_name: 42 })),
        docs: ["EUR1_MOVEMENT_CERTIFICATE"],
      },
      // The spec's severity E: the agreement name is not a soft-warning field.
      { name: "missing", shipment: B(), docs: ["EUR1_MOVEMENT_CERTIFICATE"] },
    ],
  },
  rule_doc_usmca_parties: {
    pass: [{ name: "US importer", shipment: usShipment(), docs: ["USMCA_CERTIFICATE_OF_ORIGIN"] }],
    fail: [{ name: "PL and DE parties", shipment: B(), docs: ["USMCA_CERTIFICATE_OF_ORIGIN"] }],
  },
  rule_doc_phyto_botanical: {
    pass: [
      {
        name: "apples with botanical name",
        shipment: variant(B(), (s) => s.goods.line_items.push({ ...apples })),
        docs: ["PHYTOSANITARY_CERTIFICATE"],
      },
      { name: "no plant products", shipment: B(), docs: ["PHYTOSANITARY_CERTIFICATE"] },
    ],
    fail: [
      {
        name: "apples without botanical name",
        shipment: variant(B(), (s) => s.goods.line_items.push({ ...apples, botanical_name: undefined })),
        docs: ["PHYTOSANITARY_CERTIFICATE"],
      },
      { name: "flagged phyto", shipment: variant(B(), (s) => (item(s).compliance_flags = ["phyto"])), docs: ["PHYTOSANITARY_CERTIFICATE"] },
    ],
  },
  rule_doc_health_vet_authority: {
    pass: [
      {
        name: "authority and date",
        shipment: variant(
          B(),
          (s) =>
            (s.veterinary_data = {
              competent_authority: "Główny Inspektorat Weterynarii",
              establishment_number: "22611801",
              inspection_date: "2026-11-19",
            }),
        ),
        docs: ["HEALTH_VETERINARY_CERTIFICATE"],
      },
    ],
    fail: [
      {
        name: "date not text",
        shipment: variant(B(), (s) => (s.veterinary_data = { competent_authority: "GIW", inspection_date: true })),
        docs: ["HEALTH_VETERINARY_CERTIFICATE"],
      },
      {
        name: "no authority",
        shipment: variant(B(), (s) => (s.veterinary_data = { inspection_date: "2026-11-19" })),
        docs: ["HEALTH_VETERINARY_CERTIFICATE"],
      },
      // The spec's severity E: the inspection date is not a soft-warning field.
      {
        name: "no date",
        shipment: variant(B(), (s) => (s.veterinary_data = { competent_authority: "GIW" })),
        docs: ["HEALTH_VETERINARY_CERTIFICATE"],
      },
    ],
  },
  rule_doc_coa_test_results: {
    pass: [
      {
        name: "one row",
        shipment: variant(
          B(),
          (s) =>
            (s.analysis_data = {
              batch_number: "B-2026-118",
              test_standard: "ISO 712",
              test_results: [{ parameter: "Moisture", result: "11.2 %" }],
            }),
        ),
        docs: ["CERTIFICATE_OF_ANALYSIS"],
      },
    ],
    fail: [
      {
        name: "empty rows",
        shipment: variant(B(), (s) => (s.analysis_data = { batch_number: "B-2026-118", test_results: [] })),
        docs: ["CERTIFICATE_OF_ANALYSIS"],
      },
      { name: "missing", shipment: B(), docs: ["CERTIFICATE_OF_ANALYSIS"] },
    ],
  },
  rule_doc_einvoice_terms: {
    pass: [
      { name: "intra-EU supply with both VAT ids and payment terms", shipment: B(), docs: ["COMMERCIAL_INVOICE", "PROFORMA_INVOICE"] },
      {
        name: "seller outside the EU (EN 16931 does not apply)",
        shipment: variant(B(), (s) => {
          s.exporter.country = "US";
          delete s.invoice_data;
        }),
        docs: ["COMMERCIAL_INVOICE"],
      },
      { name: "other documents", shipment: variant(B(), (s) => delete s.invoice_data), docs: ["PACKING_LIST"] },
    ],
    fail: [
      {
        name: "no buyer VAT id for an intra-EU supply (BT-48)",
        shipment: variant(B(), (s) => delete s.importer.tax_ids.vat),
        docs: ["COMMERCIAL_INVOICE"],
      },
      {
        name: "no invoice number or payment terms (BT-1, BT-20)",
        shipment: variant(B(), (s) => delete s.invoice_data),
        docs: ["COMMERCIAL_INVOICE"],
      },
      {
        name: "domestic sale without a VAT rate (BT-152)",
        shipment: variant(B(), (s) => {
          s.importer.country = "PL";
          s.route.destination_country = "PL";
        }),
        docs: ["COMMERCIAL_INVOICE"],
      },
      { name: "a unit without a UN/ECE code (BT-130)", shipment: variant(B(), (s) => (item(s).unit = "lot")), docs: ["PROFORMA_INVOICE"] },
    ],
  },
};
