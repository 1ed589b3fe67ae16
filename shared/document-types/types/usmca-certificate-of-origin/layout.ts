/**
 * USMCA / CUSMA / T-MEC certification of origin with the minimum data elements of USMCA Annex 5-A:
 * 1 certifier (importer, exporter or producer) with name, address, telephone and e-mail; 2 exporter;
 * 3 producer; 4 importer; 5 description and 6 HS classification (6 digits) of the goods; 7 origin
 * criterion; 8 blanket period; 9 authorized signature, name, title, date and the certification text.
 */
import type { Piece, TableBlock } from "../../../documents/page-kit/model.ts";
import { box, check, defineLayout, type Reader, row, signature, table, text } from "../../../documents/layouts/common.ts";
import { indexedItems, itemPath } from "../../../documents/layouts/goods.ts";
import { hs6 } from "../../../documents/layouts/origin-common.ts";
import { usmcaCertificateOfOriginIdentity } from "./identity.ts";

function goodsTable(r: Reader): TableBlock {
  return table(undefined, undefined, {
    columns: [
      { header: "Item", width: 0.4 },
      { header: "5  Description of good(s)", width: 3.2 },
      { header: "6  HS tariff classification (6 digits)", width: 1.05 },
      { header: "7  Origin criterion", width: 0.8, align: "center" },
      { header: "Country of origin", width: 0.75, align: "center" },
    ],
    rows: indexedItems(r).map(({ index }) => [
      [text(String(index + 1))],
      [r.slot(itemPath(index, "description"))],
      [r.slot(itemPath(index, "hs_code"), { format: hs6, nowrap: true })],
      [r.slot(itemPath(index, "origin_criterion"), { align: "center", nowrap: true, style: "bold" })],
      [r.slot(itemPath(index, "origin_country"), { align: "center", nowrap: true })],
    ]),
    footer: [
      [
        {
          span: 5,
          content: [
            text(
              "Origin criteria: A wholly obtained or produced · B produced exclusively from originating materials · C produced using non-originating materials meeting the product-specific rule · D per Article 4.2 (unassembled / regional value content)",
              "fine",
            ),
          ],
        },
      ],
    ],
  });
}

export const usmcaCertificateOfOrigin = defineLayout((r) => {
  const type = (r.str("usmca_data.certifier_type") ?? "").toUpperCase();
  const certifierParty: Piece[] =
    type === "EXPORTER"
      ? r.party("exporter", { otherTaxIds: false, contact: true, addressLines: 1 })
      : type === "IMPORTER"
        ? r.party("importer", { otherTaxIds: false, contact: true, addressLines: 1 })
        : type === "PRODUCER"
          ? [r.slot("usmca_data.producer_name", { style: "bold" }), r.slot("usmca_data.producer_address", { lines: 2 })]
          : [r.slot("usmca_data.certifier_name", { label: "Name:" })];
  return {
    title: usmcaCertificateOfOriginIdentity.title,
    subtitle:
      "Minimum data elements under USMCA Article 5.2 and Annex 5-A · no prescribed format · valid for 4 years or the blanket period",
    blocks: [
      row(
        box(
          "1",
          "Certifier",
          [
            ...(["IMPORTER", "EXPORTER", "PRODUCER"].includes(type)
              ? []
              : [r.slot("usmca_data.certifier_type", { label: "Certifier (IMPORTER / EXPORTER / PRODUCER):" })]),
            text(
              `${check(type === "IMPORTER", "Importer")}   ${check(type === "EXPORTER", "Exporter")}   ${check(type === "PRODUCER", "Producer")}`,
              "bold",
            ),
            ...certifierParty,
          ],
          1.2,
        ),
        box("2", "Exporter (name, address, telephone, e-mail)", r.party("exporter", { otherTaxIds: true, contact: true, addressLines: 1 })),
      ),
      row(
        box(
          "3",
          "Producer (name, address, telephone, e-mail — or “Various” / “Available upon request by the importing authorities”)",
          [
            r.slot("usmca_data.producer_name", { style: "bold" }),
            ...r.optional("usmca_data.producer_address"),
            ...r.optional("usmca_data.producer_contact", { style: "small" }),
          ],
          1.2,
        ),
        box("4", "Importer (name, address, telephone, e-mail)", [
          ...r.party("importer", { otherTaxIds: true, contact: true, addressLines: 1 }),
          r.country("route.destination_country", { label: "Country of destination:", style: "small" }),
        ]),
      ),
      goodsTable(r),
      row(
        box("8", "Blanket period (multiple shipments of identical goods, up to 12 months)", [
          r.date("usmca_data.blanket_period_from", { label: "From:" }),
          r.date("usmca_data.blanket_period_to", { label: "To:" }),
        ]),
        box(
          "9",
          "Authorized signature and date",
          [
            text(
              "I certify that the goods described in this document qualify as originating and the information contained in this document is true and accurate. I assume responsibility for proving such representations and agree to maintain and present upon request or to make available during a verification visit, documentation necessary to support this certification.",
              "fine",
            ),
            r.slot("usmca_data.certifier_name", { label: "Name:" }),
            r.slot("usmca_data.certifier_title", { label: "Title:" }),
            text(`Date: ${r.issueDate()}`),
            signature("Authorized signature", 18),
          ],
          1.6,
        ),
      ),
    ],
  };
});
