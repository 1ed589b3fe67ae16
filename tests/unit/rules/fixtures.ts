/**
 * Test data for the rule library: a realistic, valid baseline shipment (PL → DE by sea, CIF, EUR),
 * US / UK / India variants, and a fake reference database that answers collectReferenceAsk the way the
 * database side does (only asked codes, ports and names come back).
 */
import { EMBARGOED_REGIONS } from "../../../shared/reference/gather-reference-facts.ts";
import type { PortFact, ReferenceFacts, SanctionsMatch } from "../../../shared/rules/reference-facts.ts";
import { collectReferenceAsk, runValidation, type ValidationOutcome } from "../../../shared/rules/run-validation.ts";
import type { Gate } from "../../../shared/rules/gates.ts";

// deno-lint-ignore no-explicit-any
export type Json = any;

export function baseline(): Json {
  return {
    invoice_number: "INV-2026-0412",
    invoice_date: "2026-11-20",
    exporter: {
      name: "Baltic Furniture Sp. z o.o.",
      address: "ul. Długa 12",
      city: "Gdańsk",
      postal_code: "80-831",
      country: "PL",
      tax_ids: { eori: "PL5832100000", vat: "PL5832100000" },
      contact_name: "Anna Nowak",
      contact_email: "export@baltic-furniture.pl",
      contact_phone: "+48 58 301 22 00",
    },
    importer: {
      name: "Hanse Wohnen GmbH",
      address: "Große Elbstraße 145",
      city: "Hamburg",
      postal_code: "22767",
      country: "DE",
      tax_ids: { eori: "DE4471123456789", vat: "DE447112345" },
      contact_email: "einkauf@hanse-wohnen.de",
      contact_phone: "+49 (40) 3861-0",
    },
    notify_party: {
      name: "Elbe Spedition GmbH",
      address: "Am Sandtorkai 50",
      city: "Hamburg",
      country: "DE",
      contact_email: "ops@elbe-spedition.de",
    },
    // What the commercial invoice needs to be an EN 16931 e-invoice too (rule_doc_einvoice_terms).
    invoice_data: { invoice_number: "INV-2026-0412", payment_terms: "30 days net" },
    proforma_data: { proforma_number: "PRO-2026-0398", payment_terms: "100 % in advance" },
    route: {
      origin_country: "PL",
      destination_country: "DE",
      transport_mode: "sea",
      incoterms: "CIF",
      port_of_loading: "PLGDN",
      port_of_discharge: "DEHAM",
      vessel_name: "BALTIC SKY",
      voyage_number: "0412N",
      departure_date: "2026-11-24",
    },
    goods: {
      currency: "EUR",
      total_value: 12256.4,
      line_items: [
        {
          description: "Oak dining table, solid wood, 180 x 90 cm",
          hs_code: "9403601000",
          quantity: 12,
          unit: "pcs",
          unit_price: 489.9,
          origin_country: "PL",
          net_weight_kg: 510,
          gross_weight_kg: 576,
        },
        {
          description: "Upholstered dining chair, oak frame",
          hs_code: "9401610000",
          quantity: 48,
          unit: "pcs",
          unit_price: 129.95,
          origin_country: "PL",
          net_weight_kg: 345.6,
          gross_weight_kg: 388.8,
        },
        {
          description: "Furniture screws M8 x 60, zinc plated steel",
          hs_code: "7318159000",
          quantity: 2000,
          unit: "pcs",
          unit_price: 0.07,
          origin_country: "DE",
          net_weight_kg: 14,
          gross_weight_kg: 15,
        },
      ],
    },
    packaging: {
      total_packages: 38,
      total_gross_weight_kg: 1016,
      packages: [
        { type: "crate", quantity: 12, gross_weight_kg: 600 },
        { type: "carton", quantity: 24, gross_weight_kg: 400 },
        { type: "box", quantity: 2, gross_weight_kg: 16 },
      ],
      containers: [{ container_number: "MSKU1234565", seal_number: "ML-PL-448812" }],
    },
  };
}

