/** This type's identity (../../identity.ts): its name, header title and the data blocks only it owns. */
import { defineIdentity } from "../../identity.ts";
import { block, text } from "../../../trade/shipment-fields.ts";

export const phytosanitaryCertificateIdentity = defineIdentity({
  type: "PHYTOSANITARY_CERTIFICATE",
  title: "Phytosanitary Certificate",
  data: {
    phytosanitary_data: block({ issuing_authority: text }),
  },
});
