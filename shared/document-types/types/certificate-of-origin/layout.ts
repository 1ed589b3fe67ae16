/**
 * Non-preferential certificate of origin (chamber of commerce form): 1 consignor, 2 consignee,
 * 3 country of origin, 4 transport details, 5 remarks, 6 item number, marks and numbers, number and kind
 * of packages, description of goods, 7 quantity; certification by the issuing authority and the
 * exporter's application / declaration.
 */
import type { TableBlock } from "../../../documents/page-kit/model.ts";
import { box, defineLayout, type Reader, row, signature, table, text, transportDetails } from "../../../documents/layouts/common.ts";
import { countryLabel } from "../../../documents/country-names.ts";
import { formatWeight } from "../../../documents/format.ts";
import { indexedItems, itemPath, quantityText } from "../../../documents/layouts/goods.ts";
import { certificateOfOriginIdentity } from "./identity.ts";

function goodsTable(r: Reader): TableBlock {
  return table(undefined, undefined, {
    columns: [
      { header: "6  Item number; marks and numbers; number and kind of packages; description of goods", width: 3.5 },
      { header: "HS code", width: 0.95 },
      { header: "7  Quantity", width: 1.1, align: "right" },
    ],
    rows: indexedItems(r).map(({ index }, i) => {
      const qty = quantityText(r, index);
      const net = r.num(itemPath(index, "net_weight_kg"));
      return [
        [
          ...(i === 0 ? r.optional("packaging.marks_and_numbers", { label: "Marks:", style: "small" }) : []),
          r.slot(itemPath(index, "description"), { label: `${index + 1}.` }),
        ],
        [r.slot(itemPath(index, "hs_code"), { nowrap: true })],
        [
          qty !== null ? text(qty, "body", "right") : r.quantity(itemPath(index, "quantity")),
          ...(net !== null ? [text(`net ${formatWeight(net)} kg`, "small", "right")] : []),
        ],
      ];
    }),
  });
}

export const certificateOfOrigin = defineLayout((r) => {
  return {
    title: certificateOfOriginIdentity.title,
    subtitle: "Non-preferential origin · issued by the competent authority or chamber of commerce of the country of export",
    blocks: [
      row(
        box("1", "Consignor (exporter)", r.party("exporter", { taxIds: ["eori"], otherTaxIds: false }), 1.1),
        box(undefined, "Certificate", [
          r.slot("coo_data.certificate_number", { label: "No.", style: "large" }),
          text("ORIGINAL", "heading"),
          r.slot("coo_data.issuing_body", { label: "Issued by:", lines: 2 }),
        ]),
      ),
      row(
        box("2", "Consignee", r.party("importer", { otherTaxIds: false }), 1.1),
        box("3", "Country of origin", [
          r.slot("route.origin_country", { style: "large", format: (v) => (typeof v === "string" ? countryLabel(v) : null) }),
        ]),
      ),
      row(
        box("4", "Transport details (optional)", transportDetails(r), 1.1),
        box("5", "Remarks", [
          ...r.optional("coo_data.remarks"),
          ...(r.has("invoice_data.invoice_number") ? [text(`Invoice ${r.str("invoice_data.invoice_number")}`, "small")] : []),
        ]),
      ),
      goodsTable(r),
      row(
        box(
          "8",
          "Certification by the issuing authority",
          [
            text("The undersigned authority certifies that the goods described above originate in the country shown in box 3.", "small"),
            text("Place and date: ……………………………", "small"),
            signature("Signature and stamp of the issuing authority", 24),
          ],
          1,
          { shade: true },
        ),
        box("9", "Application by the exporter", [
          text(
            "The undersigned, acting on behalf of the exporter, declares that the goods described above originate in the country shown in box 3 and requests the issue of this certificate.",
            "small",
          ),
          text(`Place and date: ${r.placeAndDate()}`, "small"),
          ...r.optional("exporter.contact_name", { label: "Name:", style: "small" }),
          signature("Signature of the exporter", 20),
        ]),
      ),
    ],
  };
});
