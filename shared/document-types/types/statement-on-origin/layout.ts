/**
 * Statement on origin made out by a registered exporter (REX) on a commercial document, with the EU
 * wording: "The exporter of the products covered by this document (Exporter Reference No …) declares
 * that, except where otherwise clearly indicated, these products are of … preferential origin …",
 * the goods it covers (HS code, origin, origin criterion), place and date, name of the exporter.
 */
import type { TableBlock } from "../../../documents/page-kit/model.ts";
import {
  box,
  defineLayout,
  paragraph,
  type Reader,
  row,
  shipmentRefPieces,
  signature,
  table,
  text,
} from "../../../documents/layouts/common.ts";
import { indexedItems, itemPath, quantityText } from "../../../documents/layouts/goods.ts";
import { invoiceRef } from "../../../documents/layouts/origin-common.ts";
import { countryName, normalizeCountry } from "../../../documents/country-names.ts";
import { isEuMember } from "../../../trade/countries.ts";
import { statementOnOriginIdentity } from "./identity.ts";

function itemsTable(r: Reader): TableBlock {
  return table("5", "Products covered by this statement", {
    columns: [
      { header: "Item", width: 0.4 },
      { header: "Description of goods", width: 3 },
      { header: "HS code", width: 0.95 },
      { header: "Quantity", width: 0.9, align: "right" },
      { header: "Origin", width: 0.55, align: "center" },
      { header: "Origin criterion", width: 0.7, align: "center" },
    ],
    rows: indexedItems(r).map(({ index }) => {
      const qty = quantityText(r, index);
      return [
        [text(String(index + 1))],
        [r.slot(itemPath(index, "description"))],
        [r.slot(itemPath(index, "hs_code"), { nowrap: true })],
        [text(qty ?? "", "body", "right")],
        [r.slot(itemPath(index, "origin_country"), { align: "center", nowrap: true })],
        [r.slot(itemPath(index, "origin_criterion"), { align: "center", nowrap: true })],
      ];
    }),
  });
}

export const statementOnOrigin = defineLayout((r) => {
  const originCode = normalizeCountry(r.raw("route.origin_country"));
  const origin = originCode ? (isEuMember(originCode) ? "European Union" : countryName(originCode)) : null;
  const rex = r.str("preferential_origin.rex_number");
  const agreement = r.str("preferential_origin.agreement_name");
  const destination = normalizeCountry(r.raw("route.destination_country"));
  const statement =
    `The exporter of the products covered by this document (Exporter Reference No ${rex ?? "…………"}) declares that, except where otherwise clearly indicated, ` +
    `these products are of ${origin ?? "…………"} preferential origin${agreement ? ` according to the rules of origin of the ${agreement}` : ""}` +
    " and that the origin criterion met is as indicated for each product above.";
  return {
    title: statementOnOriginIdentity.title,
    subtitle: "Origin declaration by a registered exporter (REX) made out on the commercial document covering the products",
    blocks: [
      row(
        box(
          "1",
          "Exporter (registered exporter)",
          [
            ...r.party("exporter", { taxIds: ["eori"], otherTaxIds: false }),
            r.slot("preferential_origin.rex_number", { label: "REX No.:", style: "bold" }),
          ],
          1.15,
        ),
        box("2", "Commercial document and agreement", [
          invoiceRef(r) ? text(`Invoice: ${invoiceRef(r)}`) : r.slot("invoice_data.invoice_number", { label: "Invoice No.:" }),
          ...shipmentRefPieces(r),
          r.slot("preferential_origin.agreement_name", { label: "Preferential arrangement:", lines: 2 }),
        ]),
      ),
      row(
        box("3", "Consignee / importer", r.party("importer", { taxIds: ["eori"], otherTaxIds: false }), 1.15),
        box("4", "Origin and destination", [
          r.slot("route.origin_country", { label: "Preferential origin:", format: () => origin }),
          r.slot("route.destination_country", {
            label: "Country of destination:",
            format: () => (destination ? countryName(destination) : null),
          }),
        ]),
      ),
      itemsTable(r),
      paragraph([text("6  Statement on origin", "smallBold"), text(statement, "bold")], true),
      row(
        box("7", "Place and date", [text(r.placeAndDate())]),
        box(
          "8",
          "Name of the exporter",
          [r.slot("exporter.name", { style: "bold" }), ...r.optional("exporter.contact_name", { style: "small" })],
          1.2,
        ),
        box("9", "Signature (not required from a registered exporter)", [signature("Signature", 18)]),
      ),
    ],
  };
});
