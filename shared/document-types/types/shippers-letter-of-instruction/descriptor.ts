/** Shipper's letter of instruction. */
import type { DocumentTypeDescriptor } from "../../descriptor.ts";
import { shippersLetterOfInstruction as layout } from "./layout.ts";
import { shippersLetterOfInstructionIdentity } from "./identity.ts";

export const shippersLetterOfInstruction: DocumentTypeDescriptor = {
  type: shippersLetterOfInstructionIdentity.type,
  layout,
  required: [["exporter.name", "Exporter (USPPI) name", "parties"]],
  recommended: [
    ["sli_data.forwarding_agent_name", "Forwarding agent", "logistics", "warn"],
    ["sli_data.eei_filing", "EEI filing", "logistics", "warn"],
    ["sli_data.freight_payment", "Freight (prepaid or collect)", "logistics"],
    ["sli_data.consignee_type", "Ultimate consignee type", "parties"],
  ],
  sample: {
    sli_data: {
      forwarding_agent_name: "Spedycja Bałtyk Sp. z o.o., Gdynia",
      eei_filing: "Forwarder to file the export declaration (ECS / AES)",
      freight_payment: "PREPAID",
      consignee_type: "Reseller",
      related_party: false,
      routed_export: false,
      instructions: "Please book on the first available sailing. Battery pallets need DG acceptance.",
    },
  },
};
