/** This type's identity (../../identity.ts): its name, header title and the data blocks only it owns. */
import { defineIdentity } from "../../identity.ts";
import { block, text } from "../../../trade/shipment-fields.ts";

export const commercialInvoiceIdentity = defineIdentity({
  type: "COMMERCIAL_INVOICE",
  title: "Commercial Invoice",
  data: {
    // Printed on the commercial and proforma invoices, referenced by the origin documents.
    invoice_data: block({ invoice_number: text, invoice_date: text }),
  },
});
