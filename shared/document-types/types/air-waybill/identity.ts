/** This type's identity (../../identity.ts): its name, header title and the data blocks only it owns. */
import { defineIdentity } from "../../identity.ts";
import { block, text } from "../../../trade/shipment-fields.ts";

export const airWaybillIdentity = defineIdentity({
  type: "AIR_WAYBILL",
  title: "Air Waybill",
  data: {
    awb_data: block({ issuing_carrier: text, agent_name: text }),
  },
});
