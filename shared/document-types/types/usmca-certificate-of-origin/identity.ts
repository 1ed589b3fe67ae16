/** This type's identity (../../identity.ts): its name and header title; it owns no data block. */
import { defineIdentity } from "../../identity.ts";

export const usmcaCertificateOfOriginIdentity = defineIdentity({
  type: "USMCA_CERTIFICATE_OF_ORIGIN",
  title: "USMCA / CUSMA / T-MEC Certification of Origin",
});
