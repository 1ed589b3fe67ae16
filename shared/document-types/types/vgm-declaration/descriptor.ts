/** Verified gross mass declaration (SOLAS). */
import { type DocumentTypeDescriptor, field } from "../../descriptor.ts";
import { vgmDeclaration as layout } from "./layout.ts";
import { vgmDeclarationIdentity } from "./identity.ts";

export const vgmDeclaration: DocumentTypeDescriptor = {
  type: vgmDeclarationIdentity.type,
  layout,
  required: [
    ["exporter.name", "Shipper name", "parties"],
    ["packaging.containers.*.container_number", "Container number", "logistics"],
  ],
  recommended: [
    ["vgm_data.weighing_method", "Weighing method (1 or 2)", "logistics", "warn"],
    ["vgm_data.weighing_station", "Weighing station", "logistics", "warn"],
    ["vgm_data.weighing_date", "Date of weighing", "logistics"],
    ["vgm_data.authorised_person", "Authorised person", "logistics", "warn"],
    ["vgm_data.booking_reference", "Booking reference", "logistics"],
  ],
  formFields: [field("vgm_data.weighing_method", "VGM weighing method", "logistics", "select", { options: ["1", "2"], numeric: true })],
  rules: [
    {
      id: "rule_doc_vgm_sea_container",
      severity: "error",
      description: "Transport mode sea and packaging.containers non-empty",
      check: "vgmSeaContainer",
    },
    {
      id: "rule_doc_vgm_method_valid",
      severity: "error",
      description:
        "vgm_data.weighing_method is 1 or 2 (number or string); absent: a warning (a field of the spec's soft-warning table, see docs/generation.md), present and invalid: an error",
      check: "vgmMethodValid",
    },
  ],
  sample: {
    vgm_data: {
      weighing_method: 2,
      authorised_person: "Katarzyna Wiśniewska",
      position: "Logistics manager",
      weighing_station: "DCT Gdańsk, weighbridge WB-2 (calibration cert. 44/2024)",
      weighing_date: "2025-03-10",
      booking_reference: "MSC-BKG-883201",
    },
  },
};
