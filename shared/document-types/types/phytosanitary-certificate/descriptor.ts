/** Phytosanitary certificate. */
import type { DocumentTypeDescriptor } from "../../descriptor.ts";
import { phytosanitaryCertificate as layout } from "./layout.ts";
import { phytosanitaryCertificateIdentity } from "./identity.ts";

export const phytosanitaryCertificate: DocumentTypeDescriptor = {
  type: phytosanitaryCertificateIdentity.type,
  layout,
  required: [["phytosanitary_data.issuing_authority", "Issuing plant protection organisation", "compliance", "precheck"]],
  recommended: [
    ["phytosanitary_data.place_of_origin", "Place of origin", "compliance"],
    ["phytosanitary_data.point_of_entry", "Declared point of entry", "compliance"],
    ["phytosanitary_data.treatment", "Disinfestation / disinfection treatment", "compliance"],
    ["phytosanitary_data.inspector_name", "Authorised officer", "compliance"],
  ],
  rules: [
    {
      id: "rule_doc_phyto_botanical",
      severity: "error",
      description: "Each plant product (HS chapter 06-14, or compliance_flags has phyto) has a botanical_name",
      check: "phytoBotanical",
    },
  ],
  sample: {
    phytosanitary_data: {
      issuing_authority: "Państwowa Inspekcja Ochrony Roślin i Nasiennictwa (PIORiN), Łódź",
      certificate_number: "PL/PHY/2025/0311/ŁD",
      place_of_origin: "Grójec, Mazowieckie, Poland",
      point_of_entry: "Hamburg (DEHAM)",
      treatment: "Heat treatment (HT)",
      treatment_date: "2025-03-05",
      chemical: "None",
      duration_and_temperature: "56 °C core temperature for 30 min",
      concentration: "Not applicable",
      additional_declaration: "The consignment was inspected and found free from Erwinia amylovora.",
      inspector_name: "inż. Agnieszka Dąbrowska",
    },
  },
};
