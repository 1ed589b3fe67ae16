/** Movement certificate EUR.1; its destination / origin condition is coded in ../../field-requirements.ts. */
import type { DocumentTypeDescriptor } from "../../descriptor.ts";
import { preferentialZoneConditions } from "../preferential-zone.ts";
import { eur1MovementCertificate as layout } from "./layout.ts";
import { eur1MovementCertificateIdentity } from "./identity.ts";

export const eur1MovementCertificate: DocumentTypeDescriptor = {
  type: eur1MovementCertificateIdentity.type,
  layout,
  required: [],
  recommended: [["preferential_origin.agreement_name", "Preferential agreement", "compliance"]],
  conditions: preferentialZoneConditions,
  rules: [
    { id: "rule_doc_eur1_agreement", severity: "error", description: "preferential_origin.agreement_name set", check: "eur1Agreement" },
  ],
  sample: {
    preferential_origin: {
      agreement_name: "EU–Switzerland Free Trade Agreement (PEM rules of origin)",
      rex_number: "PLREXPL7251234567",
      certificate_number: "A 0417735",
    },
  },
};
