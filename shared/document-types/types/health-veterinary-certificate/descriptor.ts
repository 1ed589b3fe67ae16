/** Health / veterinary certificate. */
import type { DocumentTypeDescriptor } from "../../descriptor.ts";
import { healthVeterinaryCertificate as layout } from "./layout.ts";
import { healthVeterinaryCertificateIdentity } from "./identity.ts";

export const healthVeterinaryCertificate: DocumentTypeDescriptor = {
  type: healthVeterinaryCertificateIdentity.type,
  layout,
  required: [
    ["veterinary_data.competent_authority", "Competent authority", "compliance", "precheck"],
    ["veterinary_data.establishment_number", "Establishment approval number", "compliance", "precheck"],
  ],
  recommended: [
    ["veterinary_data.inspector_name", "Official veterinarian / inspector", "compliance"],
    ["veterinary_data.inspection_date", "Inspection date", "compliance"],
    ["veterinary_data.attestation", "Health attestation", "compliance"],
  ],
  rules: [
    {
      id: "rule_doc_health_vet_authority",
      severity: "error",
      description: "veterinary_data.competent_authority and veterinary_data.inspection_date present",
      check: "healthVetAuthority",
    },
  ],
  sample: {
    veterinary_data: {
      competent_authority: "Główny Lekarz Weterynarii, Warszawa (PL)",
      local_authority: "Powiatowy Lekarz Weterynarii w Łodzi",
      establishment_number: "PL 10611801 WE",
      certificate_number: "PL/VET/2025/001973",
      inspector_name: "lek. wet. Tomasz Żółkiewski",
      inspection_date: "2025-03-09",
      attestation:
        "The products described above were produced in an approved establishment under official veterinary supervision and are fit for human consumption.",
      certified_for: "Human consumption",
      border_control_post: "BCP Hamburg Port (DEHAM4)",
    },
  },
};
