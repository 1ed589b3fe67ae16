/** Proforma invoice (its e-invoice rule is the commercial invoice's). */
import { type DocumentTypeDescriptor, field, party } from "../../descriptor.ts";
import { proformaInvoice as layout } from "./layout.ts";
import { proformaInvoiceIdentity } from "./identity.ts";

export const proformaInvoice: DocumentTypeDescriptor = {
  type: proformaInvoiceIdentity.type,
  layout,
  required: [...party("exporter", "Exporter"), ...party("importer", "Importer"), ["goods.currency", "Currency", "goods"]],
  recommended: [],
  // Printed when present; not in the spec's requirements table.
  formFields: [
    field("proforma_data.proforma_number", "Proforma invoice number", "goods"),
    field("proforma_data.proforma_date", "Proforma invoice date (YYYY-MM-DD)", "goods"),
  ],
  sample: {
    proforma_data: {
      proforma_number: "PF/2025/02/0042",
      buyer_reference: "RFQ-2025-0117",
      payment_terms: "30 % advance, balance against B/L copy",
      valid_until: "2025-04-30",
    },
  },
};
