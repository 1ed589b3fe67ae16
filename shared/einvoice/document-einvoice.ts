/**
 * Which generated documents are e-invoices, and their invoice: a final COMMERCIAL_INVOICE or
 * PROFORMA_INVOICE (UNTDID 1001 code 380 / 325) whose shipment holds every business term EN 16931 needs.
 * A draft is not one: its blanks are filled later, by hand, where the XML cannot follow.
 * Computed from the generation job's stored input, so the PDF, the XML routes and the dashboard agree.
 */
import type { EInvoice } from "./einvoice-model.ts";
import { type InvoiceKind, mapShipmentToEInvoice } from "./map-shipment.ts";

export const EINVOICE_DOCUMENT_KINDS: Readonly<Record<string, InvoiceKind>> = {
  COMMERCIAL_INVOICE: "commercial",
  PROFORMA_INVOICE: "proforma",
};

export interface EInvoiceSource {
  documentType: string;
  shipment: unknown;
  finalDoc: boolean;
  /** The generation time: the issue date (BT-2) when the shipment gives none, as on the page. */
  generatedAt: Date;
}

export function eInvoiceOfDocument(source: EInvoiceSource): EInvoice | null {
  const kind = EINVOICE_DOCUMENT_KINDS[source.documentType];
  if (!kind || !source.finalDoc) return null;
  const mapping = mapShipmentToEInvoice(source.shipment, { kind, issueDate: source.generatedAt });
  return mapping.applicable ? mapping.invoice : null;
}
