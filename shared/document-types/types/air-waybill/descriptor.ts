/** Air waybill (air only). */
import { type DocumentTypeDescriptor, party } from "../../descriptor.ts";
import { airWaybill as layout } from "./layout.ts";
import { airWaybillIdentity } from "./identity.ts";

export const airWaybill: DocumentTypeDescriptor = {
  type: airWaybillIdentity.type,
  layout,
  required: [
    ...party("exporter", "Shipper"),
    ...party("importer", "Consignee"),
    ["route.port_of_loading", "Airport of departure", "route"],
    ["route.port_of_discharge", "Airport of destination", "route"],
  ],
  recommended: [
    ["awb_data.issuing_carrier", "Issuing carrier", "logistics", "warn"],
    ["awb_data.agent_name", "Issuing carrier's agent", "logistics", "warn"],
    ["awb_data.charge_code", "Charges code (CHGS)", "logistics"],
  ],
  rules: [{ id: "rule_doc_awb_air_only", severity: "error", description: "Transport mode air", check: "awbAirOnly" }],
  sample: {
    awb_data: {
      awb_number: "080-12345675",
      issuing_carrier: "LOT Polish Airlines Cargo",
      agent_name: "Spedycja Bałtyk Sp. z o.o., Gdańsk",
      agent_iata_code: "53-4 7123/0010",
      charge_code: "PP",
      accounting_information: "Freight prepaid — invoice FV/2025/03/0117",
      declared_value_carriage: "NVD",
      declared_value_customs: "NCV",
      insurance_amount: "XXX",
      sci: "X",
      rate_class: "Q",
      chargeable_weight_kg: 5860,
      rate: 2.35,
      weight_charge: 13771,
      total_charges: 13771,
      dimensions: "34 pallets, 120 × 80 × 160 cm",
      flight: "LO 379 / 12 Mar 2025",
      handling_information: "Dangerous goods as per attached Shipper's Declaration — Cargo aircraft only",
    },
  },
};
