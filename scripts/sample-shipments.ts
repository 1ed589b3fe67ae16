/**
 * Sample shipments for the gallery and the tests: a realistic sea shipment from Łódź (Poland) to Müller
 * GmbH in Hamburg with three line items (one dangerous good, one plant product), two containers and every
 * *_data block the layouts read (each document type's descriptor holds its blocks); a USMCA variant
 * (Monterrey → Texas); and a generator of long shipments.
 */
import { DESCRIPTOR_OF } from "../shared/document-types/registry.ts";
import { DOCUMENT_TYPES } from "../shared/document-types/identities.ts";

/** Every descriptor's sample blocks, copied (callers change their sample). */
function descriptorSamples(): Record<string, unknown> {
  return structuredClone(Object.assign({}, ...DOCUMENT_TYPES.map((t) => DESCRIPTOR_OF[t].sample ?? {})));
}

export function sampleShipment(): Record<string, unknown> {
  return {
    exporter: {
      name: "Fabryka Mebli Łódzkich Sp. z o.o.",
      address: "ul. Piotrkowska 148/150",
      city: "Łódź",
      postal_code: "90-063",
      country: "PL",
      tax_ids: { eori: "PL7251234567", vat: "PL7251234567" },
      contact_name: "Katarzyna Wiśniewska",
      contact_email: "export@fml-lodz.example.pl",
      contact_phone: "+48 42 630 12 34",
    },
    importer: {
      name: "Müller GmbH",
      address: "Große Elbstraße 212",
      city: "Hamburg",
      postal_code: "22767",
      country: "DE",
      tax_ids: { eori: "DE123456789012345" },
      contact_name: "Jürgen Müller",
      contact_email: "einkauf@mueller-gmbh.example.de",
      contact_phone: "+49 40 3861 0",
    },
    notify_party: {
      name: "Kühne Spedition GmbH & Co. KG",
      address: "Am Sandtorkai 50",
      city: "Hamburg",
      postal_code: "20457",
      country: "DE",
      contact_phone: "+49 40 3088 0",
    },
    route: {
      origin_country: "PL",
      destination_country: "DE",
      transport_mode: "sea",
      incoterms: "CIF",
      incoterms_place: "Hamburg",
      port_of_loading: "PLGDN",
      port_of_discharge: "DEHAM",
      vessel_name: "MSC Wisła",
      voyage_number: "FE511W",
      place_of_receipt: "Łódź, inland container depot Olechów",
      departure_date: "2025-03-12",
    },
    goods: {
      currency: "EUR",
      total_value: 53340,
      line_items: [
        {
          description: "Solid oak dining tables «Kraków», assembled, 200 × 100 cm (Дубовые обеденные столы)",
          hs_code: "9403601000",
          quantity: 40,
          unit: "pcs",
          unit_price: 450,
          origin_country: "PL",
          net_weight_kg: 1800,
          gross_weight_kg: 2050,
          origin_criterion: "B",
          eccn: "Not listed",
          compliance_flags: [],
        },
        {
          description: "Lithium-ion battery packs for e-bikes, 36 V 14 Ah",
          hs_code: "8507600000",
          quantity: 120,
          unit: "pcs",
          unit_price: 189.5,
          origin_country: "PL",
          net_weight_kg: 420,
          gross_weight_kg: 510,
          compliance_flags: ["dgd"],
          is_hazardous: true,
          un_number: "UN3480",
          hazard_class: "9",
          packing_group: "II",
          proper_shipping_name: "LITHIUM ION BATTERIES",
          eccn: "Not listed",
          origin_criterion: "C",
        },
        {
          description: "Dried apple slices, organic, in 10 kg cartons",
          hs_code: "0813300000",
          quantity: 300,
          unit: "ctn",
          unit_price: 42,
          origin_country: "PL",
          net_weight_kg: 3000,
          gross_weight_kg: 3300,
          botanical_name: "Malus domestica Borkh.",
          eccn: "Not listed",
          compliance_flags: ["phyto"],
          origin_criterion: "A",
        },
      ],
    },
    packaging: {
      total_packages: 34,
      total_gross_weight_kg: 5860,
      marks_and_numbers: "FML/MÜLLER HH 1–34",
      packages: [
        { type: "Wooden pallet (furniture)", quantity: 20, gross_weight_kg: 2050 },
        { type: "Wooden pallet (UN3480, class 9)", quantity: 4, gross_weight_kg: 510 },
        { type: "Pallet of cartons (dried apples)", quantity: 10, gross_weight_kg: 3300 },
      ],
      containers: [
        { container_number: "MSCU1234566", seal_number: "PL0098765", type: "40' HC", tare_weight_kg: 3900, verified_gross_mass_kg: 8460 },
        { container_number: "MSCU7654329", seal_number: "PL0098766", type: "20' GP", tare_weight_kg: 2200, verified_gross_mass_kg: 5500 },
      ],
    },
    // The per-type blocks (vgm_data, bl_data, …) come from the descriptors (shared/document-types).
    ...descriptorSamples(),
  };
}

