/** Goods tables shared by several layouts (invoices, packing list, certificates). Pure. */
import type { Piece, TableBlock, TableFooterCell } from "../page-kit/model.ts";
import { isHazardousItem } from "../data.ts";
import { lineItemsTotal, type Reader, sumOf, table, text } from "./common.ts";
import { formatMoney, formatQuantity, formatWeight, numberValue } from "../format.ts";

/**
 * Line items with their original indexes; an empty list becomes one blank item at index 0, so a document
 * without goods still offers fields for the first line (final_doc false) or a blank row.
 */
/** A line item's quantity with its unit ("1,200 pcs"), or null when it has no quantity. */
export function quantityText(r: Reader, index: number): string | null {
  const qty = r.num(itemPath(index, "quantity"));
  const unit = r.str(itemPath(index, "unit"));
  return qty !== null ? `${formatQuantity(qty)}${unit ? ` ${unit}` : ""}` : null;
}

export function indexedItems(
  r: Reader,
  filter?: (item: Record<string, unknown>) => boolean,
): { item: Record<string, unknown>; index: number }[] {
  const all = r.items().map((item, index) => ({ item, index }));
  const chosen = filter ? all.filter(({ item }) => filter(item)) : all;
  if (chosen.length > 0) return chosen;
  return all.length === 0 ? [{ item: {}, index: 0 }] : [];
}

export const itemPath = (index: number, key: string) => `goods.line_items.${index}.${key}`;

/** Description with hazard marker (UN number, class) when the item is dangerous goods. */
export function descriptionPieces(r: Reader, index: number, item: Record<string, unknown>, hazardNote = true): Piece[] {
  const pieces: Piece[] = [r.slot(itemPath(index, "description"))];
  if (hazardNote && isHazardousItem(item)) {
    const un = r.str(itemPath(index, "un_number"));
    const cls = r.str(itemPath(index, "hazard_class"));
    pieces.push(text(["Dangerous goods", un, cls ? `class ${cls}` : null].filter(Boolean).join(", "), "small"));
  }
  return pieces;
}

export function invoiceTable(r: Reader, number: string, label: string): TableBlock {
  const currency = r.currency();
  const rows = indexedItems(r).map(({ item, index }) => {
    const q = numberValue(item.quantity);
    const p = numberValue(item.unit_price);
    return [
      [text(String(index + 1))],
      descriptionPieces(r, index, item),
      [r.slot(itemPath(index, "hs_code"), { nowrap: true })],
      [r.slot(itemPath(index, "origin_country"), { nowrap: true })],
      [r.quantity(itemPath(index, "quantity"))],
      [r.slot(itemPath(index, "unit"), { nowrap: true })],
      [r.money(itemPath(index, "unit_price"))],
      [text(q !== null && p !== null ? formatMoney(Math.round(q * p * 100) / 100) : "", "body", "right")],
    ];
  });
  const sum = lineItemsTotal(r);
  const footer: TableFooterCell[][] = [
    [
      { span: 7, content: [text("Total of line items (quantity × unit price)", "small")], align: "right" },
      { content: [text(sum !== null ? formatMoney(sum) : "", "body", "right")] },
    ],
    [
      { span: 7, content: [text(`Total invoice value${currency ? ` (${currency})` : ""}`, "bold")], align: "right" },
      { content: [r.money("goods.total_value", { style: "bold" })] },
    ],
  ];
  return table(number, label, {
    columns: [
      { header: "No.", width: 0.32 },
      { header: "Description of goods", width: 2.7 },
      { header: "HS code", width: 0.95 },
      { header: "Origin", width: 0.5 },
      { header: "Quantity", width: 0.72, align: "right" },
      { header: "Unit", width: 0.45 },
      { header: `Unit price${currency ? ` (${currency})` : ""}`, width: 0.85, align: "right" },
      { header: `Amount${currency ? ` (${currency})` : ""}`, width: 0.95, align: "right" },
    ],
    rows,
    footer,
  });
}

/** Total net weight of the line items as text, or null. */
export function totalNetWeight(r: Reader): string | null {
  const net = sumOf(r.items(), "net_weight_kg");
  return net !== null ? `${formatWeight(net)} kg` : null;
}
