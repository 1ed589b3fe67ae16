/** This type's identity (../../identity.ts): its name and header title; it owns no data block. */
import { defineIdentity } from "../../identity.ts";

export const statementOnOriginIdentity = defineIdentity({
  type: "STATEMENT_ON_ORIGIN",
  title: "Statement on Origin",
});
