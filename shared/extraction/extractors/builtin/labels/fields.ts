/**
 * The words documents use for each field, in English, German, French, Spanish, Italian and Dutch.
 * Labels are matched after norm() (lower case, no accents, punctuation as spaces) at the start of a
 * segment; the longest match wins, so "total gross weight" beats "total".
 */
import { DOCUMENT_WORDS } from "./document-words.ts";
import { longestFirst } from "./longest-first.ts";
import { PARTY_WORDS } from "./party-words.ts";
import { TRANSPORT_WORDS } from "./transport-words.ts";

export type FieldKey =
  | "exporter"
  | "importer"
  | "notify_party"
  | "importer_vat"
  | "port_of_loading"
  | "port_of_discharge"
  | "vessel"
  | "voyage"
  | "incoterms"
  | "transport_mode"
  | "origin_country"
  | "destination_country"
  | "currency"
  | "total_value"
  | "total_packages"
  | "total_gross_weight"
  | "total_net_weight"
  | "container"
  | "seal"
  | "bl_number"
  | "invoice_number"
  | "invoice_date"
  | "other";

export const PARTY_FIELDS: ReadonlySet<FieldKey> = new Set(["exporter", "importer", "notify_party"]);

// Key order (parties, route, document) is the tie-break order of equally long labels.
const L: Record<FieldKey, string[]> = { ...PARTY_WORDS, ...TRANSPORT_WORDS, ...DOCUMENT_WORDS };

export const FIELD_LABELS = longestFirst(L);

/** Preference among party labels: a consignee block beats "ship to" or "bill to". */
export const PARTY_LABEL_RANK: Record<string, number> = {
  "shipper exporter": 0,
  "exporter shipper": 0,
  "exporter seller": 0,
  "seller exporter": 0,
  "consignee buyer": 0,
  "buyer consignee": 0,
  exporter: 1,
  shipper: 2,
  "sold to": 4,
  "ship to": 5,
  "delivery address": 5,
  "adresse de livraison": 5,
  lieferadresse: 5,
  afleveradres: 5,
  "indirizzo di consegna": 5,
  "direccion de entrega": 5,
  "billing address": 6,
  "invoice address": 6,
  "adresse de facturation": 6,
  rechnungsadresse: 6,
  rechnungsanschrift: 6,
  factuuradres: 6,
  "indirizzo di fatturazione": 6,
  "direccion de facturacion": 6,
  "bill to": 6,
  "invoice to": 6,
  consignee: 0,
  importer: 1,
  buyer: 3,
  customer: 7,
  seller: 3,
  supplier: 4,
  vendor: 5,
};
