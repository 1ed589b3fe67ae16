/**
 * The 16 document types the service generates (spec: generate-documents), in the spec's order, with the
 * title printed in each document's header.
 */

export const DOCUMENT_TYPES = [
  "COMMERCIAL_INVOICE",
  "PACKING_LIST",
  "BILL_OF_LADING",
  "CERTIFICATE_OF_ORIGIN",
  "PROFORMA_INVOICE",
  "DANGEROUS_GOODS_DECLARATION",
  "AIR_WAYBILL",
  "SHIPPERS_LETTER_OF_INSTRUCTION",
  "VGM_DECLARATION",
  "INSURANCE_CERTIFICATE",
  "EUR1_MOVEMENT_CERTIFICATE",
  "USMCA_CERTIFICATE_OF_ORIGIN",
  "STATEMENT_ON_ORIGIN",
  "PHYTOSANITARY_CERTIFICATE",
  "HEALTH_VETERINARY_CERTIFICATE",
  "CERTIFICATE_OF_ANALYSIS",
] as const;

export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_TITLES: Readonly<Record<DocumentType, string>> = {
  COMMERCIAL_INVOICE: "Commercial Invoice",
  PACKING_LIST: "Packing List",
  BILL_OF_LADING: "Bill of Lading",
  CERTIFICATE_OF_ORIGIN: "Certificate of Origin",
  PROFORMA_INVOICE: "Proforma Invoice",
  DANGEROUS_GOODS_DECLARATION: "Dangerous Goods Declaration",
  AIR_WAYBILL: "Air Waybill",
  SHIPPERS_LETTER_OF_INSTRUCTION: "Shipper's Letter of Instruction",
  VGM_DECLARATION: "Verified Gross Mass (VGM) Declaration",
  INSURANCE_CERTIFICATE: "Certificate of Insurance",
  EUR1_MOVEMENT_CERTIFICATE: "Movement Certificate EUR.1",
  USMCA_CERTIFICATE_OF_ORIGIN: "USMCA / CUSMA / T-MEC Certification of Origin",
  STATEMENT_ON_ORIGIN: "Statement on Origin",
  PHYTOSANITARY_CERTIFICATE: "Phytosanitary Certificate",
  HEALTH_VETERINARY_CERTIFICATE: "Health / Veterinary Certificate",
  CERTIFICATE_OF_ANALYSIS: "Certificate of Analysis",
};

const TYPE_SET: ReadonlySet<string> = new Set(DOCUMENT_TYPES);

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === "string" && TYPE_SET.has(value);
}
