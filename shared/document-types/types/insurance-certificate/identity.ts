/** This type's identity (../../identity.ts): its name, header title and the data blocks only it owns. */
import { defineIdentity } from "../../identity.ts";
import { block, text } from "../../../trade/shipment-fields.ts";

export const insuranceCertificateIdentity = defineIdentity({
  type: "INSURANCE_CERTIFICATE",
  title: "Certificate of Insurance",
  data: {
    insurance_data: block({ insurance_company: text, policy_number: text, coverage_type: text, claims_agent: text }),
  },
});
