/** This type's identity (../../identity.ts): its name, header title and the data blocks only it owns. */
import { defineIdentity } from "../../identity.ts";
import { block, text } from "../../../trade/shipment-fields.ts";

export const certificateOfAnalysisIdentity = defineIdentity({
  type: "CERTIFICATE_OF_ANALYSIS",
  title: "Certificate of Analysis",
  data: {
    analysis_data: block({ batch_number: text, test_standard: text }),
  },
});
