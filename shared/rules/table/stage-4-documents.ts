/** Stage 4 of the rule table (../rule-table.ts): document-specific rules, run only for the requested document types. In report order. */
import type { RuleDefinition } from "../rule-types.ts";
import { CATEGORIES as C, rule } from "./define-rule.ts";
import { einvoiceTerms } from "../checks/einvoice.ts";
import * as required from "../checks/required.ts";
import * as documents from "../checks/documents.ts";

export const STAGE_4_RULES: readonly RuleDefinition[] = [
  rule(
    {
      id: "rule_doc_bl_sea_only",
      category: C.document,
      severity: "error",
      stage: 4,
      reads: ["port_codes"],
      documents: ["BILL_OF_LADING"],
      description:
        "Transport mode sea, or multimodal with a sea leg (a route.legs[] entry with mode sea, or a port of loading/discharge with the UN/LOCODE seaport function)",
    },
    documents.blSeaOnly,
  ),
  rule(
    {
      id: "rule_doc_awb_air_only",
      category: C.document,
      severity: "error",
      stage: 4,
      documents: ["AIR_WAYBILL"],
      description: "Transport mode air",
    },
    documents.awbAirOnly,
  ),
  rule(
    {
      id: "rule_doc_coo_origin_per_item",
      category: C.document,
      severity: "error",
      stage: 4,
      documents: ["CERTIFICATE_OF_ORIGIN"],
      description: "Each line item has origin_country",
    },
    required.originPerItem("the certificate of origin certifies it per item"),
  ),
  rule(
    {
      id: "rule_doc_dgd_un_classification",
      category: C.document,
      severity: "error",
      stage: 4,
      documents: ["DANGEROUS_GOODS_DECLARATION"],
      description:
        "At least one hazardous item (is_hazardous or compliance_flags has dgd); each has a UN number, hazard class and packing group I/II/III (none needed for classes 1, 2, 7 and divisions 5.2, 6.2)",
    },
    documents.dgdUnClassification,
  ),
  rule(
    {
      id: "rule_doc_vgm_sea_container",
      category: C.document,
      severity: "error",
      stage: 4,
      documents: ["VGM_DECLARATION"],
      description: "Transport mode sea and packaging.containers non-empty",
    },
    documents.vgmSeaContainer,
  ),
  rule(
    {
      id: "rule_doc_vgm_method_valid",
      category: C.document,
      severity: "error",
      stage: 4,
      documents: ["VGM_DECLARATION"],
      description:
        "vgm_data.weighing_method is 1 or 2 (number or string); absent: a warning (a field of the spec's soft-warning table, see docs/generation.md), present and invalid: an error",
    },
    documents.vgmMethodValid,
  ),
  rule(
    {
      id: "rule_doc_eur1_agreement",
      category: C.document,
      severity: "error",
      stage: 4,
      documents: ["EUR1_MOVEMENT_CERTIFICATE"],
      description: "preferential_origin.agreement_name set",
    },
    documents.eur1Agreement,
  ),
  rule(
    {
      id: "rule_doc_usmca_parties",
      category: C.document,
      severity: "error",
      stage: 4,
      documents: ["USMCA_CERTIFICATE_OF_ORIGIN"],
      description: "At least one of exporter, importer, notify party in US, MX or CA",
    },
    documents.usmcaParties,
  ),
  rule(
    {
      id: "rule_doc_phyto_botanical",
      category: C.document,
      severity: "error",
      stage: 4,
      documents: ["PHYTOSANITARY_CERTIFICATE"],
      description: "Each plant product (HS chapter 06-14, or compliance_flags has phyto) has a botanical_name",
    },
    documents.phytoBotanical,
  ),
  rule(
    {
      id: "rule_doc_health_vet_authority",
      category: C.document,
      severity: "error",
      stage: 4,
      documents: ["HEALTH_VETERINARY_CERTIFICATE"],
      description: "veterinary_data.competent_authority and veterinary_data.inspection_date present",
    },
    documents.healthVetAuthority,
  ),
  rule(
    {
      id: "rule_doc_coa_test_results",
      category: C.document,
      severity: "error",
      stage: 4,
      documents: ["CERTIFICATE_OF_ANALYSIS"],
      description: "analysis_data.test_results has at least one non-empty row",
    },
    documents.coaTestResults,
  ),
  rule(
    {
      id: "rule_doc_einvoice_terms",
      category: C.document,
      severity: "warning",
      stage: 4,
      documents: ["COMMERCIAL_INVOICE", "PROFORMA_INVOICE"],
      description:
        "Exporter in the EU: every EN 16931 business term the e-invoice needs is present (one warning per missing BT; without them the invoice is a PDF without Factur-X XML; docs/einvoice.md)",
    },
    einvoiceTerms,
  ),
];
