/**
 * Health / veterinary certificate in the structure of official export health certificates (EU model,
 * TRACES layout): Part I consignment details — consignor, certificate reference, central and local
 * competent authority, consignee, countries of origin and destination, place of dispatch with the
 * establishment approval number, place of destination, departure, means of transport, entry border
 * control post, containers and seals, certified-for purpose, packages and weights, and the description
 * of the consignment (commodity code, species, nature of commodity, treatment, approved plant, packages,
 * net weight, batch); Part II certification — health attestation, official veterinarian, inspection
 * date, stamp and signature.
 */
import type { TableBlock } from "../../../documents/page-kit/model.ts";
import {
  box,
  defineLayout,
  paragraph,
  type Reader,
  row,
  signature,
  sumOf,
  table,
  text,
  transportDetails,
} from "../../../documents/layouts/common.ts";
import { columnDecimals, formatWeight } from "../../../documents/format.ts";
import { indexedItems, itemPath } from "../../../documents/layouts/goods.ts";
import { healthVeterinaryCertificateIdentity } from "./identity.ts";

function isAnimalItem(item: Record<string, unknown>): boolean {
  const flags = Array.isArray(item.compliance_flags) ? item.compliance_flags : [];
  return (
    (typeof item.species === "string" && item.species.trim() !== "") ||
    flags.some((f) => typeof f === "string" && ["vet", "veterinary", "animal", "health"].includes(f.trim().toLowerCase()))
  );
}

function consignmentTable(r: Reader): TableBlock {
  const animal = indexedItems(r, isAnimalItem);
  const items = animal.length > 0 ? animal : indexedItems(r);
  const d = columnDecimals(items.map(({ item }) => item.net_weight_kg));
  return table("I.27", "Description of consignment", {
    columns: [
      { header: "CN / HS code", width: 0.9 },
      { header: "Species (scientific name)", width: 1.1 },
      { header: "Nature of commodity", width: 2.1 },
      { header: "Treatment type", width: 0.8 },
      { header: "Manufacturing plant (approval No.)", width: 1.1 },
      { header: "Number of packages", width: 0.7, align: "right" },
      { header: "Net weight (kg)", width: 0.8, align: "right" },
    ],
    rows: items.map(({ index }) => [
      [r.slot(itemPath(index, "hs_code"), { nowrap: true })],
      [r.slot(itemPath(index, "species"))],
      [r.slot(itemPath(index, "description"))],
      [r.slot(itemPath(index, "treatment_type"))],
      [
        r.has(itemPath(index, "establishment_number"))
          ? r.slot(itemPath(index, "establishment_number"))
          : r.slot("veterinary_data.establishment_number", { style: "small" }),
      ],
      [r.quantity(itemPath(index, "quantity"))],
      [r.weight(itemPath(index, "net_weight_kg"), { decimals: d })],
    ]),
  });
}

export const healthVeterinaryCertificate = defineLayout((r) => {
  const containers = r.list("packaging.containers");
  const net = sumOf(r.items(), "net_weight_kg");
  return {
    title: healthVeterinaryCertificateIdentity.title,
    subtitle:
      "Official certificate for the export of products of animal origin · Part I: details of the consignment · Part II: certification",
    blocks: [
      paragraph([text("Part I: Details of dispatched consignment", "heading")]),
      row(
        box("I.1", "Consignor / exporter", r.party("exporter", { otherTaxIds: false }), 1.1),
        box("I.2", "Certificate reference No.", [
          r.slot("veterinary_data.certificate_number", { style: "bold" }),
          text("I.3 Central competent authority", "fine"),
          r.slot("veterinary_data.competent_authority", { style: "bold" }),
          text("I.4 Local competent authority", "fine"),
          r.slot("veterinary_data.local_authority"),
        ]),
      ),
      row(
        box("I.5", "Consignee / importer", r.party("importer", { otherTaxIds: false }), 1.1),
        box("I.7", "Country of origin", [r.country("route.origin_country")], 0.5),
        box("I.9", "Country of destination", [r.country("route.destination_country")], 0.5),
      ),
      row(
        box(
          "I.11",
          "Place of dispatch (establishment and approval number)",
          [
            r.slot("exporter.name", { style: "bold" }),
            r.slot("veterinary_data.establishment_number", { label: "Approval No.:", style: "bold" }),
          ],
          1.1,
        ),
        box("I.12", "Place of destination", [
          text([r.str("bl_data.place_of_delivery"), r.str("importer.city")].filter(Boolean).join(" · ") || "—"),
        ]),
      ),
      row(
        box("I.14", "Date of departure", [r.date("route.departure_date")], 0.7),
        box("I.15", "Means of transport", transportDetails(r), 1.4),
        box("I.16", "Entry border control post", [r.slot("veterinary_data.border_control_post")]),
      ),
      row(
        box(
          "I.19",
          "Container No. / seal No.",
          [text(containers.map((c) => [c.container_number, c.seal_number].filter(Boolean).map(String).join(" / ")).join("; ") || "—")],
          1.4,
        ),
        box("I.20", "Certified as or for", [r.slot("veterinary_data.certified_for")]),
        box("I.22", "Total packages", [r.quantity("packaging.total_packages", { align: "left" })], 0.6),
        box(
          "I.23",
          "Total net / gross weight (kg)",
          [
            text(
              `${net !== null ? formatWeight(net) : "—"} / ${r.str("packaging.total_gross_weight_kg") ? formatWeight(r.num("packaging.total_gross_weight_kg") ?? 0) : "—"}`,
            ),
          ],
          0.9,
        ),
      ),
      consignmentTable(r),
      paragraph([text("Part II: Certification", "heading")]),
      row(box("II.1", "Health attestation", [r.slot("veterinary_data.attestation", { lines: 3 })])),
      row(
        box(
          undefined,
          "Official veterinarian / official inspector",
          [
            r.slot("veterinary_data.inspector_name", { label: "Name (in capitals):", style: "bold" }),
            ...r.optional("veterinary_data.inspector_qualification", { label: "Qualification and title:" }),
            r.date("veterinary_data.inspection_date", { label: "Date of inspection:" }),
            text(`Date of issue: ${r.issueDate()}`),
          ],
          1.2,
        ),
        box(undefined, "Stamp and signature", [signature("Signature of the official veterinarian", 30)]),
      ),
    ],
  };
});
