/**
 * Building blocks shared by the per-type layouts: reading shipment values into slot pieces, party
 * blocks, route pieces, boxes, header info. Everything here is pure: shipment data in, model out.
 */
import type { DocumentType } from "../../document-types/identities.ts";
import type {
  Box,
  DocumentModel,
  HeaderInfo,
  Piece,
  RowBlock,
  SlotPiece,
  StyleName,
  TableBlock,
  TextBlock,
  TextPiece,
  Align,
} from "../page-kit/model.ts";
import { arrayAt, getAt } from "../data.ts";
import { countryLabel, countryName } from "../country-names.ts";
import { parseLocode } from "../../trade/locode.ts";
import type { Airport } from "../../trade/locode.ts";
import {
  columnDecimals,
  displayValue,
  formatDate,
  formatMoney,
  formatNumber,
  formatQuantity,
  formatWeight,
  numberValue,
  numeric,
} from "../format.ts";

export interface LayoutInput {
  docType: DocumentType;
  shipment: Record<string, unknown>;
  shipmentRef: string | null;
  shipmentId: string | null;
  generatedAt: Date;
  generationNumber: number;
  /** Airports of the route's UN/LOCODEs (IATA code and name), for the air waybill; absent: none known. */
  airports?: Readonly<Record<string, Airport>>;
}

export type Layout = (input: LayoutInput) => DocumentModel;

/**
 * A layout from what its type prints: title, subtitle and blocks read from the shipment. The header info
 * (shipment reference, date of issue) is the same on every document.
 */
export function defineLayout(build: (r: Reader) => Omit<DocumentModel, "info">): Layout {
  return (input) => {
    const r = new Reader(input);
    const { title, subtitle, blocks } = build(r);
    return subtitle === undefined ? { title, info: headerInfo(r), blocks } : { title, subtitle, info: headerInfo(r), blocks };
  };
}

export interface SlotOptions {
  label?: string;
  lines?: number;
  style?: StyleName;
  align?: Align;
  nowrap?: boolean;
  format?: (value: unknown) => string | null;
  /** Printed in a final document when the value is missing. */
  fallback?: string;
}

/** Read access to one shipment, producing pieces. */
export class Reader {
  constructor(readonly input: LayoutInput) {}

  get shipment(): Record<string, unknown> {
    return this.input.shipment;
  }

  raw(path: string): unknown {
    return getAt(this.input.shipment, path);
  }

  str(path: string): string | null {
    return displayValue(this.raw(path));
  }

  num(path: string): number | null {
    return numberValue(this.raw(path));
  }

  has(path: string): boolean {
    return this.str(path) !== null;
  }

  list(path: string): Record<string, unknown>[] {
    return arrayAt(this.input.shipment, path).map((v) => (v !== null && typeof v === "object" ? (v as Record<string, unknown>) : {}));
  }

  items(): Record<string, unknown>[] {
    return this.list("goods.line_items");
  }

  /** A value slot: static text when present, a fillable field (or blank) when missing. */
  slot(path: string, options: SlotOptions = {}): SlotPiece {
    const raw = this.raw(path);
    const value = options.format ? (raw === undefined || raw === null ? null : options.format(raw)) : displayValue(raw);
    const piece: SlotPiece = { kind: "slot", path, value: value !== null && value.trim().length > 0 ? value : null };
    if (options.label !== undefined) piece.label = options.label;
    if (options.lines !== undefined) piece.lines = options.lines;
    if (options.style !== undefined) piece.style = options.style;
    if (options.align !== undefined) piece.align = options.align;
    if (options.nowrap !== undefined) piece.nowrap = options.nowrap;
    if (options.fallback !== undefined) piece.fallback = options.fallback;
    return piece;
  }

  /** The slot only when the value is present (optional elements a form leaves out when unknown). */
  optional(path: string, options: SlotOptions = {}): Piece[] {
    const piece = this.slot(path, options);
    return piece.value === null ? [] : [piece];
  }

  money(path: string, options: SlotOptions = {}): SlotPiece {
    return this.slot(path, { align: "right", nowrap: true, format: numeric(formatMoney), ...options });
  }

  quantity(path: string, options: SlotOptions = {}): SlotPiece {
    return this.slot(path, { align: "right", nowrap: true, format: numeric(formatQuantity), ...options });
  }

  /** Weight in kg; `decimals` fixes the decimals (one format per table column, see columnDecimals). */
  weight(path: string, options: SlotOptions & { decimals?: number } = {}): SlotPiece {
    const { decimals, ...rest } = options;
    const format = decimals === undefined ? formatWeight : (n: number) => formatNumber(n, decimals, decimals);
    return this.slot(path, { align: "right", nowrap: true, format: numeric(format), ...rest });
  }

