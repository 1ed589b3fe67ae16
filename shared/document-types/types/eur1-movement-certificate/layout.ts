/**
 * Movement certificate EUR.1 with the boxes of the official form: 1 exporter; 2 certificate used in
 * preferential trade between … and … (with the EUR.1 number and the agreement); 3 consignee;
 * 4 country/group/territory of origin; 5 of destination; 6 transport details; 7 remarks; 8 item number,
 * marks and numbers, number and kind of packages, description of goods; 9 gross mass or other measure;
 * 10 invoices; 11 customs endorsement; 12 declaration by the exporter.
 */
import type { TableBlock } from "../../../documents/page-kit/model.ts";
import { box, defineLayout, type Reader, row, signature, table, text, transportDetails } from "../../../documents/layouts/common.ts";
import { indexedItems, itemPath, quantityText } from "../../../documents/layouts/goods.ts";
import { invoiceRef, originZone } from "../../../documents/layouts/origin-common.ts";
import { countryName, normalizeCountry } from "../../../documents/country-names.ts";
import { eur1MovementCertificateIdentity } from "./identity.ts";

function goodsTable(r: Reader): TableBlock {
  const invoice = invoiceRef(r);
  const d = r.decimals("goods.line_items", "gross_weight_kg");
  return table(undefined, undefined, {
    columns: [
      { header: "8  Item number; marks and numbers; number and kind of packages (1); description of goods", width: 3.6 },
      { header: "9  Gross mass (kg) or other measure (litres, m³, etc.)", width: 1.05, align: "right" },
      { header: "10  Invoices (optional)", width: 1.05 },
    ],
    rows: indexedItems(r).map(({ index }, i) => {
      const qty = quantityText(r, index);
      return [
        [
          ...(i === 0 ? r.optional("packaging.marks_and_numbers", { label: "Marks:", style: "small" }) : []),
          r.slot(itemPath(index, "description"), {
            label: `${index + 1}.  ${qty !== null ? `${qty} —` : ""}`,
          }),
        ],
        [r.weight(itemPath(index, "gross_weight_kg"), { decimals: d })],
        i === 0 ? [invoice ? text(invoice, "small") : r.slot("invoice_data.invoice_number", { style: "small" })] : [],
      ];
    }),
    footer: [[{ span: 3, content: [text("* * * * * *  (no further items; unused space struck through)", "fine", "center")] }]],
  });
}

export const eur1MovementCertificate = defineLayout((r) => {
  const origin = originZone(r.raw("route.origin_country"));
  const destinationCode = normalizeCountry(r.raw("route.destination_country"));
  const destination = destinationCode ? countryName(destinationCode) : null;
  return {
    title: eur1MovementCertificateIdentity.title,
    subtitle: "Certificate used in preferential trade · boxes 1–12 as on the official form · see notes overleaf before completing",
    blocks: [
      row(
        box("1", "Exporter (name, full address, country)", r.party("exporter", { taxIds: ["eori"], otherTaxIds: false }), 1.1),
        box("2", "Certificate used in preferential trade between", [
          r.slot("preferential_origin.certificate_number", { label: "EUR.1 No.", style: "large" }),
          r.slot("route.origin_country", { format: () => origin, style: "bold" }),
          text("and", "small"),
          r.slot("route.destination_country", { format: () => destination, style: "bold" }),
          text("(Insert appropriate countries, groups of countries or territories)", "fine"),
          r.slot("preferential_origin.agreement_name", { label: "Agreement:", style: "small" }),
        ]),
      ),
      row(
        box("3", "Consignee (name, full address, country) (optional)", r.party("importer", { otherTaxIds: false }), 1.1),
        box(
          "4",
          "Country, group of countries or territory in which the products are considered as originating",
          [r.slot("route.origin_country", { format: () => origin, style: "bold" })],
          0.5,
        ),
        box(
          "5",
          "Country, group of countries or territory of destination",
          [r.slot("route.destination_country", { format: () => destination, style: "bold" })],
          0.5,
        ),
      ),
      row(
        box("6", "Transport details (optional)", transportDetails(r), 1.1),
        box("7", "Remarks", [...r.optional("preferential_origin.remarks")]),
      ),
      goodsTable(r),
      row(
        box(
          "11",
          "Customs endorsement",
          [
            text("Declaration certified", "bold"),
            text("Export document (2): Form …………… No. ……………", "small"),
            text("Customs office: ……………………………", "small"),
            text(`Issuing country or territory: ${origin ?? "……………"}`, "small"),
            text("Date: ……………………", "small"),
            signature("Signature and stamp of the customs office", 22),
          ],
          1,
          { shade: true },
        ),
        box("12", "Declaration by the exporter", [
          text(
            "I, the undersigned, declare that the goods described above meet the conditions required for the issue of this certificate.",
            "small",
          ),
          text(`Place and date: ${r.placeAndDate()}`),
          ...r.optional("exporter.contact_name", { label: "Name:" }),
          signature("(Signature)", 22),
        ]),
      ),
      {
        kind: "text",
        pieces: [
          text(
            "(1) If goods are not packed, indicate number of articles or state “in bulk” as appropriate.  (2) Complete only where the regulations of the exporting country or territory require.  Boxes 13 (request for verification) and 14 (result of verification) are on the reverse of the official form.",
            "fine",
          ),
        ],
      },
    ],
  };
});
