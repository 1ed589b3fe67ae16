/** Certificate of analysis. */
import type { DocumentTypeDescriptor } from "../../descriptor.ts";
import { certificateOfAnalysis as layout } from "./layout.ts";
import { certificateOfAnalysisIdentity } from "./identity.ts";

export const certificateOfAnalysis: DocumentTypeDescriptor = {
  type: certificateOfAnalysisIdentity.type,
  layout,
  required: [
    ["analysis_data.batch_number", "Batch / lot number", "compliance", "precheck"],
    ["analysis_data.test_standard", "Test standard / method", "compliance", "precheck"],
  ],
  recommended: [
    ["analysis_data.product_name", "Product name", "compliance"],
    ["analysis_data.laboratory_name", "Laboratory", "compliance"],
    ["analysis_data.overall_result", "Overall result", "compliance"],
  ],
  rules: [
    {
      id: "rule_doc_coa_test_results",
      severity: "error",
      description: "analysis_data.test_results has at least one non-empty row",
      check: "coaTestResults",
    },
  ],
  sample: {
    analysis_data: {
      certificate_number: "CoA/2025/0311",
      batch_number: "DA-2025-0311",
      test_standard: "EN ISO/IEC 17025 accredited methods; Regulation (EU) 2023/915",
      laboratory_name: "Laboratorium Analityczne Łódź Sp. z o.o. (PCA accreditation AB 1234)",
      product_name: "Dried apple slices, organic",
      manufacture_date: "2025-02-20",
      expiry_date: "2026-02-20",
      sample_date: "2025-03-03",
      overall_result: "Conforms to specification",
      analyst: "mgr Ewa Szymańska",
      test_results: [
        { parameter: "Moisture", method: "ISO 1026", specification: "≤ 20.0", result: "17.8", unit: "%", conformity: "Pass" },
        {
          parameter: "Sulphur dioxide (SO₂)",
          method: "EN 1988-1",
          specification: "≤ 10",
          result: "< 10",
          unit: "mg/kg",
          conformity: "Pass",
        },
        { parameter: "Patulin", method: "EN 15890 (HPLC-UV)", specification: "≤ 25", result: "4.1", unit: "μg/kg", conformity: "Pass" },
        {
          parameter: "Pesticide residues (multi-residue screen)",
          method: "EN 15662 (QuEChERS, LC-MS/MS)",
          specification: "Not detected",
          result: "Not detected",
          unit: "—",
          conformity: "Pass",
        },
        {
          parameter: "Salmonella spp.",
          method: "EN ISO 6579-1",
          specification: "Absent in 25 g",
          result: "Absent",
          unit: "/25 g",
          conformity: "Pass",
        },
      ],
    },
  },
};
