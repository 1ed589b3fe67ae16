/** Statement on origin; it shares the EUR.1's destination / origin condition and the sample's preferential_origin block. */
import type { DocumentTypeDescriptor } from "../../descriptor.ts";
import { preferentialZoneConditions } from "../preferential-zone.ts";
import { statementOnOrigin as layout } from "./layout.ts";
import { statementOnOriginIdentity } from "./identity.ts";

export const statementOnOrigin: DocumentTypeDescriptor = {
  type: statementOnOriginIdentity.type,
  layout,
  required: [],
  recommended: [["preferential_origin.agreement_name", "Preferential agreement", "compliance"]],
  conditions: preferentialZoneConditions,
};
