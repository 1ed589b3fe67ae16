/** Small pieces of markup the shipment pages share. Pure; every value goes through hono/html escaping. */
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { ShipmentStatus } from "../../shipments/shipment-record.ts";
import { DOCUMENT_TITLES, isDocumentType } from "../../document-types/identities.ts";

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export const STATUS_TEXT: Record<ShipmentStatus, string> = {
  draft: "Draft",
  created: "Created (not validated)",
  validated: "Validated",
  validation_failed: "Validation failed",
  generated: "Documents generated",
};

const STATUS_BADGE: Record<ShipmentStatus, string> = {
  draft: "badge",
  created: "badge",
  validated: "badge badge--ok",
  validation_failed: "badge badge--error",
  generated: "badge badge--ok",
};

export function statusBadge(status: ShipmentStatus): Html {
  return html`<span class="${STATUS_BADGE[status]}">${STATUS_TEXT[status]}</span>`;
}

/** 2026-11-24T10:18:39.123Z -> "2026-11-24 10:18 UTC" (the same on every runtime, no locale data). */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "—";
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
}

export function documentTitle(type: string): string {
  return isDocumentType(type) ? DOCUMENT_TITLES[type] : type;
}

/** An id for the input of a data path: goods.line_items.0.hs_code -> f-goods-line_items-0-hs_code */
export function fieldId(name: string): string {
  return `f-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

export function shipmentTitle(s: { id: string; shipment_ref?: string; shipment_data: Record<string, unknown> }): string {
  return s.shipment_ref ?? `Shipment ${s.id.slice(0, 8)}`;
}

/** Party name of a shipment (exporter or importer) for lists. */
export function partyName(data: Record<string, unknown>, key: "exporter" | "importer"): string {
  const p = data[key];
  const name = p && typeof p === "object" ? (p as Record<string, unknown>).name : undefined;
  return typeof name === "string" && name.trim() !== "" ? name : "—";
}

export function route(data: Record<string, unknown>): string {
  const r = data.route && typeof data.route === "object" ? (data.route as Record<string, unknown>) : {};
  const o = typeof r.origin_country === "string" ? r.origin_country : "—";
  const d = typeof r.destination_country === "string" ? r.destination_country : "—";
  return `${o} → ${d}`;
}
