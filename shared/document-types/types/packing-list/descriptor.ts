/** Packing list. */
import { type DocumentTypeDescriptor, party } from "../../descriptor.ts";
import { packingList as layout } from "./layout.ts";
import { packingListIdentity } from "./identity.ts";

export const packingList: DocumentTypeDescriptor = {
  type: packingListIdentity.type,
  layout,
  required: [
    ...party("exporter", "Exporter"),
    ...party("importer", "Importer"),
    ["packaging.total_packages", "Total packages", "logistics"],
  ],
  recommended: [
    ["packaging.total_gross_weight_kg", "Total gross weight (kg)", "logistics"],
    ["goods.line_items.*.net_weight_kg", "Net weight per line item (kg)", "goods"],
  ],
};