/** PL → US (New York), HTS 10-digit codes, importer with EIN and ZIP code. */
export function usShipment(): Json {
  const s = baseline();
  s.importer = {
    name: "Hudson Home Furnishings Inc.",
    address: "350 Fifth Avenue, Suite 4100",
    city: "New York",
    state: "NY",
    postal_code: "10118",
    country: "US",
    tax_ids: { ein: "12-3456789" },
    contact_email: "imports@hudsonhome.com",
    contact_phone: "+1 (212) 555-0147",
  };
  s.notify_party = undefined;
  s.route.destination_country = "US";
  s.route.port_of_discharge = "USNYC";
  s.goods.line_items[0].hs_code = "9403604081";
  s.goods.line_items[1].hs_code = "9401610011";
  s.goods.line_items[2].hs_code = "7318150800";
  return JSON.parse(JSON.stringify(s));
}

/** PL → GB (Felixstowe), UK commodity codes, GB EORI. */
export function ukShipment(): Json {
  const s = baseline();
  s.importer = {
    name: "Thames Interiors Ltd",
    address: "1 Dock Road",
    city: "Felixstowe",
    postal_code: "IP11 3SY",
    country: "GB",
    tax_ids: { eori: "GB123456789000" },
  };
  s.notify_party = undefined;
  s.route.destination_country = "GB";
  s.route.port_of_discharge = "GBFXT";
  s.goods.line_items[0].hs_code = "9403601000";
  s.goods.line_items[1].hs_code = "9401610000";
  s.goods.line_items[2].hs_code = "7318159000";
  return JSON.parse(JSON.stringify(s));
}

/** PL → IN (Nhava Sheva), 8-digit ITC-HS codes, IEC / GSTIN / PAN. */
export function inShipment(): Json {
  const s = baseline();
  s.importer = {
    name: "Mumbai Living Pvt Ltd",
    address: "Plot 14, MIDC Andheri East",
    city: "Mumbai",
    postal_code: "400093",
    country: "IN",
    tax_ids: { iec: "AAPFU0939F", gstin: "27AAPFU0939F1ZV", pan: "AAPFU0939F" },
  };
  s.notify_party = undefined;
  s.route.destination_country = "IN";
  s.route.port_of_discharge = "INNSA";
  s.goods.line_items[0].hs_code = "94036000";
  s.goods.line_items[1].hs_code = "94016100";
  s.goods.line_items[2].hs_code = "73181500";
  return JSON.parse(JSON.stringify(s));
}

/** PL → US by air (Warsaw Chopin → JFK). */
export function airShipment(): Json {
  const s = usShipment();
  s.route.transport_mode = "air";
  s.route.incoterms = "CPT";
  s.route.port_of_loading = "PLWAW";
  s.route.port_of_discharge = "USJFK";
  delete s.route.vessel_name;
  return s;
}

function port(code: string, name: string, fn: Partial<PortFact["functions"]>): PortFact {
  return {
    code,
    country: code.slice(0, 2),
    name,
    functions: {
      port: false,
      rail: false,
      road: false,
      airport: false,
      postal: false,
      multimodal: false,
      fixed_transport: false,
      inland_water: false,
      border_crossing: false,
      ...fn,
    },
  };
}

export const EVIL_MATCH: SanctionsMatch = {
  uid: "36123",
  name: "EVIL CORP TRADING LLC",
  matched_name: "EVIL CORP TRADING",
  program: "SDGT",
  score: 0.97,
  list: "SDN",
};

