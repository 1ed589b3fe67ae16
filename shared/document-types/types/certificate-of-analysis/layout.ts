/**
 * Certificate of analysis: issuing laboratory and accreditation, certificate number, manufacturer /
 * exporter, customer, product, batch/lot number, manufacturing, expiry and sampling dates, test
 * standard/methods, the test results table (parameter, method, specification, result, unit,
 * conformity), overall result and the statement with analyst and approval signatures.
 */
import type { TableBlock } from "../../../documents/page-kit/model.ts";
import { box, defineLayout, type Reader, row, shipmentRefPieces, signature, table, text } from "../../../documents/layouts/common.ts";
import { certificateOfAnalysisIdentity } from "./identity.ts";

function resultsTable(r: Reader): TableBlock {
  const indexes = r.indexes("analysis_data.test_results", 3);
  const p = (i: number, key: string) => `analysis_data.test_results.${i}.${key}`;
  return table("11", "Test results", {
    columns: [
      { header: "Parameter", width: 1.9 },
      { header: "Method", width: 1.5 },
      { header: "Specification", width: 1 },
      { header: "Result", width: 0.9, align: "right" },
      { header: "Unit", width: 0.6 },
      { header: "Conformity", width: 0.75, align: "center" },
    ],
    rows: indexes.map((i) => [
      [r.slot(p(i, "parameter"), { style: "bold" })],
      [r.slot(p(i, "method"), { style: "small" })],
      [r.slot(p(i, "specification"))],
      [r.slot(p(i, "result"), { align: "right", style: "bold" })],
      [r.slot(p(i, "unit"), { nowrap: true })],
      [r.slot(p(i, "conformity"), { align: "center", nowrap: true })],
    ]),
  });
}

export const certificateOfAnalysis = defineLayout((r) => {
  return {
    title: certificateOfAnalysisIdentity.title,
    subtitle: "Laboratory test report for the batch stated below · results relate only to the samples tested",
    blocks: [
      row(
        box(
          "1",
          "Issued by (laboratory)",
          [
            r.slot("analysis_data.laboratory_name", { style: "bold", lines: 2 }),
            ...r.optional("analysis_data.accreditation", { label: "Accreditation:", style: "small" }),
          ],
          1.2,
        ),
        box("2", "Certificate", [
          r.slot("analysis_data.certificate_number", { label: "Certificate No.:", style: "bold" }),
          text(`Date of issue: ${r.issueDate()}`),
          ...shipmentRefPieces(r),
        ]),
      ),
      row(
        box("3", "Manufacturer / exporter", r.party("exporter", { otherTaxIds: false, addressLines: 1 }), 1.2),
        box("4", "Customer / consignee", r.party("importer", { otherTaxIds: false, addressLines: 1 })),
      ),
      row(
        box("5", "Product", [r.slot("analysis_data.product_name", { style: "bold", lines: 2 })], 1.6),
        box("6", "Batch / lot No.", [r.slot("analysis_data.batch_number", { style: "large" })], 1.1),
      ),
      row(
        box("7", "Manufacturing date", [r.date("analysis_data.manufacture_date")]),
        box("8", "Expiry / best before", [r.date("analysis_data.expiry_date")]),
        box("9", "Sampling date", [r.date("analysis_data.sample_date")]),
      ),
      row(box("10", "Test standard / methods", [r.slot("analysis_data.test_standard", { lines: 2 })])),
      resultsTable(r),
      row(box("12", "Overall result / conclusion", [r.slot("analysis_data.overall_result", { style: "large" })])),
      row(
        box(
          "13",
          "Statement",
          [
            text(
              "We hereby certify that the batch described above has been sampled and analysed using the methods stated, and that the results shown relate only to the samples tested. This certificate shall not be reproduced except in full without the written approval of the laboratory.",
              "fine",
            ),
          ],
          1.5,
        ),
        box("14", "Analyst", [r.slot("analysis_data.analyst", { style: "bold" }), signature("Signature", 18)]),
        box("15", "Approved by (quality assurance)", [
          ...r.optional("analysis_data.approved_by", { style: "bold" }),
          signature("Signature and stamp", 18),
        ]),
      ),
    ],
  };
});
