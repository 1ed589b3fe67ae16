/** Certificate of insurance. */
import type { DocumentTypeDescriptor } from "../../descriptor.ts";
import { insuranceCertificate as layout } from "./layout.ts";
import { insuranceCertificateIdentity } from "./identity.ts";

export const insuranceCertificate: DocumentTypeDescriptor = {
  type: insuranceCertificateIdentity.type,
  layout,
  required: [],
  recommended: [
    ["insurance_data.insurance_company", "Insurance company", "logistics", "warn"],
    ["insurance_data.policy_number", "Policy number", "logistics", "warn"],
    ["insurance_data.coverage_type", "Coverage (conditions)", "logistics", "warn"],
    ["insurance_data.claims_agent", "Claims agent", "logistics", "warn"],
    ["insurance_data.deductible", "Deductible", "logistics"],
  ],
  sample: {
    insurance_data: {
      insurance_company: "Towarzystwo Ubezpieczeń Żagiel S.A.",
      policy_number: "CARGO/2025/000417",
      certificate_number: "CI-2025-0311-01",
      coverage_type: "Institute Cargo Clauses (A) 1/1/2009, War and Strikes Clauses",
      claims_agent: "Lloyd's Agency Hamburg, Große Elbstraße 145, 22767 Hamburg",
      deductible: "EUR 500 per claim",
      insured_value: 58674,
    },
  },
};
