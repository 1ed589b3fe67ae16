/**
 * Proforma invoice: same data elements as the commercial invoice (seller, buyer, terms, goods, totals)
 * plus the proforma number, validity and payment terms; marked as not a demand for payment.
 */
import type { DocumentModel } from "../page-kit/model.ts";
import type { LayoutInput } from "./common.ts";
import { invoiceModel } from "./commercial-invoice.ts";

export const proformaInvoice = (input: LayoutInput): DocumentModel => invoiceModel(input, "proforma");
