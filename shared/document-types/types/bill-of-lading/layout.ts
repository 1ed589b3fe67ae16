/**
 * Bill of lading: shipper, consignee, notify party, B/L number and booking, carrier, place of receipt,
 * vessel and voyage, ports of loading and discharge, place of delivery, containers and seals, marks and
 * numbers, packages and description, gross weight, freight payment (prepaid/collect), number of
 * originals, place and date of issue, shipped-on-board date, carrier's terms and signature.
 */
import type { TableBlock } from "../../../documents/page-kit/model.ts";
import { box, check, defineLayout, paragraph, type Reader, row, signature, table, text } from "../../../documents/layouts/common.ts";
import { indexedItems, itemPath, quantityText } from "../../../documents/layouts/goods.ts";
import { containersTable } from "../packing-list/layout.ts";
import { columnDecimals, formatQuantity, formatWeight, numeric } from "../../../documents/format.ts";
import { billOfLadingIdentity } from "./identity.ts";

function particularsTable(r: Reader): TableBlock {
  const items = indexedItems(r);
  const d = Math.max(r.decimals("goods.line_items", "gross_weight_kg"), columnDecimals([r.raw("packaging.total_gross_weight_kg")]));
  return table("13", "Particulars furnished by the shipper — shipper's load, stow, weight and count, said to contain", {
    columns: [
      { header: "Marks and numbers", width: 1.1 },
      { header: "Number and kind of packages; description of goods", width: 3.2 },
      { header: "HS code", width: 0.9 },
      { header: "Gross weight (kg)", width: 0.9, align: "right" },
    ],
    rows: items.map(({ item, index }, i) => {
      const qty = quantityText(r, index);
      return [
        i === 0 ? [r.slot("packaging.marks_and_numbers", { lines: 2 })] : [],
        [
          ...(qty !== null ? [text(qty, "small")] : [r.quantity(itemPath(index, "quantity"), { align: "left", label: "Quantity:" })]),
          r.slot(itemPath(index, "description")),
          ...(item.un_number
            ? [
                text(
                  `Dangerous goods: ${String(item.un_number)}${item.hazard_class ? `, class ${String(item.hazard_class)}` : ""}`,
                  "small",
                ),
              ]
            : []),
        ],
        [r.slot(itemPath(index, "hs_code"), { nowrap: true })],
        [r.weight(itemPath(index, "gross_weight_kg"), { decimals: d })],
      ];
    }),
    footer: [
      [
        {
          span: 2,
          content: [
            r.slot("packaging.total_packages", { label: "Total number of packages:", style: "bold", format: numeric(formatQuantity) }),
          ],
        },
        { content: [text("Total gross", "bold")], align: "right" },
        { content: [r.weight("packaging.total_gross_weight_kg", { style: "bold", decimals: d })] },
      ],
    ],
  });
}

export const billOfLading = defineLayout((r) => {
  const freight = (r.str("bl_data.freight_payment") ?? "").toUpperCase();
  return {
    title: billOfLadingIdentity.title,
    subtitle: "For port-to-port or combined transport shipment · Non-negotiable unless consigned “to order”",
    blocks: [
      row(
        box("1", "Shipper (name, address)", r.party("exporter", { taxIds: ["eori"], otherTaxIds: false }), 1.2),
        box("2", "B/L number and booking", [
          r.slot("bl_data.bl_number", { label: "B/L No.:", style: "bold" }),
          r.slot("bl_data.booking_reference", { label: "Booking ref.:" }),
          text(`Export references: ${r.references()}`, "small"),
          ...r.optional("bl_data.carrier", { label: "Carrier:" }),
        ]),
      ),
      row(
        box("3", "Consignee (name, address) — or “to order”", r.party("importer", { taxIds: ["eori"], otherTaxIds: false }), 1.2),
        box(
          "4",
          "Notify party (name, address)",
          r.has("notify_party.name") ? r.party("notify_party", { otherTaxIds: false, contact: true }) : [text("Same as consignee")],
        ),
      ),
      row(
        box("5", "Place of receipt (pre-carriage)", [r.slot("route.place_of_receipt")]),
        box("6", "Ocean vessel", [r.slot("route.vessel_name", { style: "bold" })]),
        box("7", "Voyage No.", [r.slot("route.voyage_number")], 0.6),
      ),
      row(
        box("8", "Port of loading", [r.port("route.port_of_loading")]),
        box("9", "Port of discharge", [r.port("route.port_of_discharge")]),
        box("10", "Place of delivery", [r.slot("bl_data.place_of_delivery")], 1.2),
      ),
      containersTable(r, "11"),
      particularsTable(r),
      row(
        box(
          "14",
          "Freight and charges",
          [
            freight === "PREPAID" || freight === "COLLECT"
              ? text(`${check(freight === "PREPAID", "Freight prepaid")}    ${check(freight === "COLLECT", "Freight collect")}`)
              : r.slot("bl_data.freight_payment", { label: "Freight (PREPAID / COLLECT):" }),
            ...r.optional("route.incoterms", {
              label: "Incoterms® 2020:",
              format: (v) => `${String(v)}${r.str("route.incoterms_place") ? ` ${r.str("route.incoterms_place")}` : ""}`,
            }),
            ...r.optional("bl_data.freight_payable_at", { label: "Freight payable at:" }),
          ],
          1.3,
        ),
        box(
          "15",
          "Number of original B/Ls",
          [r.slot("bl_data.number_of_originals", { style: "bold", format: numeric((n) => formatWeight(n)) })],
          0.75,
        ),
        box("16", "Place and date of issue", [
          text([r.str("bl_data.place_of_issue") ?? r.str("route.port_of_loading"), r.issueDate()].filter(Boolean).join(", ")),
        ]),
        box(
          "17",
          "Shipped on board (date)",
          [
            r.has("bl_data.shipped_on_board_date") || !r.has("route.departure_date")
              ? r.date("bl_data.shipped_on_board_date")
              : r.date("route.departure_date"),
          ],
          0.85,
        ),
      ),
      paragraph([
        text(
          "RECEIVED by the Carrier from the Shipper in apparent good order and condition, unless otherwise noted herein, the total number or quantity of containers or other packages or units indicated above, stated by the Shipper to comprise the goods specified above, for carriage subject to all the terms hereof from the place of receipt or the port of loading, whichever is applicable, to the port of discharge or the place of delivery, whichever is applicable. One original Bill of Lading, duly endorsed, must be surrendered in exchange for the goods or delivery order. IN WITNESS whereof the number of original Bills of Lading stated above have been signed, one of which being accomplished, the others to stand void.",
          "fine",
        ),
      ]),
      row(
        box("18", "Shipper's declaration", [
          text(
            "Particulars above as declared by the shipper; weight, measure, quantity, condition, contents and value unknown to the carrier.",
            "small",
          ),
          signature("Signature of the shipper", 20),
        ]),
        box("19", "Signed for the carrier", [
          ...r.optional("bl_data.carrier", { style: "bold" }),
          text("as Carrier / as Agent(s) for the Carrier", "small"),
          signature("Signature and stamp of the carrier or its agent", 20),
        ]),
      ),
    ],
  };
});
