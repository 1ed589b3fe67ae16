import { defineErrorCodes } from "../errors/error-code.ts";

/** Error codes of e-invoices. */
export const EINVOICE_ERRORS = defineErrorCodes({
  SVC_DOC_006: {
    status: 404,
    meaning:
      "the document is not an e-invoice: not a final COMMERCIAL_INVOICE / PROFORMA_INVOICE, its seller is outside the EU, or its shipment lacks an EN 16931 business term (rule_doc_einvoice_terms)",
  },
});
