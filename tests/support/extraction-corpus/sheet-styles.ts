/**
 * Spreadsheets in three layouts with their own headers (not this service's wording): a label column
 * with values to the right and a goods table below; a German sheet; a bare goods table with a total row.
 * Each produces a cell grid (written as XLSX with exceljs, or as XLS by bench/extraction/write-xls.py)
 * and the labels.
 */
import ExcelJS from "exceljs";
import { postalLine, type CorpusShipment } from "./corpus-data.ts";
import type { Expected } from "./pdf-styles.ts";

export type Cell = string | number | null;
export interface SheetDoc {
  name: string;
  rows: Cell[][];
  expected: Expected;
}

function partyRows(label: string, p: CorpusShipment["exporter"], lang: "en" | "de"): Cell[][] {
  return [
    [label, p.name],
    [null, p.street],
    [null, postalLine(p)],
    [null, p.countryNames[lang]],
  ];
}

function partyExpected(prefix: string, p: CorpusShipment["exporter"]): Expected {
  return {
    [`${prefix}.name`]: p.name,
    [`${prefix}.address`]: p.street,
    [`${prefix}.city`]: p.city,
    [`${prefix}.postal_code`]: p.postal_code,
    ...(p.state ? { [`${prefix}.state`]: p.state } : {}),
    [`${prefix}.country`]: p.country,
  };
}

/** X1: English sheet — Seller/Buyer blocks, terms rows, goods table with HTS/COO/N.W./G.W. */
export function sheetEnglish(sh: CorpusShipment): SheetDoc {
  const rows: Cell[][] = [
    ["COMMERCIAL INVOICE"],
    ["Invoice #", sh.invoiceNo],
    [],
    ...partyRows("Seller", sh.exporter, "en"),
    [],
    ...partyRows("Buyer", sh.importer, "en"),
    [],
    ["Incoterms", `${sh.incoterms} ${sh.incoterm_place}`],
    ["Currency", sh.currency],
    ["Port of Loading", sh.port_of_loading.code],
    ["Port of Discharge", sh.port_of_discharge.code],
    ["Vessel", sh.vessel_name],
    [],
    ["Item Description", "HTS", "Pieces", "UOM", "Price/Unit", "Line Total", "COO", "N.W.", "G.W."],
    ...sh.items.map((it) => [
      it.description,
      it.hs_code,
      it.quantity,
      it.unit,
      it.unit_price,
      Math.round(it.quantity * it.unit_price * 100) / 100,
      it.origin_country,
      it.net_weight_kg,
      it.gross_weight_kg,
    ]),
    [null, null, null, null, "Total", sh.total_value],
  ];
  return {
    name: "Invoice",
    rows,
    expected: {
      ...partyExpected("exporter", sh.exporter),
      ...partyExpected("importer", sh.importer),
      "route.incoterms": sh.incoterms,
      "goods.currency": sh.currency,
      "route.port_of_loading": sh.port_of_loading.code,
      "route.port_of_discharge": sh.port_of_discharge.code,
      "route.vessel_name": sh.vessel_name,
      "goods.total_value": sh.total_value,
      ...Object.fromEntries(
        sh.items.flatMap((it, i) => {
          const p = `goods.line_items[${i}]`;
          return [
            [`${p}.description`, it.description],
            [`${p}.hs_code`, it.hs_code],
            [`${p}.quantity`, it.quantity],
            [`${p}.unit`, it.unit],
            [`${p}.unit_price`, it.unit_price],
            [`${p}.origin_country`, it.origin_country],
            [`${p}.net_weight_kg`, it.net_weight_kg],
            [`${p}.gross_weight_kg`, it.gross_weight_kg],
          ];
        }),
      ),
    },
  };
}

