/**
 * Stage 4 of the rule table (../rule-table.ts): document-specific rules, run only for the requested document
 * types. Each rule is declared, as data, by its document type's descriptor (shared/document-types, a tier
 * below rules, so the rule table can read it); this module binds each declaration's `check` name to its
 * function. The report order is the spec's rule table, then the project's own rules in the registry's order.
 */
import type { FindingCheck, RuleDefinition } from "../rule-types.ts";
import { CATEGORIES as C, rule } from "./define-rule.ts";
import { einvoiceTerms } from "../checks/einvoice.ts";
import * as required from "../checks/required.ts";
import * as documents from "../checks/documents.ts";
import { DESCRIPTORS } from "../../document-types/registry.ts";

/** The checks a descriptor's stage-4 rule can name. */
export const DOCUMENT_CHECKS: Readonly<Record<string, FindingCheck>> = {
  blSeaOnly: documents.blSeaOnly,
  awbAirOnly: documents.awbAirOnly,
  dgdUnClassification: documents.dgdUnClassification,
  vgmSeaContainer: documents.vgmSeaContainer,
  vgmMethodValid: documents.vgmMethodValid,
  eur1Agreement: documents.eur1Agreement,
  usmcaParties: documents.usmcaParties,
  phytoBotanical: documents.phytoBotanical,
  healthVetAuthority: documents.healthVetAuthority,
  coaTestResults: documents.coaTestResults,
  cooOriginPerItem: required.originPerItem("the certificate of origin certifies it per item"),
  einvoiceTerms,
};

/** The stage-4 rows of the spec's rule table, in its order: the report order of those rules. */
const SPEC_ORDER = [
  "rule_doc_bl_sea_only",
  "rule_doc_awb_air_only",
  "rule_doc_coo_origin_per_item",
  "rule_doc_dgd_un_classification",
  "rule_doc_vgm_sea_container",
  "rule_doc_vgm_method_valid",
  "rule_doc_eur1_agreement",
  "rule_doc_usmca_parties",
  "rule_doc_phyto_botanical",
  "rule_doc_health_vet_authority",
  "rule_doc_coa_test_results",
];
const rank = (id: string) => (SPEC_ORDER.includes(id) ? SPEC_ORDER.indexOf(id) : SPEC_ORDER.length);

export const STAGE_4_RULES: readonly RuleDefinition[] = DESCRIPTORS.flatMap((d) =>
  (d.rules ?? []).map(({ id, severity, reads, documents: triggers, description, check }) => {
    const fn = DOCUMENT_CHECKS[check];
    if (!fn) throw new Error(`${d.type}: rule ${id} names no check "${check}" (DOCUMENT_CHECKS)`);
    const where = { ...(reads ? { reads } : {}), documents: triggers ?? [d.type] };
    return rule({ id, category: C.document, severity, stage: 4, ...where, description }, fn);
  }),
).sort((a, b) => rank(a.id) - rank(b.id));
