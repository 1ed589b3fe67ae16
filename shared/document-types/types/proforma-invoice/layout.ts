/**
 * Proforma invoice: same data elements as the commercial invoice (seller, buyer, terms, goods, totals)
 * plus the proforma number, validity and payment terms; marked as not a demand for payment.
 */
import { invoiceLayout } from "../commercial-invoice/layout.ts";

export const proformaInvoice = invoiceLayout("proforma");
