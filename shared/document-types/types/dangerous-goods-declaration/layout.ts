/**
 * Dangerous goods declaration in the layout of the UN/IMO multimodal dangerous goods form (IMDG Code
 * 5.4.5, UN/ECE Recommendation 11): shipper, transport document number, references, consignee, carrier,
 * aircraft limitation, handling information, vessel/flight, ports, destination, and per hazardous item
 * the UN number, proper shipping name, class, packing group, packages, net and gross mass; container
 * identification, seals, size/type, tare and total gross mass; the 24-hour emergency contact; the
 * container packing certificate, the shipper's declaration and the receiving organisation's receipt.
 */
import type { TableBlock } from "../../../documents/page-kit/model.ts";
import {
  box,
  check,
  defineLayout,
  type Reader,
  row,
  signature,
  table,
  text,
  transportModeLabel,
} from "../../../documents/layouts/common.ts";
import { columnDecimals, formatWeight } from "../../../documents/format.ts";
import { indexedItems, itemPath, quantityText } from "../../../documents/layouts/goods.ts";
import { isHazardousItem } from "../../../documents/data.ts";
import { dangerousGoodsDeclarationIdentity } from "./identity.ts";

function hazardTable(r: Reader): TableBlock {
  const items = indexedItems(r, isHazardousItem);
  const dn = columnDecimals(items.map(({ item }) => item.net_weight_kg));
  const dg = columnDecimals(items.map(({ item }) => item.gross_weight_kg));
  return table(
    "14",
    "Number and kind of packages · description of goods: UN No., proper shipping name, class, packing group · net and gross mass",
    {
      columns: [
        { header: "UN No.", width: 0.7 },
        { header: "Proper shipping name (technical name)", width: 2.2 },
        { header: "Class / division", width: 0.65, align: "center" },
        { header: "Packing group", width: 0.6, align: "center" },
        { header: "Number and kind of packages", width: 1 },
        { header: "Net mass (kg)", width: 0.75, align: "right" },
        { header: "Gross mass (kg)", width: 0.75, align: "right" },
      ],
      rows: items.map(({ index }) => {
        const qty = quantityText(r, index);
        return [
          [r.slot(itemPath(index, "un_number"), { style: "bold", nowrap: true })],
          [
            r.slot(itemPath(index, "proper_shipping_name"), { style: "bold" }),
            ...r.optional(itemPath(index, "description"), { style: "small" }),
          ],
          [r.slot(itemPath(index, "hazard_class"), { nowrap: true })],
          [r.slot(itemPath(index, "packing_group"), { nowrap: true })],
          [qty !== null ? text(qty) : r.quantity(itemPath(index, "quantity"), { align: "left" })],
          [r.weight(itemPath(index, "net_weight_kg"), { decimals: dn })],
          [r.weight(itemPath(index, "gross_weight_kg"), { decimals: dg })],
        ];
      }),
      emptyText: "No line item is flagged as dangerous goods (compliance_flags “dgd” or is_hazardous).",
    },
  );
}

