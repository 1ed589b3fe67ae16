/**
 * THE list of document types: one descriptor per type (types/<type>.ts), one line each. The requirements
 * table and endpoint, the pre-checks and soft warnings, the dashboard form, the stage-4 rules and the
 * sample shipments are derived from it. The list's order is the report order of the stage-4 rules;
 * everything served per type follows DOCUMENT_TYPES (trade/document-types.ts) instead.
 */
import { DOCUMENT_TYPES, type DocumentType } from "../trade/document-types.ts";
import type { DocumentTypeDescriptor } from "./descriptor.ts";
import { billOfLading } from "./types/bill-of-lading.ts";
import { airWaybill } from "./types/air-waybill.ts";
import { certificateOfOrigin } from "./types/certificate-of-origin.ts";
import { dangerousGoodsDeclaration } from "./types/dangerous-goods-declaration.ts";
import { vgmDeclaration } from "./types/vgm-declaration.ts";
import { eur1MovementCertificate } from "./types/eur1-movement-certificate.ts";
import { usmcaCertificateOfOrigin } from "./types/usmca-certificate-of-origin.ts";
import { phytosanitaryCertificate } from "./types/phytosanitary-certificate.ts";
import { healthVeterinaryCertificate } from "./types/health-veterinary-certificate.ts";
import { certificateOfAnalysis } from "./types/certificate-of-analysis.ts";
import { commercialInvoice } from "./types/commercial-invoice.ts";
import { packingList } from "./types/packing-list.ts";
import { proformaInvoice } from "./types/proforma-invoice.ts";
import { shippersLetterOfInstruction } from "./types/shippers-letter-of-instruction.ts";
import { insuranceCertificate } from "./types/insurance-certificate.ts";
import { statementOnOrigin } from "./types/statement-on-origin.ts";

export const DESCRIPTORS: readonly DocumentTypeDescriptor[] = [
  billOfLading,
  airWaybill,
  certificateOfOrigin,
  dangerousGoodsDeclaration,
  vgmDeclaration,
  eur1MovementCertificate,
  usmcaCertificateOfOrigin,
  phytosanitaryCertificate,
  healthVeterinaryCertificate,
  certificateOfAnalysis,
  commercialInvoice,
  packingList,
  proformaInvoice,
  shippersLetterOfInstruction,
  insuranceCertificate,
  statementOnOrigin,
];

/** The descriptor of each type (DOCUMENT_TYPES order); loading fails when a type has none or two. */
export const DESCRIPTOR_OF: Readonly<Record<DocumentType, DocumentTypeDescriptor>> = (() => {
  const byType = new Map(DESCRIPTORS.map((d) => [d.type, d]));
  const missing = DOCUMENT_TYPES.filter((t) => !byType.has(t));
  if (missing.length > 0 || byType.size !== DESCRIPTORS.length) {
    throw new Error(`Document-type registry: missing ${missing.join(", ") || "none"}, or a type listed twice`);
  }
  return Object.fromEntries(DOCUMENT_TYPES.map((t) => [t, byType.get(t)])) as Record<DocumentType, DocumentTypeDescriptor>;
})();
