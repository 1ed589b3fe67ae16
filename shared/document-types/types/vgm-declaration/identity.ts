/** This type's identity (../../identity.ts): its name, header title and the data blocks only it owns. */
import { z } from "zod";
import { defineIdentity } from "../../identity.ts";
import { block, text } from "../../../trade/shipment-fields.ts";

export const vgmDeclarationIdentity = defineIdentity({
  type: "VGM_DECLARATION",
  title: "Verified Gross Mass (VGM) Declaration",
  data: {
    vgm_data: block({ weighing_method: z.union([z.number(), z.string()]).nullish(), authorised_person: text, weighing_station: text }),
  },
});
