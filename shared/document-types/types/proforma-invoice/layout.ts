/**
 * Proforma invoice: same data elements as the commercial invoice (seller, buyer, terms, goods, totals)
 * plus the proforma number, validity and payment terms; marked as not a demand for payment.
 */
import type { DocumentModel } from "../../../documents/page-kit/model.ts";
import type { LayoutInput } from "../../../documents/layouts/common.ts";
import { invoiceModel } from "../commercial-invoice/layout.ts";

export const proformaInvoice = (input: LayoutInput): DocumentModel => invoiceModel(input, "proforma");