/** A USMCA trade: Monterrey (MX) producer shipping by road to a Texas importer. */
export function sampleUsmcaShipment(): Record<string, unknown> {
  const base = sampleShipment();
  return {
    ...base,
    exporter: {
      name: "Muebles Finos del Norte S.A. de C.V.",
      address: "Av. Constitución 1500 Pte., Col. Centro",
      city: "Monterrey",
      state: "N.L.",
      postal_code: "64000",
      country: "MX",
      tax_ids: { rfc: "MFN980312AB1" },
      contact_name: "José Ángel Peña",
      contact_email: "export@mueblesfinos.example.mx",
      contact_phone: "+52 81 8340 1200",
    },
    importer: {
      name: "Lone Star Home Furnishings LLC",
      address: "2100 Commerce Street",
      city: "Dallas",
      state: "TX",
      postal_code: "75201",
      country: "US",
      tax_ids: { ein: "75-1234567" },
      contact_name: "Sarah O'Connor",
      contact_email: "imports@lonestarhome.example.com",
      contact_phone: "+1 214 555 0143",
    },
    route: {
      origin_country: "MX",
      destination_country: "US",
      transport_mode: "road",
      incoterms: "DAP",
      incoterms_place: "Dallas, TX",
      port_of_loading: "MXMTY",
      port_of_discharge: "USLRD",
    },
    goods: {
      currency: "USD",
      total_value: 38250,
      line_items: [
        {
          description: "Wooden bedroom furniture (headboards, oak)",
          hs_code: "9403504000",
          quantity: 150,
          unit: "pcs",
          unit_price: 185,
          origin_country: "MX",
          net_weight_kg: 3000,
          gross_weight_kg: 3300,
          origin_criterion: "B",
        },
        {
          description: "Upholstered seats with wooden frames",
          hs_code: "9401614011",
          quantity: 60,
          unit: "pcs",
          unit_price: 175,
          origin_country: "MX",
          net_weight_kg: 900,
          gross_weight_kg: 1020,
          origin_criterion: "B",
        },
      ],
    },
    usmca_data: {
      certifier_type: "PRODUCER",
      producer_name: "Muebles Finos del Norte S.A. de C.V.",
      producer_address: "Av. Constitución 1500 Pte., 64000 Monterrey, N.L., Mexico",
      blanket_period_from: "2025-01-01",
      blanket_period_to: "2025-12-31",
      certifier_name: "José Ángel Peña",
      certifier_title: "Export Compliance Manager",
    },
  };
}

const PRODUCTS = [
  ["Oak dining chair, upholstered seat", "9401610000", "pcs", 89.5, 7.2],
  ["Beech coffee table 120 × 60 cm", "9403601000", "pcs", 145, 18.4],
  ["Pine bookshelf, 5 shelves", "9403609000", "pcs", 77.25, 24.1],
  ["Ash wood bedside cabinet «Żyrardów»", "9403500000", "pcs", 112, 15.7],
  ["Walnut veneer sideboard, 3 doors", "9403601000", "pcs", 389, 61.3],
] as const;

