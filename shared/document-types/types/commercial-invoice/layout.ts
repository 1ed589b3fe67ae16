/**
 * Commercial invoice: seller, buyer/consignee, invoice number and date, terms of delivery (Incoterms®
 * 2020) and payment, origin and destination, transport, goods with HS codes, quantities, prices and
 * totals, packages and weights, declaration of the exporter with signature.
 */
import { box, defineLayout, type Layout, row, shipmentRefPieces, signature, text } from "../../../documents/layouts/common.ts";
import { invoiceTable, totalNetWeight } from "../../../documents/layouts/goods.ts";
import { formatWeight, numeric } from "../../../documents/format.ts";
import { commercialInvoiceIdentity } from "./identity.ts";
import { proformaInvoiceIdentity } from "../proforma-invoice/identity.ts";

/** The commercial and the proforma invoice print the same elements; the proforma's own are marked. */
export function invoiceLayout(kind: "commercial" | "proforma"): Layout {
  return defineLayout((r) => {
    const proforma = kind === "proforma";
    const data = proforma ? "proforma_data" : "invoice_data";
    return {
      title: proforma ? proformaInvoiceIdentity.title : commercialInvoiceIdentity.title,
      subtitle: proforma
        ? "Advance invoice for quotation, import licence, letter of credit or prepayment purposes. Not a demand for payment."
        : "Invoice for customs and payment purposes · Terms of delivery per Incoterms® 2020",
      blocks: [
        row(
          box(
            "1",
            proforma
              ? "Seller / exporter (name, address, country, tax identifiers)"
              : "Exporter / seller (name, address, country, tax identifiers)",
            r.party("exporter", { taxIds: ["eori"], contact: true }),
            1.15,
          ),
          box("2", proforma ? "Proforma invoice number and date" : "Invoice number and date", [
            r.slot(`${data}.${proforma ? "proforma_number" : "invoice_number"}`, { label: "No.:", style: "bold" }),
            // Missing: a fillable date in a draft; the date of issue (generation date) in a final document.
            r.date(`${data}.${proforma ? "proforma_date" : "invoice_date"}`, { label: "Date:", fallback: r.issueDate() }),
            r.slot(`${data}.buyer_reference`, { label: "Buyer's order No.:" }),
            ...(proforma ? [r.date("proforma_data.valid_until", { label: "Valid until:" })] : []),
            ...shipmentRefPieces(r),
          ]),
        ),
        row(
          box(
            "3",
            proforma ? "Buyer / consignee (name, address, country)" : "Consignee / buyer (name, address, country, EORI)",
            r.party("importer", { taxIds: ["eori"], contact: true }),
            1.15,
          ),
          box("4", "Terms of delivery and payment", [
            r.slot("route.incoterms", {
              label: "Incoterms® 2020:",
              format: (v) => {
                const term = typeof v === "string" ? v.trim() : null;
                const named = r.str("route.incoterms_place");
                return term ? (named ? `${term} ${named}` : term) : null;
              },
            }),
            r.slot(`${data}.payment_terms`, { label: "Payment:", lines: 1 }),
            r.slot("goods.currency", { label: "Currency:" }),
            ...(proforma ? [] : r.optional("insurance_data.policy_number", { label: "Insurance policy:" })),
          ]),
        ),
        row(
          box("5", "Country of origin", [r.country("route.origin_country")]),
          box("6", "Country of destination", [r.country("route.destination_country")]),
          box("7", "Mode of transport", [r.transportMode("route.transport_mode")], 0.8),
        ),
        row(
          box("8", "Port / place of loading", [r.port("route.port_of_loading")]),
          box("9", "Port / place of discharge", [r.port("route.port_of_discharge")]),
          box(
            "10",
            "Vessel / flight and voyage",
            [r.slot("route.vessel_name"), ...r.optional("route.voyage_number", { label: "Voyage:" })],
            0.8,
          ),
        ),
        invoiceTable(r, "11", "Goods"),
        row(
          box(
            "12",
            "Packages and weights",
            [
              r.slot("packaging.total_packages", { label: "Total packages:", format: numeric((n) => formatWeight(n)) }),
              r.slot("packaging.total_gross_weight_kg", { label: "Total gross weight (kg):", format: numeric(formatWeight) }),
              text(`Total net weight: ${totalNetWeight(r) ?? "—"}`),
              ...r.optional("packaging.marks_and_numbers", { label: "Marks and numbers:" }),
            ],
            0.9,
          ),
          box(
            "13",
            "Declaration of the exporter",
            [
              text(
                proforma
                  ? "We certify that the goods, prices and terms above are our binding offer for the period stated and that the particulars given are true and correct."
                  : "We hereby certify that this invoice shows the actual price of the goods described, that all particulars are true and correct, and that the goods originate in the country stated above.",
                "small",
              ),
              text(`Place and date: ${r.placeAndDate()}`, "small"),
              ...r.optional("exporter.contact_name", { label: "Authorised signatory:", style: "small" }),
              signature("Signature and company stamp", 22),
            ],
            1.4,
          ),
        ),
      ],
    };
  });
}

export const commercialInvoice = invoiceLayout("commercial");
