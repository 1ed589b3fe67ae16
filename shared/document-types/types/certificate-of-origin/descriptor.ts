/** Non-preferential certificate of origin. */
import { type DocumentTypeDescriptor, party } from "../../descriptor.ts";
import { certificateOfOrigin as layout } from "./layout.ts";
import { certificateOfOriginIdentity } from "./identity.ts";

export const certificateOfOrigin: DocumentTypeDescriptor = {
  type: certificateOfOriginIdentity.type,
  layout,
  required: [...party("exporter", "Exporter"), ...party("importer", "Consignee"), ["route.origin_country", "Country of origin", "route"]],
  recommended: [],
  rules: [
    { id: "rule_doc_coo_origin_per_item", severity: "error", description: "Each line item has origin_country", check: "cooOriginPerItem" },
  ],
  sample: {
    coo_data: {
      certificate_number: "PL/ŁÓDŹ/2025/004417",
      issuing_body: "Regionalna Izba Gospodarcza w Łodzi (Chamber of Commerce)",
    },
  },
};