/** A shipment with `count` line items (long packing lists, page flow, timing). */
export function longShipment(count: number): Record<string, unknown> {
  const base = sampleShipment();
  const items = Array.from({ length: count }, (_, i) => {
    const [description, hs, unit, price, kg] = PRODUCTS[i % PRODUCTS.length];
    const quantity = 5 + ((i * 7) % 40);
    return {
      description: `${description} — lot ${String(i + 1).padStart(4, "0")}`,
      hs_code: hs,
      quantity,
      unit,
      unit_price: price,
      origin_country: "PL",
      net_weight_kg: Math.round(quantity * kg * 10) / 10,
      gross_weight_kg: Math.round(quantity * kg * 11) / 10,
    };
  });
  const total = Math.round(items.reduce((s, it) => s + it.quantity * it.unit_price, 0) * 100) / 100;
  const gross = Math.round(items.reduce((s, it) => s + it.gross_weight_kg, 0) * 10) / 10;
  const goods = base.goods as Record<string, unknown>;
  const packaging = base.packaging as Record<string, unknown>;
  return {
    ...base,
    goods: { ...goods, total_value: total, line_items: items },
    packaging: { ...packaging, total_packages: count, total_gross_weight_kg: gross },
  };
}

/** A shipment with values far longer than any box: long names, unbroken tokens, huge numbers. */
export function stressShipment(): Record<string, unknown> {
  const s = sampleShipment();
  const long =
    "Przedsiębiorstwo Produkcyjno-Handlowo-Usługowe „Łódzkie Zakłady Meblarskie i Stolarskie” Spółka z ograniczoną odpowiedzialnością Spółka Komandytowo-Akcyjna";
  const token = "X".repeat(40) + "Ż".repeat(40) + "0123456789".repeat(8);
  Object.assign(s.exporter as object, {
    name: long,
    address: `${token} ${long}`,
    city: "Łódź-Widzew-Śródmieście-Bałuty-Polesie-Górna",
    postal_code: token.slice(0, 30),
  });
  Object.assign(s.importer as object, { name: `Müller ${long}`, address: token });
  const items = (s.goods as { line_items: Record<string, unknown>[] }).line_items;
  Object.assign(items[0], {
    description: `${long} ${token} ${long}`,
    hs_code: "94036010009403601000",
    quantity: 123456789.125,
    unit_price: 98765432.12,
    unit: "pieces-per-pallet",
  });
  Object.assign(items[1], {
    un_number: "UN3480UN3480UN3480",
    proper_shipping_name: long,
    hazard_class: "9 (Miscellaneous dangerous substances and articles)",
    packing_group: "III / II / I",
  });
  (s.goods as Record<string, unknown>).total_value = 123456789012345.67;
  (s.packaging as Record<string, unknown>).marks_and_numbers = token;
  (s.bl_data as Record<string, unknown>).place_of_delivery = long;
  (s.route as Record<string, unknown>).vessel_name = long;
  (s.insurance_data as Record<string, unknown>).claims_agent = `${long} ${token}`;
  return s;
}

/** A fixed rendering context for samples. */
export const SAMPLE_META = {
  validationHash: "sha256:9f2c6a1e4b7d03c85e21a9f04d6b7c3e8a15f2d9c0b4e7a61d3f8c2b5a9e0d174",
  verificationUrl: "https://verify.tradedocs.example/verify/sha256:9f2c6a1e4b7d03c85e21a9f04d6b7c3e8a15f2d9c0b4e7a61d3f8c2b5a9e0d174",
  generationNumber: 2,
  shipmentId: "6f1d2c3b-8a9e-4f10-b2c4-5d6e7f8a9b0c",
  shipmentRef: "SHP-2025-0311-ŁDZ",
  generatedAt: new Date("2025-03-11T09:30:00Z"),
} as const;
