/** This type's identity (../../identity.ts): its name and header title; it owns no data block. */
import { defineIdentity } from "../../identity.ts";

export const packingListIdentity = defineIdentity({
  type: "PACKING_LIST",
  title: "Packing List",
});
