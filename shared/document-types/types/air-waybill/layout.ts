/**
 * Air waybill with the IATA box structure (Resolution 600a): shipper and consignee with account
 * numbers, AWB number and issuing carrier, issuing carrier's agent with IATA code, accounting
 * information, airport of departure and routing, airport of destination (IATA code and airport name, from
 * the UN/LOCODE list; the UN/LOCODE where the list gives none), flight/date, currency, charges
 * code, WT/VAL and other charges prepaid/collect, declared values for carriage and customs, amount of
 * insurance, handling information, the rating line (pieces, gross weight, rate class, chargeable weight,
 * rate, total, nature and quantity of goods), charges summary, shipper's certification, execution.
 */
import type { TableBlock } from "../../../documents/page-kit/model.ts";
import { airportLabel, box, check, defineLayout, type Reader, row, signature, table, text } from "../../../documents/layouts/common.ts";
import { formatMoney, formatQuantity, numeric } from "../../../documents/format.ts";
import { isHazardousItem } from "../../../documents/data.ts";
import { airWaybillIdentity } from "./identity.ts";

function ratingTable(r: Reader): TableBlock {
  const nature = r.items().map((item, i) => {
    const qty = typeof item.quantity === "number" ? `${formatQuantity(item.quantity)}${item.unit ? ` ${String(item.unit)}` : ""} ` : "";
    return text(`${qty}${typeof item.description === "string" ? item.description : `Line item ${i + 1}`}`, "small");
  });
  return table("19", "Rating and description of goods", {
    columns: [
      { header: "No. of pieces RCP", width: 0.7, align: "right" },
      { header: "Gross weight", width: 0.85, align: "right" },
      { header: "kg / lb", width: 0.4, align: "center" },
      { header: "Rate class", width: 0.5, align: "center" },
      { header: "Chargeable weight", width: 0.85, align: "right" },
      { header: "Rate / charge", width: 0.75, align: "right" },
      { header: "Total", width: 0.9, align: "right" },
      { header: "Nature and quantity of goods (incl. dimensions or volume)", width: 2.6 },
    ],
    rows: [
      [
        [r.quantity("packaging.total_packages")],
        [r.weight("packaging.total_gross_weight_kg")],
        [text("K", "body", "center")],
        [r.slot("awb_data.rate_class", { align: "center", nowrap: true })],
        [r.weight("awb_data.chargeable_weight_kg")],
        [r.money("awb_data.rate")],
        [r.money("awb_data.weight_charge")],
        [
          ...(nature.length > 0 ? nature : [r.slot("goods.line_items.0.description")]),
          ...r.optional("awb_data.dimensions", { label: "Dims:", style: "small" }),
          ...r.optional("awb_data.volume_m3", { label: "Volume (m³):", style: "small" }),
        ],
      ],
    ],
  });
}

