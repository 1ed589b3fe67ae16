/**
 * Marine cargo insurance certificate: insurer, policy and certificate numbers, assured, consignee,
 * conveyance, voyage from/to, sailing date, sum insured and currency, deductible, subject-matter
 * insured (marks, goods, quantities, values), conditions (e.g. Institute Cargo Clauses), claims agent
 * and claims procedure, signature for the insurer.
 */
import type { TableBlock } from "../../../documents/page-kit/model.ts";
import { box, defineLayout, type Reader, row, signature, table, text } from "../../../documents/layouts/common.ts";
import { descriptionPieces, indexedItems, itemPath } from "../../../documents/layouts/goods.ts";
import { formatMoney, numberValue, numeric } from "../../../documents/format.ts";
import { insuranceCertificateIdentity } from "./identity.ts";

function subjectTable(r: Reader): TableBlock {
  const currency = r.currency();
  return table("11", "Subject-matter insured", {
    columns: [
      { header: "Marks and numbers", width: 1.1 },
      { header: "Description of goods", width: 3 },
      { header: "Quantity", width: 0.8, align: "right" },
      { header: "Unit", width: 0.45 },
      { header: `Invoice value${currency ? ` (${currency})` : ""}`, width: 1, align: "right" },
    ],
    rows: indexedItems(r).map(({ item, index }, i) => {
      const q = numberValue(item.quantity);
      const p = numberValue(item.unit_price);
      return [
        i === 0 ? [r.slot("packaging.marks_and_numbers", { style: "small" })] : [],
        descriptionPieces(r, index, item),
        [r.quantity(itemPath(index, "quantity"))],
        [r.slot(itemPath(index, "unit"), { nowrap: true })],
        [text(q !== null && p !== null ? formatMoney(q * p) : "", "body", "right")],
      ];
    }),
    footer: [
      [
        { span: 4, content: [text("Total invoice value", "bold")], align: "right" },
        { content: [r.money("goods.total_value", { style: "bold" })] },
      ],
    ],
  });
}

export const insuranceCertificate = defineLayout((r) => {
  const currency = r.currency();
  return {
    title: insuranceCertificateIdentity.title,
    subtitle:
      "Marine cargo insurance · This certificate represents and takes the place of the policy and conveys all rights of the original policyholder",
    blocks: [
      row(
        box("1", "Insurer", [r.slot("insurance_data.insurance_company", { style: "bold", lines: 2 })], 1.2),
        box("2", "Policy and certificate", [
          r.slot("insurance_data.policy_number", { label: "Policy No.:", style: "bold" }),
          r.slot("insurance_data.certificate_number", { label: "Certificate No.:" }),
          text(`Date of issue: ${r.issueDate()}`),
        ]),
      ),
      row(
        box("3", "Assured", r.party("exporter", { otherTaxIds: false }), 1.2),
        box("4", "Consignee / claims payable to", r.party("importer", { otherTaxIds: false })),
      ),
      row(
        box("5", "Conveyance", [
          r.transportMode("route.transport_mode"),
          r.slot("route.vessel_name"),
          ...r.optional("route.voyage_number", { label: "Voyage:" }),
        ]),
        box("6", "Voyage from", [r.port("route.port_of_loading"), ...r.optional("route.place_of_receipt", { style: "small" })]),
        box("7", "Voyage to", [r.port("route.port_of_discharge"), ...r.optional("bl_data.place_of_delivery", { style: "small" })]),
        box("8", "Sailing on or about", [r.date("route.departure_date")], 0.8),
      ),
      row(
        box(
          "9",
          "Sum insured",
          [
            r.slot("insurance_data.insured_value", {
              label: currency ? `${currency}` : "Amount:",
              style: "large",
              format: numeric(formatMoney),
            }),
            text("Customarily 110 % of the CIF / CIP invoice value", "fine"),
          ],
          1.2,
        ),
        box("10", "Deductible / excess", [r.slot("insurance_data.deductible")]),
      ),
      subjectTable(r),
      row(
        box(
          "12",
          "Conditions of insurance",
          [
            r.slot("insurance_data.coverage_type", { style: "bold", lines: 2 }),
            text(
              "Subject to the clauses, conditions and warranties of the policy and the clauses stated above, warehouse to warehouse.",
              "fine",
            ),
          ],
          1.2,
        ),
        box("13", "Claims", [
          text(
            "In the event of loss or damage which may give rise to a claim under this insurance, immediate notice must be given to the claims agent:",
            "fine",
          ),
          r.slot("insurance_data.claims_agent", { style: "bold", lines: 2 }),
          ...r.optional("insurance_data.claims_payable_at", { label: "Claims payable at:" }),
        ]),
      ),
      row(
        box("14", "For and on behalf of the insurer", [
          ...r.optional("insurance_data.insurance_company", { style: "small" }),
          text(`Place and date: ${r.placeAndDate()}`, "small"),
          signature("Authorised signature", 20),
        ]),
        box(
          "15",
          "Important",
          [
            text(
              "Survey of loss or damage should be requested from the claims agent. Claims documents: this certificate, invoice, bill of lading or air waybill, survey report and correspondence with the carrier holding it liable. The certificate must be presented to the insurer's agent for settlement.",
              "fine",
            ),
          ],
          1.3,
        ),
      ),
    ],
  };
});
