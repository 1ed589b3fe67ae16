/**
 * Packing list: exporter, consignee, notify party, invoice reference, transport and ports, contents per
 * line item (quantity, net and gross weight), packages by kind, containers and seals, marks and numbers,
 * totals and signature.
 */
import type { DocumentModel, TableBlock } from "../../../documents/page-kit/model.ts";
import {
  box,
  defineLayout,
  type Reader,
  row,
  shipmentRefPieces,
  signature,
  sumOf,
  table,
  text,
} from "../../../documents/layouts/common.ts";
import { columnDecimals, formatNumber, formatWeight, numeric } from "../../../documents/format.ts";
import { descriptionPieces, indexedItems, itemPath, totalNetWeight } from "../../../documents/layouts/goods.ts";
import { packingListIdentity } from "./identity.ts";

function contentsTable(r: Reader): TableBlock {
  const items = indexedItems(r);
  const net = sumOf(r.items(), "net_weight_kg");
  const gross = sumOf(r.items(), "gross_weight_kg");
  const dn = r.decimals("goods.line_items", "net_weight_kg");
  const dg = r.decimals("goods.line_items", "gross_weight_kg");
  return table("9", "Contents", {
    columns: [
      { header: "No.", width: 0.35 },
      { header: "Description of goods", width: 3 },
      { header: "HS code", width: 0.95 },
      { header: "Quantity", width: 0.75, align: "right" },
      { header: "Unit", width: 0.45 },
      { header: "Net weight (kg)", width: 0.9, align: "right" },
      { header: "Gross weight (kg)", width: 0.9, align: "right" },
    ],
    rows: items.map(({ item, index }) => [
      [text(String(index + 1))],
      descriptionPieces(r, index, item),
      [r.slot(itemPath(index, "hs_code"), { nowrap: true })],
      [r.quantity(itemPath(index, "quantity"))],
      [r.slot(itemPath(index, "unit"), { nowrap: true })],
      [r.weight(itemPath(index, "net_weight_kg"), { decimals: dn })],
      [r.weight(itemPath(index, "gross_weight_kg"), { decimals: dg })],
    ]),
    footer: [
      [
        { span: 5, content: [text(`Total of ${r.items().length} line item${r.items().length === 1 ? "" : "s"}`, "bold")], align: "right" },
        { content: [text(net !== null ? formatNumber(net, dn, dn) : "", "bold", "right")] },
        { content: [text(gross !== null ? formatNumber(gross, dg, dg) : "", "bold", "right")] },
      ],
    ],
  });
}

function packagesTable(r: Reader): TableBlock {
  const indexes = r.indexes("packaging.packages");
  const d = Math.max(r.decimals("packaging.packages", "gross_weight_kg"), columnDecimals([r.raw("packaging.total_gross_weight_kg")]));
  return table("10", "Packages", {
    columns: [
      { header: "Kind of package", width: 3 },
      { header: "Number", width: 1, align: "right" },
      { header: "Gross weight (kg)", width: 1.2, align: "right" },
    ],
    rows: indexes.map((i) => [
      [r.slot(`packaging.packages.${i}.type`)],
      [r.quantity(`packaging.packages.${i}.quantity`)],
      [r.weight(`packaging.packages.${i}.gross_weight_kg`, { decimals: d })],
    ]),
    footer: [
      [
        { content: [text("Total packages / total gross weight", "bold")], align: "right" },
        { content: [r.quantity("packaging.total_packages", { style: "bold" })] },
        { content: [r.weight("packaging.total_gross_weight_kg", { style: "bold", decimals: d })] },
      ],
    ],
  });
}

export function containersTable(r: Reader, number: string, withWeights = false): TableBlock {
  const indexes = r.indexes("packaging.containers");
  const d = r.decimals("packaging.containers", withWeights ? "verified_gross_mass_kg" : "tare_weight_kg");
  return table(number, "Containers and seals", {
    columns: [
      { header: "Container number", width: 1.3 },
      { header: "Seal number", width: 1.2 },
      { header: "Size / type", width: 0.9 },
      { header: withWeights ? "Verified gross mass (kg)" : "Tare (kg)", width: 1, align: "right" },
    ],
    rows: indexes.map((i) => [
      [r.slot(`packaging.containers.${i}.container_number`, { nowrap: true })],
      [r.slot(`packaging.containers.${i}.seal_number`, { nowrap: true })],
      [r.slot(`packaging.containers.${i}.type`)],
      [r.weight(`packaging.containers.${i}.${withWeights ? "verified_gross_mass_kg" : "tare_weight_kg"}`, { decimals: d })],
    ]),
  });
}

export const packingList = defineLayout((r) => {
  const blocks: DocumentModel["blocks"] = [
    row(
      box("1", "Exporter / shipper", r.party("exporter", { taxIds: ["eori"] }), 1.15),
      box("2", "References", [
        r.slot("invoice_data.invoice_number", { label: "Commercial invoice No.:" }),
        text(`Date: ${r.issueDate()}`),
        ...r.optional("invoice_data.buyer_reference", { label: "Buyer's order No.:" }),
        ...shipmentRefPieces(r),
      ]),
    ),
    row(
      box("3", "Consignee", r.party("importer", { taxIds: ["eori"] }), 1.15),
      box("4", "Notify party", r.has("notify_party.name") ? r.party("notify_party", { otherTaxIds: false }) : [text("Same as consignee")]),
    ),
    row(
      box("5", "Mode of transport / vessel", [
        r.transportMode("route.transport_mode"),
        r.slot("route.vessel_name"),
        ...r.optional("route.voyage_number", { label: "Voyage:" }),
      ]),
      box("6", "Port of loading", [r.port("route.port_of_loading")]),
      box("7", "Port of discharge", [r.port("route.port_of_discharge")]),
      box("8", "Country of destination", [r.country("route.destination_country")]),
    ),
    contentsTable(r),
    packagesTable(r),
  ];
  if (r.list("packaging.containers").length > 0 || (r.str("route.transport_mode") ?? "").toLowerCase() === "sea") {
    blocks.push(containersTable(r, "11"));
  }
  blocks.push(
    row(
      box("12", "Marks and numbers", [r.slot("packaging.marks_and_numbers", { lines: 2 })]),
      box("13", "Totals", [
        r.slot("packaging.total_packages", { label: "Packages:", format: numeric(formatWeight) }),
        text(`Net weight: ${totalNetWeight(r) ?? "—"}`),
        r.slot("packaging.total_gross_weight_kg", { label: "Gross weight (kg):", format: numeric(formatWeight) }),
      ]),
      box(
        "14",
        "Place, date and signature of the exporter",
        [
          text(r.placeAndDate(), "small"),
          ...r.optional("exporter.contact_name", { style: "small" }),
          signature("Signature and company stamp", 18),
        ],
        1.2,
      ),
    ),
  );
  return { title: packingListIdentity.title, subtitle: "Contents, packages and weights of the consignment", blocks };
});
