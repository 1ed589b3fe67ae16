/** The layout of each document type (one module per type). */
import type { DocumentType } from "../../trade/document-types.ts";
import type { Layout } from "./common.ts";
import { commercialInvoice } from "./commercial-invoice.ts";
import { packingList } from "./packing-list.ts";
import { billOfLading } from "./bill-of-lading.ts";
import { certificateOfOrigin } from "./certificate-of-origin.ts";
import { proformaInvoice } from "./proforma-invoice.ts";
import { dangerousGoodsDeclaration } from "./dangerous-goods-declaration.ts";
import { airWaybill } from "./air-waybill.ts";
import { shippersLetterOfInstruction } from "./shippers-letter-of-instruction.ts";
import { vgmDeclaration } from "./vgm-declaration.ts";
import { insuranceCertificate } from "./insurance-certificate.ts";
import { eur1MovementCertificate } from "./eur1-movement-certificate.ts";
import { usmcaCertificateOfOrigin } from "./usmca-certificate-of-origin.ts";
import { statementOnOrigin } from "./statement-on-origin.ts";
import { phytosanitaryCertificate } from "./phytosanitary-certificate.ts";
import { healthVeterinaryCertificate } from "./health-veterinary-certificate.ts";
import { certificateOfAnalysis } from "./certificate-of-analysis.ts";

export const LAYOUTS: Readonly<Record<DocumentType, Layout>> = {
  COMMERCIAL_INVOICE: commercialInvoice,
  PACKING_LIST: packingList,
  BILL_OF_LADING: billOfLading,
  CERTIFICATE_OF_ORIGIN: certificateOfOrigin,
  PROFORMA_INVOICE: proformaInvoice,
  DANGEROUS_GOODS_DECLARATION: dangerousGoodsDeclaration,
  AIR_WAYBILL: airWaybill,
  SHIPPERS_LETTER_OF_INSTRUCTION: shippersLetterOfInstruction,
  VGM_DECLARATION: vgmDeclaration,
  INSURANCE_CERTIFICATE: insuranceCertificate,
  EUR1_MOVEMENT_CERTIFICATE: eur1MovementCertificate,
  USMCA_CERTIFICATE_OF_ORIGIN: usmcaCertificateOfOrigin,
  STATEMENT_ON_ORIGIN: statementOnOrigin,
  PHYTOSANITARY_CERTIFICATE: phytosanitaryCertificate,
  HEALTH_VETERINARY_CERTIFICATE: healthVeterinaryCertificate,
  CERTIFICATE_OF_ANALYSIS: certificateOfAnalysis,
};