  /** Decimals shared by a column of values at `key` of the records at `listPath`. */
  decimals(listPath: string, key: string): number {
    return columnDecimals(this.list(listPath).map((record) => record[key]));
  }

  country(path: string, options: SlotOptions = {}): SlotPiece {
    return this.slot(path, { format: (v) => (typeof v === "string" && v.trim() ? countryLabel(v) : displayValue(v)), ...options });
  }

  date(path: string, options: SlotOptions = {}): SlotPiece {
    return this.slot(path, { format: (v) => (typeof v === "string" && v.trim() ? formatDate(v) : displayValue(v)), ...options });
  }

  /** Name, address, postal code and city, country, tax ids and contact of a party (exporter, importer, …). */
  party(key: string, options: PartyOptions = {}): Piece[] {
    const out: Piece[] = [this.slot(`${key}.name`, { style: "bold" }), this.slot(`${key}.address`, { lines: options.addressLines ?? 2 })];
    const city = this.str(`${key}.city`);
    const postal = this.str(`${key}.postal_code`);
    const state = this.str(`${key}.state`);
    if (city && postal) {
      out.push(text(state ? `${postal} ${city}, ${state}` : `${postal} ${city}`));
    } else {
      out.push(this.slot(`${key}.postal_code`, { label: "Postal code:" }), this.slot(`${key}.city`, { label: "City:" }));
      if (state) out.push(text(state));
    }
    out.push(this.country(`${key}.country`));
    const asked = options.taxIds ?? [];
    for (const id of asked) out.push(this.slot(`${key}.tax_ids.${id}`, { label: TAX_LABELS[id] ?? `${id.toUpperCase()}:` }));
    if (options.otherTaxIds ?? true) {
      const ids = this.raw(`${key}.tax_ids`);
      if (ids && typeof ids === "object") {
        for (const id of Object.keys(ids as object).sort()) {
          if (asked.includes(id)) continue;
          out.push(...this.optional(`${key}.tax_ids.${id}`, { label: TAX_LABELS[id] ?? `${id.toUpperCase()}:` }));
        }
      }
    }
    if (options.contact) {
      const contact = [this.str(`${key}.contact_name`), this.str(`${key}.contact_phone`), this.str(`${key}.contact_email`)].filter(
        (v): v is string => v !== null,
      );
      if (contact.length > 0) out.push(text(contact.join(" · "), "small"));
    }
    return out;
  }

  /** A UN/LOCODE with its country (portLabel). */
  port(path: string, options: SlotOptions = {}): SlotPiece {
    return this.slot(path, { format: portLabel, ...options });
  }

  /** The mode of transport as a form names it (transportModeLabel). */
  transportMode(path: string, options: SlotOptions = {}): SlotPiece {
    return this.slot(path, { format: transportModeLabel, ...options });
  }

  /** The shipment's own references, "SHP-1 / FV/2025/0117", or "—" when it has none. */
  references(): string {
    return [this.input.shipmentRef, this.str("invoice_data.invoice_number")].filter(Boolean).join(" / ") || "—";
  }

  /** Currency code or null. */
  currency(): string | null {
    return this.str("goods.currency");
  }

  /** The indexes of the records at `path`; `blanks` blank rows' indexes when there are none. */
  indexes(path: string, blanks = 1): number[] {
    const records = this.list(path);
    return records.length > 0 ? records.map((_, i) => i) : Array.from({ length: blanks }, (_, i) => i);
  }

  /** Where and when the exporter signs: its city and the date of issue, "Gdansk, 2025-03-12". */
  placeAndDate(): string {
    return [this.str("exporter.city"), this.issueDate()].filter(Boolean).join(", ");
  }

  /** Document date: the generation time (UTC date). */
  issueDate(): string {
    return formatDate(this.input.generatedAt);
  }
}

// ------------------------------------------------------------------------------------------ pieces

export const text = (value: string, style?: StyleName, align?: Align): TextPiece => {
  const piece: TextPiece = { kind: "text", text: value };
  if (style) piece.style = style;
  if (align) piece.align = align;
  return piece;
};

export const gap = (height = 3): Piece => ({ kind: "gap", height });

/** "Shipment ref.: SHP-1" in small print, when the shipment has a reference. */
export const shipmentRefPieces = (r: Reader, label = "Shipment ref.:"): Piece[] =>
  r.input.shipmentRef ? [text(`${label} ${r.input.shipmentRef}`, "small")] : [];