/** The fake reference database. */
export const DB = {
  hs: {
    us: new Set(["9403604081", "9401610011", "7318150800", "0808100000", "2710124500", "8471300100"]),
    eu: new Set(["94036010", "94016100", "73181590", "08081080", "27101245", "84713000", "02013000", "38220000"]),
    uk: new Set(["9403601000", "9401610000", "7318159000", "0808108090"]),
    in: new Set(["94036000", "94016100", "73181500", "08081000"]),
    wco: new Set(["940360", "940161", "731815", "080810", "847130", "271012", "020130", "382200"]),
  },
  ports: new Map<string, PortFact>([
    ["PLGDN", port("PLGDN", "Gdańsk", { port: true, rail: true, road: true })],
    ["PLGDY", port("PLGDY", "Gdynia", { port: true, rail: true, road: true })],
    ["PLWAW", port("PLWAW", "Warszawa", { airport: true, rail: true, road: true })],
    ["DEHAM", port("DEHAM", "Hamburg", { port: true, rail: true, road: true, airport: true })],
    ["DEMUC", port("DEMUC", "München", { airport: true, rail: true, road: true })],
    ["USNYC", port("USNYC", "New York", { port: true, rail: true, road: true, airport: true })],
    ["USJFK", port("USJFK", "John F. Kennedy Apt/New York", { airport: true })],
    ["GBFXT", port("GBFXT", "Felixstowe", { port: true, rail: true, road: true })],
    ["INNSA", port("INNSA", "Nhava Sheva (Jawaharlal Nehru)", { port: true, rail: true, road: true })],
    ["CNSHA", port("CNSHA", "Shanghai", { port: true, rail: true, road: true, airport: true })],
  ]),
  countries: new Set([
    "AT",
    "BE",
    "BG",
    "HR",
    "CY",
    "CZ",
    "DK",
    "EE",
    "FI",
    "FR",
    "DE",
    "GR",
    "HU",
    "IE",
    "IT",
    "LV",
    "LT",
    "LU",
    "MT",
    "NL",
    "PL",
    "PT",
    "RO",
    "SK",
    "SI",
    "ES",
    "SE",
    "US",
    "GB",
    "IN",
    "CN",
    "CA",
    "MX",
    "CH",
    "NO",
    "IS",
    "LI",
    "TR",
    "JP",
    "IR",
    "KP",
    "CU",
    "SY",
    "RU",
    "UA",
    "AE",
  ]),
  currencies: new Set(["EUR", "USD", "GBP", "JPY", "KWD", "INR", "CNY", "CHF", "PLN"]),
  sanctions: new Map<string, SanctionsMatch>([["Evil Corp Trading LLC", EVIL_MATCH]]),
  embargoes: [
    { country: "CU", program: "CACR", as_of: "2026-10-01" },
    { country: "IR", program: "ITSR", as_of: "2026-10-01" },
    { country: "KP", program: "NKSR", as_of: "2026-10-01" },
    { country: "SY", program: "SySR", as_of: "2026-10-01" },
  ],
};

/** Answers the shipment's ReferenceAsk from DB, like the database side: only asked keys come back. */
export function factsFor(shipment: unknown, documentTypes: string[] = [], overrides: Partial<ReferenceFacts> = {}): ReferenceFacts {
  const ask = collectReferenceAsk(shipment, documentTypes);
  const pick = (asked: string[], table: Set<string>) => new Set(asked.filter((c) => table.has(c)));
  return {
    loaded: { us: true, eu: true, uk: true, in: true, wco: true, ports: true, sanctions: true, countries: true, currencies: true },
    hsCodes: {
      us: pick(ask.hsCodes.us, DB.hs.us),
      eu: pick(ask.hsCodes.eu, DB.hs.eu),
      uk: pick(ask.hsCodes.uk, DB.hs.uk),
      in: pick(ask.hsCodes.in, DB.hs.in),
      wco: pick(ask.hsCodes.wco, DB.hs.wco),
    },
    euCodeLength: 8,
    ports: new Map(ask.ports.filter((p) => DB.ports.has(p)).map((p) => [p, DB.ports.get(p)!])),
    countries: DB.countries,
    currencies: DB.currencies,
    sanctions: new Map(ask.partyNames.map((n) => [n, DB.sanctions.get(n) ?? null])),
    embargoes: DB.embargoes,
    embargoedRegions: EMBARGOED_REGIONS.map((r) => ({ ...r })),
    ...overrides,
  };
}

export function validate(shipment: unknown, documentTypes: string[] = [], gate?: string | Gate): ValidationOutcome {
  return runValidation(shipment, { facts: factsFor(shipment, documentTypes), documentTypes, gate });
}

/** Deep copy of `base` changed by `edit` (which may mutate its argument freely). */
export function variant(base: Json, edit: (s: Json) => void): Json {
  const copy = JSON.parse(JSON.stringify(base));
  edit(copy);
  return copy;
}

/** A valid shipment with n line items (the baseline's three items repeated). */
export function shipmentWithLines(n: number): Json {
  return variant(baseline(), (s) => {
    const tpl = s.goods.line_items;
    s.goods.line_items = Array.from({ length: n }, (_, i) => ({ ...tpl[i % 3], description: `${tpl[i % 3].description} #${i + 1}` }));
    let cents = 0;
    for (const item of s.goods.line_items) cents += Math.round(item.quantity * item.unit_price * 100);
    s.goods.total_value = cents / 100;
    const gross = 1016 * Math.ceil(n / 3);
    s.packaging = {
      ...s.packaging,
      total_packages: 1,
      total_gross_weight_kg: gross,
      packages: [{ type: "pallet", quantity: 1, gross_weight_kg: gross }],
    };
  });
}