/** X2: German sheet — "Verkäufer:"/"Käufer:" labels, Lieferbedingung, Versandart, Ursprungsland column. */
export function sheetGerman(sh: CorpusShipment): SheetDoc {
  const mode = { sea: "Seefracht", air: "Luftfracht", road: "LKW", rail: "Bahn" }[sh.transport_mode];
  const rows: Cell[][] = [
    ["Proforma-Rechnung / Handelsrechnung"],
    ["Rechnungsnummer:", sh.invoiceNo],
    [],
    ...partyRows("Verkäufer:", sh.exporter, "de"),
    [],
    ...partyRows("Käufer:", sh.importer, "de"),
    [],
    ["Lieferbedingung:", `${sh.incoterms} ${sh.incoterm_place}`],
    ["Versandart:", mode],
    ["Währung:", sh.currency],
    [],
    ["Pos", "Bezeichnung", "Warennummer", "Menge", "Einheit", "Einzelpreis", "Gesamtpreis", "Ursprungsland"],
    ...sh.items.map((it, i) => [
      i + 1,
      it.description,
      it.hs_code,
      it.quantity,
      it.unit,
      it.unit_price,
      Math.round(it.quantity * it.unit_price * 100) / 100,
      it.origin_country === "DE" ? "Deutschland" : sh.exporter.countryNames.de,
    ]),
    [null, "Summe", null, null, null, null, sh.total_value],
  ];
  return {
    name: "Rechnung",
    rows,
    expected: {
      ...partyExpected("exporter", sh.exporter),
      ...partyExpected("importer", sh.importer),
      "route.incoterms": sh.incoterms,
      "route.transport_mode": sh.transport_mode,
      "goods.currency": sh.currency,
      "goods.total_value": sh.total_value,
      ...Object.fromEntries(
        sh.items.flatMap((it, i) => {
          const p = `goods.line_items[${i}]`;
          return [
            [`${p}.description`, it.description],
            [`${p}.hs_code`, it.hs_code],
            [`${p}.quantity`, it.quantity],
            [`${p}.unit`, it.unit],
            [`${p}.unit_price`, it.unit_price],
            [`${p}.origin_country`, it.origin_country],
          ];
        }),
      ),
    },
  };
}

/** X3: a bare goods table (currency only in the headers) with a total row. */
export function sheetTableOnly(sh: CorpusShipment): SheetDoc {
  const rows: Cell[][] = [
    ["Product", "HS Code", "Quantity", "Unit", `Unit Price (${sh.currency})`, `Amount (${sh.currency})`, "Origin"],
    ...sh.items.map((it) => [
      it.description,
      it.hs_code,
      it.quantity,
      it.unit,
      it.unit_price,
      Math.round(it.quantity * it.unit_price * 100) / 100,
      it.origin_country,
    ]),
    ["Total", null, null, null, null, sh.total_value],
  ];
  return {
    name: "Goods",
    rows,
    expected: {
      "goods.currency": sh.currency,
      "goods.total_value": sh.total_value,
      ...Object.fromEntries(
        sh.items.flatMap((it, i) => {
          const p = `goods.line_items[${i}]`;
          return [
            [`${p}.description`, it.description],
            [`${p}.hs_code`, it.hs_code],
            [`${p}.quantity`, it.quantity],
            [`${p}.unit`, it.unit],
            [`${p}.unit_price`, it.unit_price],
            [`${p}.origin_country`, it.origin_country],
          ];
        }),
      ),
    },
  };
}

export const SHEET_STYLES = { "sheet-en": sheetEnglish, "sheet-de": sheetGerman, "sheet-table": sheetTableOnly } as const;
export type SheetStyle = keyof typeof SHEET_STYLES;

export async function writeXlsx(doc: SheetDoc): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.created = new Date("2025-01-01T00:00:00Z");
  wb.modified = new Date("2025-01-01T00:00:00Z");
  const ws = wb.addWorksheet(doc.name);
  doc.rows.forEach((row, r) => {
    row.forEach((v, c) => {
      if (v === null || v === undefined) return;
      ws.getCell(r + 1, c + 1).value = v;
    });
  });
  ws.getColumn(1).width = 40;
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
