/**
 * Shipper's letter of instruction: USPPI/exporter with tax id, forwarding agent, ultimate and
 * intermediate consignee, consignee type, related-party and routed-transaction flags, hazardous
 * materials, origin and destination, method of transportation, date and port of export, port of
 * unloading, carrier, Incoterms, commodity lines (D/F, Schedule B/HTS, quantity, shipping weight, value,
 * ECCN / licence), EEI filing instruction, freight and insurance instructions, special instructions and
 * the shipper's authorisation of the forwarder.
 */
import type { TableBlock } from "../../../documents/page-kit/model.ts";
import { box, check, defineLayout, type Reader, row, signature, table, text } from "../../../documents/layouts/common.ts";
import { indexedItems, itemPath } from "../../../documents/layouts/goods.ts";
import { isHazardousItem } from "../../../documents/data.ts";
import { formatMoney, numberValue } from "../../../documents/format.ts";
import { shippersLetterOfInstructionIdentity } from "./identity.ts";

function commoditiesTable(r: Reader): TableBlock {
  const currency = r.currency();
  const home = r.str("route.origin_country") ?? r.str("exporter.country");
  return table("18", "Commodities", {
    columns: [
      { header: "D/F", width: 0.35, align: "center" },
      { header: "Schedule B / HTS No.", width: 1 },
      { header: "Description of commodities", width: 2.6 },
      { header: "Quantity", width: 0.7, align: "right" },
      { header: "Unit", width: 0.45 },
      { header: "Shipping weight (kg)", width: 0.85, align: "right" },
      { header: `Value${currency ? ` (${currency})` : ""}`, width: 0.95, align: "right" },
      { header: "ECCN / licence", width: 0.8 },
    ],
    rows: indexedItems(r).map(({ item, index }) => {
      const origin = typeof item.origin_country === "string" ? item.origin_country : null;
      const q = numberValue(item.quantity);
      const p = numberValue(item.unit_price);
      return [
        [text(origin && home ? (origin === home ? "D" : "F") : "", "body", "center")],
        [r.slot(itemPath(index, "hs_code"), { nowrap: true })],
        [r.slot(itemPath(index, "description"))],
        [r.quantity(itemPath(index, "quantity"))],
        [r.slot(itemPath(index, "unit"), { nowrap: true })],
        [r.weight(itemPath(index, "gross_weight_kg"))],
        [text(q !== null && p !== null ? formatMoney(q * p) : "", "body", "right")],
        [r.slot(itemPath(index, "eccn"), { nowrap: true })],
      ];
    }),
    footer: [
      [
        { span: 6, content: [text("Total value", "bold")], align: "right" },
        { content: [r.money("goods.total_value", { style: "bold" })] },
        { content: [] },
      ],
    ],
  });
}

function yesNo(r: Reader, path: string, label: string) {
  const v = r.raw(path);
  if (typeof v === "boolean") return text(`${check(v, "Yes")}  ${check(!v, "No")}`);
  return r.slot(path, { label: `${label} (Yes / No):` });
}

export const shippersLetterOfInstruction = defineLayout((r) => {
  const freight = (r.str("sli_data.freight_payment") ?? "").toUpperCase();
  const hazardous = r.items().some(isHazardousItem);
  return {
    title: shippersLetterOfInstructionIdentity.title,
    subtitle: "Instructions from the shipper (USPPI / exporter) to the forwarding agent for booking and export clearance",
    blocks: [
      row(
        box("1", "Shipper / USPPI (name, address, tax identification)", r.party("exporter", { taxIds: [], contact: true }), 1.2),
        box("2", "Forwarding agent", [
          r.slot("sli_data.forwarding_agent_name", { style: "bold", lines: 2 }),
          text(`Shipper's reference: ${r.references()}`, "small"),
        ]),
      ),
      row(
        box("3", "Ultimate consignee", r.party("importer", { otherTaxIds: true }), 1.2),
        box(
          "4",
          "Intermediate consignee / notify party",
          r.has("sli_data.intermediate_consignee")
            ? [r.slot("sli_data.intermediate_consignee", { lines: 2 })]
            : r.has("notify_party.name")
              ? r.party("notify_party", { otherTaxIds: false })
              : [text("None")],
        ),
      ),
      row(
        box(
          "5",
          "Ultimate consignee type",
          [r.slot("sli_data.consignee_type"), text("Direct consumer · Government entity · Reseller · Other / unknown", "fine")],
          1.3,
        ),
        box("6", "Related party transaction", [yesNo(r, "sli_data.related_party", "Related")], 0.8),
        box("7", "Routed export transaction", [yesNo(r, "sli_data.routed_export", "Routed")], 0.8),
        box("8", "Hazardous materials", [text(`${check(hazardous, "Yes")}  ${check(!hazardous, "No")}`)], 0.7),
      ),
      row(
        box("9", "Country / state of origin", [r.country("route.origin_country")]),
        box("10", "Country of ultimate destination", [r.country("route.destination_country")]),
        box("11", "Method of transportation", [r.transportMode("route.transport_mode")], 0.8),
        box("12", "Date of export", [r.date("route.departure_date")], 0.8),
      ),
      row(
        box("13", "Port of export", [r.port("route.port_of_loading")]),
        box("14", "Port of unloading", [r.port("route.port_of_discharge")]),
        box("15", "Carrier / vessel", [r.slot("route.vessel_name")]),
        box(
          "16",
          "Incoterms® 2020",
          [
            r.slot("route.incoterms", {
              format: (v) => `${String(v)}${r.str("route.incoterms_place") ? ` ${r.str("route.incoterms_place")}` : ""}`,
            }),
          ],
          0.8,
        ),
      ),
      commoditiesTable(r),
      row(
        box("19", "EEI / export declaration filing", [r.slot("sli_data.eei_filing", { lines: 2 })], 1.4),
        box(
          "20",
          "Freight",
          [
            freight === "PREPAID" || freight === "COLLECT"
              ? text(`${check(freight === "PREPAID", "Prepaid")}  ${check(freight === "COLLECT", "Collect")}`)
              : r.slot("sli_data.freight_payment", { label: "Prepaid / collect:" }),
          ],
          0.9,
        ),
        box(
          "21",
          "Insurance",
          [
            r.has("insurance_data.policy_number")
              ? text(
                  `${check(true, "Insured by shipper")}: ${r.str("insurance_data.insurance_company") ?? ""} ${r.str("insurance_data.policy_number") ?? ""}`.trim(),
                  "small",
                )
              : text(`${check(false, "Insured by shipper")}  ${check(false, "Forwarder to insure")}`, "small"),
          ],
          1.2,
        ),
      ),
      row(box("22", "Special instructions", [r.slot("sli_data.instructions", { lines: 3 })])),
      row(
        box("23", "Authorisation", [
          text(
            "I certify that the statements made and all information contained herein are true and correct. I understand that civil and criminal penalties may be imposed for making false or fraudulent statements. I authorize the forwarder named above to act as forwarding agent for export control and customs purposes.",
            "fine",
          ),
          r.slot("exporter.contact_name", { label: "Name:" }),
          text(`Date: ${r.issueDate()}`),
          signature("Signature of the shipper / USPPI", 18),
        ]),
      ),
    ],
  };
});
