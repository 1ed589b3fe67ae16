/** This type's identity (../../identity.ts): its name, header title and the data blocks only it owns. */
import { defineIdentity } from "../../identity.ts";
import { block, text } from "../../../trade/shipment-fields.ts";

export const proformaInvoiceIdentity = defineIdentity({
  type: "PROFORMA_INVOICE",
  title: "Proforma Invoice",
  data: {
    proforma_data: block({ proforma_number: text, proforma_date: text }),
  },
});
