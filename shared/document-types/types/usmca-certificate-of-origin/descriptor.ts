/** USMCA certification of origin; its destination condition is coded in ../../field-requirements.ts. */
import type { DocumentTypeDescriptor } from "../../descriptor.ts";
import { usmcaCertificateOfOrigin as layout } from "./layout.ts";
import { usmcaCertificateOfOriginIdentity } from "./identity.ts";

export const usmcaCertificateOfOrigin: DocumentTypeDescriptor = {
  type: usmcaCertificateOfOriginIdentity.type,
  layout,
  required: [],
  recommended: [
    ["usmca_data.producer_name", "Producer name", "parties"],
    ["usmca_data.certifier_type", "Certifier (importer, exporter or producer)", "parties"],
  ],
  conditions: [["route.destination_country", "Country of destination (US, CA or MX)", "route", "condition"]],
  rules: [
    {
      id: "rule_doc_usmca_parties",
      severity: "error",
      description: "At least one of exporter, importer, notify party in US, MX or CA",
      check: "usmcaParties",
    },
  ],
  sample: {
    usmca_data: {
      certifier_type: "EXPORTER",
      producer_name: "Same as exporter",
      blanket_period_from: "2025-01-01",
      blanket_period_to: "2025-12-31",
      certifier_name: "Katarzyna Wiśniewska",
      certifier_title: "Export Compliance Manager",
    },
  },
};