export const airWaybill = defineLayout((r) => {
  // Boxes 8 and 9 name the airports by IATA code and name (Resolution 600a), not by UN/LOCODE.
  const airport = airportLabel(r.input.airports);
  const code = (r.str("awb_data.charge_code") ?? "").toUpperCase();
  const prepaid = code.startsWith("P");
  const collect = code.startsWith("C");
  const dangerous = r.items().some(isHazardousItem);
  // Shipper and consignee: the party with the carrier's account number for it.
  const partyBox = (number: string, label: string, party: string, account: string) =>
    box(number, label, [...r.party(party, { otherTaxIds: false }), ...r.optional(account, { label: "Account No.:" })], 1.2);
  return {
    title: airWaybillIdentity.title,
    subtitle:
      "Not negotiable · Air Waybill issued by the carrier named in box 2 · Copies 1, 2 and 3 are originals and have the same validity",
    blocks: [
      row(
        partyBox("1", "Shipper's name and address", "exporter", "awb_data.shipper_account_number"),
        box("2", "Air Waybill number · issued by", [
          r.slot("awb_data.awb_number", { label: "AWB No.:", style: "large" }),
          r.slot("awb_data.issuing_carrier", { label: "Issued by:", style: "bold" }),
        ]),
      ),
      row(
        partyBox("3", "Consignee's name and address", "importer", "awb_data.consignee_account_number"),
        box("4", "Conditions of contract", [
          text(
            "It is agreed that the goods described herein are accepted in apparent good order and condition (except as noted) for carriage SUBJECT TO THE CONDITIONS OF CONTRACT ON THE REVERSE HEREOF. The shipper's attention is drawn to the notice concerning carrier's limitation of liability; the shipper may increase such limitation by declaring a higher value for carriage and paying a supplemental charge if required.",
            "fine",
          ),
        ]),
      ),
      row(
        box("5", "Issuing carrier's agent, name and city", [r.slot("awb_data.agent_name", { lines: 2 })], 1.4),
        box("6", "Agent's IATA code", [r.slot("awb_data.agent_iata_code", { nowrap: true })], 0.8),
        box("7", "Accounting information", [r.slot("awb_data.accounting_information")]),
      ),
      row(
        box(
          "8",
          "Airport of departure (address of first carrier) and requested routing",
          [r.slot("route.port_of_loading", { format: airport }), ...r.optional("awb_data.routing", { label: "Routing:" })],
          1.4,
        ),
        box("9", "Airport of destination", [r.slot("route.port_of_discharge", { format: airport })]),
        box("10", "Requested flight / date", [r.slot("awb_data.flight")], 0.8),
      ),
      row(
        box("11", "Currency", [r.slot("goods.currency", { nowrap: true })], 0.5),
        box("12", "CHGS code", [r.slot("awb_data.charge_code", { nowrap: true })], 0.5),
        box("13", "WT/VAL and other", [text(`${check(prepaid, "PPD")}  ${check(collect, "COLL")}`, "small")], 0.8),
        box("14", "Declared value for carriage", [r.slot("awb_data.declared_value_carriage", { format: numeric(formatMoney) })], 0.8),
        box("15", "Declared value for customs", [r.slot("awb_data.declared_value_customs", { format: numeric(formatMoney) })], 0.8),
        box("16", "Amount of insurance", [r.slot("awb_data.insurance_amount", { format: numeric(formatMoney) })], 0.8),
      ),
      row(
        box(
          "17",
          "Handling information",
          [
            r.slot("awb_data.handling_information", { lines: 2 }),
            ...(dangerous ? [text("Dangerous goods as per attached Shipper's Declaration for Dangerous Goods.", "smallBold")] : []),
          ],
          3,
        ),
        box("18", "SCI", [r.slot("awb_data.sci", { nowrap: true })], 0.5),
      ),
      ratingTable(r),
      row(
        box("20", "Charges", [
          r.slot("awb_data.weight_charge", { label: "Weight charge:", format: numeric(formatMoney) }),
          ...r.optional("awb_data.valuation_charge", { label: "Valuation charge:", format: numeric(formatMoney) }),
          ...r.optional("awb_data.other_charges", { label: "Other charges:" }),
          r.slot("awb_data.total_charges", {
            label: `Total ${prepaid ? "prepaid" : collect ? "collect" : "prepaid / collect"}:`,
            style: "bold",
            format: numeric(formatMoney),
          }),
        ]),
        box(
          "21",
          "Shipper's certification",
          [
            text(
              "Shipper certifies that the particulars on the face hereof are correct and that insofar as any part of the consignment contains dangerous goods, such part is properly described by name and is in proper condition for carriage by air according to the applicable Dangerous Goods Regulations.",
              "fine",
            ),
            signature("Signature of shipper or its agent", 18),
          ],
          1.4,
        ),
      ),
      row(
        box("22", "Executed on (date) at (place)", [
          text([r.issueDate(), r.str("awb_data.place_of_execution") ?? r.str("route.port_of_loading")].filter(Boolean).join(" at ")),
        ]),
        box(
          "23",
          "Signature of issuing carrier or its agent",
          [...r.optional("awb_data.issuing_carrier", { style: "small" }), signature("Signature", 14)],
          1.4,
        ),
      ),
    ],
  };
});
