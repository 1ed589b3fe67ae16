/** Bill of lading (sea only). */
import { type DocumentTypeDescriptor, field, party } from "../../descriptor.ts";
import { billOfLading as layout } from "./layout.ts";
import { billOfLadingIdentity } from "./identity.ts";

export const billOfLading: DocumentTypeDescriptor = {
  type: billOfLadingIdentity.type,
  layout,
  required: [
    ...party("exporter", "Shipper"),
    ...party("importer", "Consignee"),
    ["route.port_of_loading", "Port of loading", "route"],
    ["route.port_of_discharge", "Port of discharge", "route"],
    ["route.vessel_name", "Vessel", "route"],
  ],
  recommended: [
    ["bl_data.freight_payment", "Freight payment (PREPAID or COLLECT)", "logistics", "warn"],
    ["bl_data.place_of_delivery", "Place of delivery", "logistics", "warn"],
    ["packaging.containers.*.container_number", "Container number", "logistics"],
    ["packaging.containers.*.seal_number", "Seal number", "logistics"],
  ],
  formFields: [field("bl_data.bl_number", "B/L number", "logistics")],
  rules: [
    {
      id: "rule_doc_bl_sea_only",
      severity: "error",
      reads: ["port_codes"],
      description:
        "Transport mode sea, or multimodal with a sea leg (a route.legs[] entry with mode sea, or a port of loading/discharge with the UN/LOCODE seaport function)",
      check: "blSeaOnly",
    },
  ],
  sample: {
    bl_data: {
      bl_number: "MEDUPL123456",
      freight_payment: "PREPAID",
      place_of_delivery: "Hamburg, Container Terminal Burchardkai",
      number_of_originals: 3,
      booking_reference: "MSC-BKG-883201",
    },
  },
};
