/** This type's identity (../../identity.ts): its name, header title and the data blocks only it owns. */
import { defineIdentity } from "../../identity.ts";
import { block, text } from "../../../trade/shipment-fields.ts";

export const dangerousGoodsDeclarationIdentity = defineIdentity({
  type: "DANGEROUS_GOODS_DECLARATION",
  title: "Dangerous Goods Declaration",
  data: {
    hazardous_shipment: block({ emergency_contact: text }),
  },
});
