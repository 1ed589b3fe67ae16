/** This type's identity (../../identity.ts): its name and header title; it owns no data block. */
import { defineIdentity } from "../../identity.ts";

export const eur1MovementCertificateIdentity = defineIdentity({
  type: "EUR1_MOVEMENT_CERTIFICATE",
  title: "Movement Certificate EUR.1",
});
