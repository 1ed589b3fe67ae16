/** Dangerous goods declaration; its hazardous-item condition is coded in ../../field-requirements.ts. */
import { type DocumentTypeDescriptor, field } from "../../descriptor.ts";
import { dangerousGoodsDeclaration as layout } from "./layout.ts";
import { dangerousGoodsDeclarationIdentity } from "./identity.ts";

export const dangerousGoodsDeclaration: DocumentTypeDescriptor = {
  type: dangerousGoodsDeclarationIdentity.type,
  layout,
  required: [["hazardous_shipment.emergency_contact", "24-hour emergency contact", "compliance", "precheck"]],
  recommended: [
    ["hazardous_shipment.transport_regulation", "Transport regulation (IMDG, IATA DGR, ADR …)", "compliance"],
    ["hazardous_shipment.handling_instructions", "Additional handling information", "compliance"],
  ],
  conditions: [
    ["goods.line_items.*.compliance_flags", "Dangerous goods flag (dgd) on at least one line item", "goods", "condition"],
    ["goods.line_items.*.un_number", "UN number of each hazardous line item", "goods", "condition"],
    ["goods.line_items.*.hazard_class", "Hazard class of each hazardous line item", "goods", "condition"],
  ],
  formFields: [field("hazardous_shipment.emergency_contact", "24-hour emergency contact", "compliance")],
  rules: [
    {
      id: "rule_doc_dgd_un_classification",
      severity: "error",
      description:
        "At least one hazardous item (is_hazardous or compliance_flags has dgd); each has a UN number, hazard class and packing group I/II/III (none needed for classes 1, 2, 7 and divisions 5.2, 6.2)",
      check: "dgdUnClassification",
    },
  ],
  sample: {
    hazardous_shipment: {
      emergency_contact: "+48 42 123 45 67 (24 h, Jan Kowalski, Dangerous Goods Safety Adviser)",
      transport_regulation: "IMDG Code, Amendment 42-24",
      handling_instructions: "Keep away from heat sources. Stow under deck, protected from damage.",
    },
  },
};
