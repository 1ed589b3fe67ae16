/**
 * The cases the e-invoice tests (and `npm run einvoice:check`) run through: a domestic sale at the standard
 * rate (S), an intra-Community supply (K), an export outside the EU (G), a foreign-currency invoice whose VAT
 * is also stated in the seller's national currency (BT-6 / BT-111), and a domestic reverse-charge supply (AE,
 * the buyer accounts for the VAT). Built on the sample shipment.
 */
import { sampleShipment } from "./sample-shipments.ts";

type Shipment = Record<string, Record<string, unknown>>;

function base(): Shipment {
  const s = sampleShipment() as Shipment;
  (s.importer.tax_ids as Record<string, unknown>).vat = "DE123456789";
  return s;
}

export const ISSUE_DATE = new Date("2025-03-11T09:30:00Z");

/** PL → DE, both VAT-registered: K, VATEX-EU-IC, EUR. */
export function intraEuShipment(): Shipment {
  return base();
}

/** DE seller, DE buyer: S at 19 %. */
export function domesticShipment(): Shipment {
  const s = base();
  s.exporter = {
    ...s.exporter,
    name: "Holzwerk Sachsen GmbH",
    address: "Am Markt 1",
    city: "Dresden",
    postal_code: "01067",
    country: "DE",
    tax_ids: { vat: "DE811234567" },
  };
  s.route = { ...s.route, origin_country: "DE", destination_country: "DE", transport_mode: "road", incoterms: "DAP" };
  s.invoice_data = { ...s.invoice_data, vat_rate: 19 };
  return s;
}

/** PL seller, buyer in Switzerland: G, VATEX-EU-G. */
export function exportShipment(): Shipment {
  const s = base();
  s.importer = {
    ...s.importer,
    name: "Möbel Zürich AG",
    address: "Bahnhofstrasse 10",
    city: "Zürich",
    postal_code: "8001",
    country: "CH",
    tax_ids: { vat: "CHE123456789" },
  };
  s.route = { ...s.route, destination_country: "CH", transport_mode: "road", incoterms: "DAP" };
  return s;
}

/** PL seller and buyer, invoiced in USD at 23 %: the VAT total is also stated in PLN (BT-6, BT-111). */
export function foreignCurrencyShipment(): Shipment {
  const s = base();
  s.importer = {
    ...s.importer,
    name: "Meble Gdańsk S.A.",
    address: "ul. Długa 5",
    city: "Gdańsk",
    postal_code: "80-827",
    country: "PL",
    tax_ids: { vat: "PL5840012345" },
  };
  s.route = { ...s.route, destination_country: "PL", transport_mode: "road", incoterms: "DAP" };
  s.goods = { ...s.goods, currency: "USD" };
  s.invoice_data = { ...s.invoice_data, vat_rate: 23, exchange_rate: 4.0123 };
  return s;
}

/** DE seller, DE buyer, both VAT-registered, invoice_data.vat_category AE: reverse charge, VATEX-EU-AE. */
export function reverseChargeShipment(): Shipment {
  const s = domesticShipment();
  s.invoice_data = { ...s.invoice_data, vat_category: "AE" };
  return s;
}

export const CASES = {
  domestic: { shipment: domesticShipment, category: "S" },
  "intra-EU": { shipment: intraEuShipment, category: "K" },
  export: { shipment: exportShipment, category: "G" },
  "foreign currency": { shipment: foreignCurrencyShipment, category: "S" },
  "reverse charge": { shipment: reverseChargeShipment, category: "AE" },
} as const;
