/**
 * Phytosanitary certificate after the IPPC model (ISPM 12): certificate number, plant protection
 * organization of the exporting country and of the importing country; I. description of the
 * consignment (exporter, consignee, number and description of packages, distinguishing marks, place of
 * origin, declared means of conveyance, declared point of entry, name of produce and quantity declared,
 * botanical names of plants); the certification statement; II. additional declaration; III.
 * disinfestation and/or disinfection treatment (date, treatment, chemical, duration and temperature,
 * concentration, additional information); place of issue, date, authorized officer, stamp, signature.
 */
import type { TableBlock } from "../../../documents/page-kit/model.ts";
import {
  box,
  defineLayout,
  paragraph,
  type Reader,
  row,
  signature,
  table,
  text,
  transportModeLabel,
} from "../../../documents/layouts/common.ts";
import { formatQuantity } from "../../../documents/format.ts";
import { indexedItems, itemPath, quantityText } from "../../../documents/layouts/goods.ts";
import { countryName, normalizeCountry } from "../../../documents/country-names.ts";
import { phytosanitaryCertificateIdentity } from "./identity.ts";

export function isPlantItem(item: Record<string, unknown>): boolean {
  const flags = Array.isArray(item.compliance_flags) ? item.compliance_flags : [];
  return (
    (typeof item.botanical_name === "string" && item.botanical_name.trim() !== "") ||
    flags.some((f) => typeof f === "string" && ["phyto", "phytosanitary", "plant"].includes(f.trim().toLowerCase()))
  );
}

function produceTable(r: Reader): TableBlock {
  const plants = indexedItems(r, isPlantItem);
  const items = plants.length > 0 ? plants : indexedItems(r);
  return table(undefined, undefined, {
    columns: [
      { header: "Name of produce and quantity declared", width: 2.8 },
      { header: "Botanical name of plants", width: 1.8 },
      { header: "Quantity", width: 0.8, align: "right" },
      { header: "Net weight (kg)", width: 0.85, align: "right" },
    ],
    rows: items.map(({ index }) => {
      const qty = quantityText(r, index);
      return [
        [r.slot(itemPath(index, "description"))],
        [r.slot(itemPath(index, "botanical_name"), { style: "bold" })],
        [qty !== null ? text(qty, "body", "right") : r.quantity(itemPath(index, "quantity"))],
        [r.weight(itemPath(index, "net_weight_kg"))],
      ];
    }),
  });
}

export const phytosanitaryCertificate = defineLayout((r) => {
  const origin = normalizeCountry(r.raw("route.origin_country"));
  const destination = normalizeCountry(r.raw("route.destination_country"));
  const packages = r
    .list("packaging.packages")
    .map((p) =>
      [typeof p.quantity === "number" ? `${formatQuantity(p.quantity)} ×` : null, typeof p.type === "string" ? p.type : null]
        .filter(Boolean)
        .join(" "),
    )
    .filter((s) => s.length > 0);
  return {
    title: phytosanitaryCertificateIdentity.title,
    subtitle: "Model phytosanitary certificate of the International Plant Protection Convention (ISPM 12)",
    blocks: [
      row(
        box(undefined, "Certificate No.", [r.slot("phytosanitary_data.certificate_number", { style: "large" })], 0.9),
        box(
          undefined,
          `Plant Protection Organization of ${origin ? countryName(origin) : "the exporting country"}`,
          [r.slot("phytosanitary_data.issuing_authority", { style: "bold", lines: 2 })],
          1.3,
        ),
        box(
          undefined,
          "TO: Plant Protection Organization(s) of",
          [r.slot("route.destination_country", { style: "bold", format: () => (destination ? countryName(destination) : null) })],
          0.8,
        ),
      ),
      paragraph([text("I. Description of consignment", "heading")]),
      row(
        box("1", "Name and address of exporter", r.party("exporter", { otherTaxIds: false })),
        box("2", "Declared name and address of consignee", r.party("importer", { otherTaxIds: false })),
      ),
      row(
        box("3", "Number and description of packages", [
          packages.length > 0 ? text(packages.join("; ")) : r.slot("packaging.packages.0.type"),
          r.slot("packaging.total_packages", {
            label: "Total packages:",
            format: (v) => (typeof v === "number" ? formatQuantity(v) : String(v)),
          }),
        ]),
        box("4", "Distinguishing marks", [r.slot("packaging.marks_and_numbers", { lines: 2 })]),
      ),
      row(
        box("5", "Place of origin", [r.slot("phytosanitary_data.place_of_origin", { lines: 2 })]),
        box("6", "Declared means of conveyance", [
          text([transportModeLabel(r.raw("route.transport_mode")), r.str("route.vessel_name")].filter(Boolean).join(" · ") || "—"),
        ]),
        box("7", "Declared point of entry", [r.slot("phytosanitary_data.point_of_entry")]),
      ),
      produceTable(r),
      paragraph(
        [
          text(
            "This is to certify that the plants, plant products or other regulated articles described herein have been inspected and/or tested according to appropriate official procedures and are considered to be free from the quarantine pests specified by the importing contracting party and to conform with the current phytosanitary requirements of the importing contracting party, including those for regulated non-quarantine pests.",
            "small",
          ),
        ],
        true,
      ),
      row(box(undefined, "II. Additional declaration", [r.slot("phytosanitary_data.additional_declaration", { lines: 2 })])),
      paragraph([text("III. Disinfestation and/or disinfection treatment", "heading")]),
      row(
        box(undefined, "Date", [r.date("phytosanitary_data.treatment_date")], 0.8),
        box(undefined, "Treatment", [r.slot("phytosanitary_data.treatment")], 1.1),
        box(undefined, "Chemical (active ingredient)", [r.slot("phytosanitary_data.chemical")]),
        box(undefined, "Duration and temperature", [r.slot("phytosanitary_data.duration_and_temperature")], 1.1),
        box(undefined, "Concentration", [r.slot("phytosanitary_data.concentration")], 0.8),
      ),
      row(box(undefined, "Additional information", [...r.optional("phytosanitary_data.treatment_information")], 1, { minHeight: 22 })),
      row(
        box(
          undefined,
          "Place of issue",
          [
            r.has("phytosanitary_data.place_of_issue") || !r.has("exporter.city")
              ? r.slot("phytosanitary_data.place_of_issue")
              : text(r.str("exporter.city") ?? ""),
          ],
          0.9,
        ),
        box(undefined, "Date", [text(r.issueDate())], 0.6),
        box(undefined, "Name of authorized officer", [r.slot("phytosanitary_data.inspector_name", { style: "bold" })], 1.1),
        box(undefined, "(Stamp of organization) · Signature", [signature("Signature", 20)], 1.2),
      ),
    ],
  };
});
