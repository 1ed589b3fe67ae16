/**
 * THE list of document types, in the spec's order (generate-documents): one line per type, naming the
 * identity in its folder (types/<type>/identity.ts). Everything else is derived: the names and titles here,
 * the data blocks of the shipment schema, and the descriptor registry (registry.ts, generated from this
 * list by `npm run docs:generate`). Adding a type: its folder (identity.ts, descriptor.ts, layout.ts), its
 * line here, then `npm run docs:generate` (docs/architecture.md, "Where does my change go").
 */
import type { z } from "zod";
import type { DocumentTypeIdentity } from "./identity.ts";
import { commercialInvoiceIdentity } from "./types/commercial-invoice/identity.ts";
import { packingListIdentity } from "./types/packing-list/identity.ts";
import { billOfLadingIdentity } from "./types/bill-of-lading/identity.ts";
import { certificateOfOriginIdentity } from "./types/certificate-of-origin/identity.ts";
import { proformaInvoiceIdentity } from "./types/proforma-invoice/identity.ts";
import { dangerousGoodsDeclarationIdentity } from "./types/dangerous-goods-declaration/identity.ts";
import { airWaybillIdentity } from "./types/air-waybill/identity.ts";
import { shippersLetterOfInstructionIdentity } from "./types/shippers-letter-of-instruction/identity.ts";
import { vgmDeclarationIdentity } from "./types/vgm-declaration/identity.ts";
import { insuranceCertificateIdentity } from "./types/insurance-certificate/identity.ts";
import { eur1MovementCertificateIdentity } from "./types/eur1-movement-certificate/identity.ts";
import { usmcaCertificateOfOriginIdentity } from "./types/usmca-certificate-of-origin/identity.ts";
import { statementOnOriginIdentity } from "./types/statement-on-origin/identity.ts";
import { phytosanitaryCertificateIdentity } from "./types/phytosanitary-certificate/identity.ts";
import { healthVeterinaryCertificateIdentity } from "./types/health-veterinary-certificate/identity.ts";
import { certificateOfAnalysisIdentity } from "./types/certificate-of-analysis/identity.ts";

export const IDENTITIES = [
  commercialInvoiceIdentity,
  packingListIdentity,
  billOfLadingIdentity,
  certificateOfOriginIdentity,
  proformaInvoiceIdentity,
  dangerousGoodsDeclarationIdentity,
  airWaybillIdentity,
  shippersLetterOfInstructionIdentity,
  vgmDeclarationIdentity,
  insuranceCertificateIdentity,
  eur1MovementCertificateIdentity,
  usmcaCertificateOfOriginIdentity,
  statementOnOriginIdentity,
  phytosanitaryCertificateIdentity,
  healthVeterinaryCertificateIdentity,
  certificateOfAnalysisIdentity,
] as const;

export type DocumentType = (typeof IDENTITIES)[number]["type"];

export const DOCUMENT_TYPES: readonly DocumentType[] = IDENTITIES.map((i) => i.type);

export const DOCUMENT_TITLES: Readonly<Record<DocumentType, string>> = Object.fromEntries(
  IDENTITIES.map((i) => [i.type, i.title]),
) as Record<DocumentType, string>;

const TYPE_SET: ReadonlySet<string> = new Set(DOCUMENT_TYPES);

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === "string" && TYPE_SET.has(value);
}

type Blocks = NonNullable<(typeof IDENTITIES)[number]["data"]>;
type Merged<U> = (U extends unknown ? (u: U) => void : never) extends (m: infer M) => void ? M : never;

/** The shipment_data blocks of the identities (key → field kinds), merged; a key two types declare fails. */
export function mergeDataBlocks(identities: readonly DocumentTypeIdentity[]): Record<string, z.ZodType> {
  const merged: Record<string, z.ZodType> = {};
  for (const { type, data } of identities) {
    for (const [key, schema] of Object.entries(data ?? {})) {
      if (key in merged) throw new Error(`Document types: ${type} declares the data block ${key}, which another type owns`);
      merged[key] = schema as z.ZodType;
    }
  }
  return merged;
}

/** The blocks the types own, for the shipment schema (shipments/trade-shipment-schema.ts). */
export const DATA_BLOCKS = mergeDataBlocks(IDENTITIES) as Merged<Blocks>;