export const dangerousGoodsDeclaration = defineLayout((r) => {
  const mode = (r.str("route.transport_mode") ?? "").toLowerCase();
  const air = mode === "air";
  const transportDoc = air ? "awb_data.awb_number" : "bl_data.bl_number";
  const limitation = (r.str("hazardous_shipment.aircraft_limitation") ?? "").toLowerCase();
  const containers = r.list("packaging.containers");
  const cIdx = r.indexes("packaging.containers");
  const tare = containers.reduce((s, c) => s + (typeof c.tare_weight_kg === "number" ? c.tare_weight_kg : 0), 0);
  const gross = r.num("packaging.total_gross_weight_kg");
  return {
    title: dangerousGoodsDeclarationIdentity.title,
    subtitle: "Multimodal dangerous goods form (IMDG Code 5.4.5 / UN/ECE Rec. 11) · Shipper's declaration for dangerous goods",
    blocks: [
      row(
        box("1", "Shipper / consignor / sender", r.party("exporter", { taxIds: [], otherTaxIds: false, contact: true }), 1.2),
        box("2", `Transport document number (${air ? "air waybill" : "bill of lading"})`, [r.slot(transportDoc, { style: "bold" })]),
      ),
      row(
        box("4", "Shipper's reference", [text(r.references())], 1.2),
        box("5", "Freight forwarder's reference", [r.slot("sli_data.forwarding_agent_name")]),
      ),
      row(
        box("6", "Consignee", r.party("importer", { otherTaxIds: false }), 1.2),
        box("7", "Carrier (to be completed by the carrier)", r.optional(air ? "awb_data.issuing_carrier" : "bl_data.carrier"), 1, {
          shade: true,
        }),
      ),
      row(
        box(
          "8",
          "This shipment is within the limitations prescribed for (air only)",
          [
            air
              ? text(
                  `${check(limitation.includes("passenger"), "Passenger and cargo aircraft")}   ${check(limitation.includes("cargo"), "Cargo aircraft only")}`,
                  "small",
                )
              : text("Not applicable — surface transport", "small"),
          ],
          1.2,
        ),
        box("9", "Additional handling information", [r.slot("hazardous_shipment.handling_instructions", { lines: 2 })]),
      ),
      row(
        box("10", "Vessel / flight No. and date", [
          r.slot(air ? "awb_data.flight" : "route.vessel_name"),
          ...(air ? [] : r.optional("route.voyage_number", { label: "Voyage:" })),
        ]),
        box("11", "Port / place of loading", [r.port("route.port_of_loading")]),
        box("12", "Port / place of discharge", [r.port("route.port_of_discharge")]),
        box("13", "Destination", [r.country("route.destination_country"), ...r.optional("bl_data.place_of_delivery", { style: "small" })]),
      ),
      row(
        box(undefined, "Mode of transport and regulation", [
          text(`Mode: ${transportModeLabel(r.raw("route.transport_mode")) ?? "—"}`),
          r.slot("hazardous_shipment.transport_regulation", { label: "Regulation:" }),
        ]),
        box(undefined, "Shipping marks", [r.slot("packaging.marks_and_numbers", { lines: 1 })], 1),
      ),
      hazardTable(r),
      row(
        box(
          "15",
          "Container identification No. / vehicle registration No.",
          cIdx.map((i) => r.slot(`packaging.containers.${i}.container_number`, { nowrap: true })),
          1.2,
        ),
        box(
          "16",
          "Seal number(s)",
          cIdx.map((i) => r.slot(`packaging.containers.${i}.seal_number`, { nowrap: true })),
        ),
        box(
          "17",
          "Container / vehicle size and type",
          cIdx.map((i) => r.slot(`packaging.containers.${i}.type`)),
        ),
        box("18", "Tare mass (kg)", [text(tare > 0 ? formatWeight(tare) : "—", "body", "right")], 0.75),
        box("19", "Total gross mass including tare (kg)", [text(gross !== null ? formatWeight(gross + tare) : "—", "body", "right")], 0.9),
      ),
      row(
        box("20", "24-hour emergency contact (name and telephone)", [
          r.slot("hazardous_shipment.emergency_contact", { style: "bold", lines: 1 }),
        ]),
      ),
      row(
        box("21", "Container / vehicle packing certificate", [
          text(
            "I hereby declare that the goods described above have been packed / loaded into the container / vehicle identified above in accordance with the applicable provisions.",
            "fine",
          ),
          text("Name / status of declarant, place and date:", "small"),
          signature("Signature of declarant", 16),
        ]),
        box(
          "22",
          "Shipper's declaration",
          [
            text(
              "I hereby declare that the contents of this consignment are fully and accurately described above by the proper shipping name, and are classified, packaged, marked and labelled / placarded and are in all respects in proper condition for transport according to the applicable international and national governmental regulations.",
              "fine",
            ),
            text(
              `Name / status of declarant: ${[r.str("exporter.contact_name"), r.str("exporter.name")].filter(Boolean).join(", ") || "—"}`,
              "small",
            ),
            text(`Place and date: ${r.placeAndDate()}`, "small"),
            signature("Signature of declarant", 16),
          ],
          1.25,
        ),
      ),
      row(
        box(
          "23",
          "Receiving organisation receipt",
          [
            text(
              "Received the above number of packages / containers / trailers in apparent good order and condition, unless stated hereon. Receiving organisation remarks:",
              "fine",
            ),
            signature("Haulier's name, vehicle reg. No., signature and date · Signature and date of the receiving organisation", 16),
          ],
          1,
          { shade: true },
        ),
      ),
    ],
  };
});
