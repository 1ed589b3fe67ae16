/** This type's identity (../../identity.ts): its name and header title; it owns no data block. */
import { defineIdentity } from "../../identity.ts";

export const certificateOfOriginIdentity = defineIdentity({
  type: "CERTIFICATE_OF_ORIGIN",
  title: "Certificate of Origin",
});
