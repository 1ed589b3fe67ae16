/** This type's identity (../../identity.ts): its name, header title and the data blocks only it owns. */
import { defineIdentity } from "../../identity.ts";
import { block, text } from "../../../trade/shipment-fields.ts";

export const billOfLadingIdentity = defineIdentity({
  type: "BILL_OF_LADING",
  title: "Bill of Lading",
  data: {
    bl_data: block({ bl_number: text, freight_payment: text, place_of_delivery: text }),
  },
});
