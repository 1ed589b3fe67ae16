/**
 * THE list of document types: one descriptor per type (types/<type>/descriptor.ts), one line each. The
 * layouts, the requirements table and endpoint, the pre-checks and soft warnings, the dashboard form, the
 * stage-4 rules and the sample shipments are derived from it. The list's order is the report order of the
 * stage-4 rules; everything served per type follows DOCUMENT_TYPES (trade/document-types.ts) instead.
 */
import { DOCUMENT_TYPES, type DocumentType } from "../trade/document-types.ts";
import type { DocumentTypeDescriptor } from "./descriptor.ts";
import type { Layout } from "../documents/layouts/common.ts";
import { billOfLading } from "./types/bill-of-lading/descriptor.ts";
import { airWaybill } from "./types/air-waybill/descriptor.ts";
import { certificateOfOrigin } from "./types/certificate-of-origin/descriptor.ts";
import { dangerousGoodsDeclaration } from "./types/dangerous-goods-declaration/descriptor.ts";
import { vgmDeclaration } from "./types/vgm-declaration/descriptor.ts";
import { eur1MovementCertificate } from "./types/eur1-movement-certificate/descriptor.ts";
import { usmcaCertificateOfOrigin } from "./types/usmca-certificate-of-origin/descriptor.ts";
import { phytosanitaryCertificate } from "./types/phytosanitary-certificate/descriptor.ts";
import { healthVeterinaryCertificate } from "./types/health-veterinary-certificate/descriptor.ts";
import { certificateOfAnalysis } from "./types/certificate-of-analysis/descriptor.ts";
import { commercialInvoice } from "./types/commercial-invoice/descriptor.ts";
import { packingList } from "./types/packing-list/descriptor.ts";
import { proformaInvoice } from "./types/proforma-invoice/descriptor.ts";
import { shippersLetterOfInstruction } from "./types/shippers-letter-of-instruction/descriptor.ts";
import { insuranceCertificate } from "./types/insurance-certificate/descriptor.ts";
import { statementOnOrigin } from "./types/statement-on-origin/descriptor.ts";

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

/** The layout of each type (what the renderer of shared/documents draws). */
export const LAYOUTS: Readonly<Record<DocumentType, Layout>> = Object.fromEntries(
  DOCUMENT_TYPES.map((t) => [t, DESCRIPTOR_OF[t].layout]),
) as Record<DocumentType, Layout>;
