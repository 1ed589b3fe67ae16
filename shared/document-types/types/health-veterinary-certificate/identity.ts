/** This type's identity (../../identity.ts): its name, header title and the data blocks only it owns. */
import { defineIdentity } from "../../identity.ts";
import { block, text } from "../../../trade/shipment-fields.ts";

export const healthVeterinaryCertificateIdentity = defineIdentity({
  type: "HEALTH_VETERINARY_CERTIFICATE",
  title: "Health / Veterinary Certificate",
  data: {
    veterinary_data: block({ competent_authority: text, establishment_number: text }),
  },
});
