// Generated from the list of shared/document-types/identities.ts by npm run docs:generate: edit that list.
/**
 * The descriptor of each document type (types/<type>/descriptor.ts), in the order of DOCUMENT_TYPES. The
 * layouts, the requirements table and endpoint, the pre-checks and soft warnings, the dashboard form, the
 * stage-4 rules and the sample shipments are derived from it.
 */
import { DOCUMENT_TYPES, type DocumentType } from "./identities.ts";
import type { DocumentTypeDescriptor } from "./descriptor.ts";
import type { Layout } from "../documents/layouts/common.ts";
import { commercialInvoice } from "./types/commercial-invoice/descriptor.ts";
import { packingList } from "./types/packing-list/descriptor.ts";
import { billOfLading } from "./types/bill-of-lading/descriptor.ts";
import { certificateOfOrigin } from "./types/certificate-of-origin/descriptor.ts";
import { proformaInvoice } from "./types/proforma-invoice/descriptor.ts";
import { dangerousGoodsDeclaration } from "./types/dangerous-goods-declaration/descriptor.ts";
import { airWaybill } from "./types/air-waybill/descriptor.ts";
import { shippersLetterOfInstruction } from "./types/shippers-letter-of-instruction/descriptor.ts";
import { vgmDeclaration } from "./types/vgm-declaration/descriptor.ts";
import { insuranceCertificate } from "./types/insurance-certificate/descriptor.ts";
import { eur1MovementCertificate } from "./types/eur1-movement-certificate/descriptor.ts";
import { usmcaCertificateOfOrigin } from "./types/usmca-certificate-of-origin/descriptor.ts";
import { statementOnOrigin } from "./types/statement-on-origin/descriptor.ts";
import { phytosanitaryCertificate } from "./types/phytosanitary-certificate/descriptor.ts";
import { healthVeterinaryCertificate } from "./types/health-veterinary-certificate/descriptor.ts";
import { certificateOfAnalysis } from "./types/certificate-of-analysis/descriptor.ts";

export const DESCRIPTORS: readonly DocumentTypeDescriptor[] = [
  commercialInvoice,
  packingList,
  billOfLading,
  certificateOfOrigin,
  proformaInvoice,
  dangerousGoodsDeclaration,
  airWaybill,
  shippersLetterOfInstruction,
  vgmDeclaration,
  insuranceCertificate,
  eur1MovementCertificate,
  usmcaCertificateOfOrigin,
  statementOnOrigin,
  phytosanitaryCertificate,
  healthVeterinaryCertificate,
  certificateOfAnalysis,
];

/** The descriptor of each type; loading fails when a descriptor names another type than its folder's. */
export const DESCRIPTOR_OF: Readonly<Record<DocumentType, DocumentTypeDescriptor>> = (() => {
  const wrong = DESCRIPTORS.filter((d, i) => d.type !== DOCUMENT_TYPES[i]).map((d) => d.type);
  if (wrong.length > 0) throw new Error(`Document-type registry: descriptors of the wrong type: ${wrong.join(", ")}`);
  return Object.fromEntries(DESCRIPTORS.map((d) => [d.type, d])) as Record<DocumentType, DocumentTypeDescriptor>;
})();

/** The layout of each type (what the renderer of shared/documents draws). */
const layoutOf = (d: DocumentTypeDescriptor): [DocumentType, Layout] => [d.type, d.layout];
export const LAYOUTS = Object.fromEntries(DESCRIPTORS.map(layoutOf)) as Readonly<Record<DocumentType, Layout>>;