export const signature = (caption: string, height?: number): Piece =>
  height === undefined ? { kind: "signature", caption } : { kind: "signature", caption, height };

export function box(number: string | undefined, label: string | undefined, content: Piece[], width = 1, extra: Partial<Box> = {}): Box {
  const b: Box = { content, width, ...extra };
  if (number !== undefined) b.number = number;
  if (label !== undefined) b.label = label;
  return b;
}

export const row = (...boxes: Box[]): RowBlock => ({ kind: "row", boxes });

/** A table, numbered and labelled on the form like a box (both optional): its columns, rows and totals. */
export function table(
  number: string | undefined,
  label: string | undefined,
  body: Omit<TableBlock, "kind" | "number" | "label">,
): TableBlock {
  const t: TableBlock = { kind: "table", ...body };
  if (number !== undefined) t.number = number;
  if (label !== undefined) t.label = label;
  return t;
}

export const paragraph = (pieces: Piece[], boxed = false): TextBlock => ({ kind: "text", pieces, boxed });

export const check = (checked: boolean, label: string): string => `${checked ? "☒" : "☐"} ${label}`;

const TAX_LABELS: Record<string, string> = {
  eori: "EORI:",
  ein: "EIN:",
  vat: "VAT No.:",
  iec: "IEC:",
  gstin: "GSTIN:",
  pan: "PAN:",
  rex: "REX No.:",
};

export interface PartyOptions {
  /** Tax ids the form asks for (fields when missing). */
  taxIds?: string[];
  /** Show the other tax ids present in the data. */
  otherTaxIds?: boolean;
  /** Show contact name, phone and email when present. */
  contact?: boolean;
  /** Address lines for the fillable address field (default 2). */
  addressLines?: number;
}

/** UN/LOCODE with the country it belongs to: "DEHAM (Germany)". */
export function portLabel(value: unknown): string | null {
  const code = displayValue(value);
  if (code === null) return null;
  const locode = parseLocode(code);
  if (locode) {
    const name = countryName(locode.country);
    return name !== locode.country ? `${code} (${name})` : code;
  }
  return code;
}

/**
 * An airport as an air waybill names it: the IATA code and the airport's name, "GDN – Gdansk", when the
 * UN/LOCODE list gives the place one; otherwise the UN/LOCODE with its country (portLabel).
 */
export function airportLabel(airports: Readonly<Record<string, Airport>> | undefined): (value: unknown) => string | null {
  return (value) => {
    const code = displayValue(value);
    const locode = code === null ? null : parseLocode(code);
    const airport = locode ? airports?.[locode.code] : undefined;
    return airport ? `${airport.iata} – ${airport.name}` : portLabel(value);
  };
}

const MODE_LABELS: Record<string, string> = { sea: "Sea", air: "Air", road: "Road", rail: "Rail", multimodal: "Multimodal" };

export function transportModeLabel(value: unknown): string | null {
  const mode = displayValue(value);
  if (mode === null) return null;
  return MODE_LABELS[mode.toLowerCase()] ?? mode;
}

/** Transport details as the origin and health certificates print them: mode · vessel · voyage, then loading → discharge. */
export function transportDetails(r: Reader): Piece[] {
  return [
    text(
      [transportModeLabel(r.raw("route.transport_mode")), r.str("route.vessel_name"), r.str("route.voyage_number")]
        .filter(Boolean)
        .join(" · ") || "—",
    ),
    text([portLabel(r.raw("route.port_of_loading")), portLabel(r.raw("route.port_of_discharge"))].filter(Boolean).join(" → "), "small"),
  ];
}

/** Standard header info: shipment reference and document date, plus extra lines. */
export function headerInfo(r: Reader, extra: HeaderInfo[] = []): HeaderInfo[] {
  const info: HeaderInfo[] = [];
  info.push(...extra);
  if (r.input.shipmentRef) info.push({ label: "Shipment ref.", value: r.input.shipmentRef });
  info.push({ label: "Date of issue", value: r.issueDate() });
  return info;
}

/** Sum of quantity × unit price over the line items, or null when any is missing. */
export function lineItemsTotal(r: Reader): number | null {
  let total = 0;
  for (const item of r.items()) {
    const q = numberValue(item.quantity);
    const p = numberValue(item.unit_price);
    if (q === null || p === null) return null;
    total += q * p;
  }
  return Math.round(total * 100) / 100;
}

export function sumOf(items: Record<string, unknown>[], key: string): number | null {
  let total = 0;
  let any = false;
  for (const item of items) {
    const v = numberValue(item[key]);
    if (v !== null) {
      total += v;
      any = true;
    }
  }
  return any ? Math.round(total * 1000) / 1000 : null;
}
