/** Commercial invoice: the EN 16931 terms rule also covers the proforma invoice. */
import { type DocumentTypeDescriptor, field, party } from "../../descriptor.ts";
import { commercialInvoice as layout } from "./layout.ts";
import { commercialInvoiceIdentity } from "./identity.ts";

export const commercialInvoice: DocumentTypeDescriptor = {
  type: commercialInvoiceIdentity.type,
  layout,
  required: [
    ...party("exporter", "Exporter"),
    ...party("importer", "Importer"),
    ["route.origin_country", "Country of origin", "route"],
    ["route.destination_country", "Country of destination", "route"],
    ["goods.currency", "Currency", "goods"],
    ["goods.total_value", "Total invoice value", "goods"],
  ],
  recommended: [
    ["route.port_of_loading", "Port of loading", "route"],
    ["route.port_of_discharge", "Port of discharge", "route"],
    ["route.vessel_name", "Vessel / flight", "route"],
  ],
  // Printed when present; not in the spec's requirements table.
  formFields: [
    field("invoice_data.invoice_number", "Invoice number", "goods"),
    field("invoice_data.invoice_date", "Invoice date (YYYY-MM-DD)", "goods"),
  ],
  rules: [
    {
      id: "rule_doc_einvoice_terms",
      severity: "warning",
      documents: ["COMMERCIAL_INVOICE", "PROFORMA_INVOICE"],
      description:
        "Exporter in the EU: every EN 16931 business term the e-invoice needs is present (one warning per missing BT; without them the invoice is a PDF without Factur-X XML; docs/einvoice.md)",
      check: "einvoiceTerms",
    },
  ],
  sample: {
    invoice_data: {
      invoice_number: "FV/2025/03/0117",
      payment_terms: "30 days net, bank transfer",
      buyer_reference: "PO-4500987123",
    },
  },
};
