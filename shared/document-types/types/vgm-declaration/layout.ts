/**
 * Verified gross mass declaration under SOLAS chapter VI regulation 2 and MSC.1/Circ.1475: shipper,
 * booking and B/L references, vessel, voyage and ports, per container the container number, size/type,
 * seal, verified gross mass and tare, the weighing method (1: packed container weighed; 2: contents
 * weighed and tare added), weighing station / equipment, date of weighing, authorised person with
 * position and signature, and the shipper's declaration.
 */
import type { TableBlock } from "../../../documents/page-kit/model.ts";
import {
  box,
  check,
  defineLayout,
  type Reader,
  row,
  shipmentRefPieces,
  signature,
  table,
  text,
} from "../../../documents/layouts/common.ts";
import { vgmDeclarationIdentity } from "./identity.ts";

function containerTable(r: Reader, method: string | null, date: string | null): TableBlock {
  const indexes = r.indexes("packaging.containers");
  const dv = r.decimals("packaging.containers", "verified_gross_mass_kg");
  const dt = r.decimals("packaging.containers", "tare_weight_kg");
  return table("7", "Containers", {
    columns: [
      { header: "Container number", width: 1.25 },
      { header: "Size / type", width: 0.8 },
      { header: "Seal number", width: 1.05 },
      { header: "Verified gross mass (kg)", width: 1.05, align: "right" },
      { header: "Tare (kg)", width: 0.75, align: "right" },
      { header: "Method", width: 0.55, align: "center" },
      { header: "Date of weighing", width: 0.85 },
    ],
    rows: indexes.map((i) => [
      [r.slot(`packaging.containers.${i}.container_number`, { style: "bold", nowrap: true })],
      [r.slot(`packaging.containers.${i}.type`)],
      [r.slot(`packaging.containers.${i}.seal_number`, { nowrap: true })],
      [r.weight(`packaging.containers.${i}.verified_gross_mass_kg`, { style: "bold", decimals: dv })],
      [r.weight(`packaging.containers.${i}.tare_weight_kg`, { decimals: dt })],
      [text(method ?? "", "body", "center")],
      [text(date ?? "")],
    ]),
  });
}

export const vgmDeclaration = defineLayout((r) => {
  const methodRaw = r.str("vgm_data.weighing_method");
  const method = methodRaw === "1" || methodRaw === "2" ? methodRaw : null;
  const date = r.has("vgm_data.weighing_date") ? r.date("vgm_data.weighing_date").value : null;
  return {
    title: vgmDeclarationIdentity.title,
    subtitle: "SOLAS chapter VI, regulation 2, paragraphs 4–6 · IMO MSC.1/Circ.1475 guidelines",
    blocks: [
      row(
        box("1", "Shipper (name and address)", r.party("exporter", { otherTaxIds: false, contact: true }), 1.2),
        box("2", "References", [
          r.slot("vgm_data.booking_reference", { label: "Booking No.:", style: "bold" }),
          ...r.optional("bl_data.bl_number", { label: "B/L No.:" }),
          ...shipmentRefPieces(r, "Shipper's reference:"),
        ]),
      ),
      row(
        box("3", "Vessel", [r.slot("route.vessel_name")]),
        box("4", "Voyage", [r.slot("route.voyage_number")], 0.6),
        box("5", "Port of loading", [r.port("route.port_of_loading")]),
        box("6", "Port of discharge", [r.port("route.port_of_discharge")]),
      ),
      containerTable(r, method, date),
      row(
        box(
          "8",
          "Weighing method (SOLAS VI/2.4)",
          [
            ...(method === null ? [r.slot("vgm_data.weighing_method", { label: "Method (1 or 2):" })] : []),
            text(
              check(method === "1", "Method 1 — the packed and sealed container was weighed on calibrated and certified equipment."),
              "small",
            ),
            text(
              check(
                method === "2",
                "Method 2 — all packages and cargo items, including pallets, dunnage and securing material, were weighed and the tare mass of the container added.",
              ),
              "small",
            ),
          ],
          1.5,
        ),
        box("9", "Weighing station / equipment", [
          r.slot("vgm_data.weighing_station", { lines: 2 }),
          r.date("vgm_data.weighing_date", { label: "Date of weighing:" }),
        ]),
      ),
      row(
        box("10", "Authorised person (duly authorised by the shipper)", [
          r.slot("vgm_data.authorised_person", { style: "bold" }),
          ...r.optional("vgm_data.position", { label: "Position:" }),
          text(`Date: ${r.issueDate()}`),
          signature("Signature", 18),
        ]),
        box(
          "11",
          "Declaration",
          [
            text(
              "The shipper declares that the verified gross mass of each container stated above has been obtained in accordance with SOLAS chapter VI, regulation 2 and the requirements of the state in which weighing was completed, using calibrated and certified equipment, and accepts responsibility for its accuracy. The VGM may be used by the carrier and terminal for stowage planning.",
              "fine",
            ),
          ],
          1.3,
        ),
      ),
    ],
  };
});
