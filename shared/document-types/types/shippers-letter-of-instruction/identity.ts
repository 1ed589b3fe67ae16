/** This type's identity (../../identity.ts): its name, header title and the data blocks only it owns. */
import { z } from "zod";
import { defineIdentity } from "../../identity.ts";
import { block, text } from "../../../trade/shipment-fields.ts";

export const shippersLetterOfInstructionIdentity = defineIdentity({
  type: "SHIPPERS_LETTER_OF_INSTRUCTION",
  title: "Shipper's Letter of Instruction",
  data: {
    sli_data: block({ forwarding_agent_name: text, eei_filing: z.union([z.string(), z.boolean()]).nullish() }),
  },
});
