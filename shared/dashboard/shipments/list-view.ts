/** The shipments list: status filter, search, pages. Pure. */
import { html } from "hono/html";
import { SHIPMENT_STATUSES, type ShipmentRecord, type ShipmentStatus } from "../../shipments/shipment-record.ts";
import { pager } from "../page-helpers.ts";
import { STATUS_TEXT, formatTime, partyName, route, shipmentTitle, statusBadge, type Html } from "./view-helpers.ts";

export const PAGE_SIZE = 20;

export interface ListQuery {
  status?: ShipmentStatus;
  search?: string;
  page: number;
}

/** Query string -> filter; anything unknown is ignored rather than refused (a page never fails on a bad link). */
export function parseListQuery(q: Record<string, string | undefined>): ListQuery {
  const status = SHIPMENT_STATUSES.find((s) => s === q.status);
  const search = (q.search ?? "").trim().slice(0, 200) || undefined;
  const page = Math.min(100000, Math.max(1, Math.trunc(Number(q.page)) || 1));
  return { status, search, page };
}

export function listHref(q: ListQuery, page: number): string {
  const p = new URLSearchParams();
  if (q.status) p.set("status", q.status);
  if (q.search) p.set("search", q.search);
  if (page > 1) p.set("page", String(page));
  const s = p.toString();
  return `/dashboard/shipments${s ? `?${s}` : ""}`;
}

export function renderShipmentList(q: ListQuery, shipments: ShipmentRecord[], total: number): Html {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return html`<form method="get" action="/dashboard/shipments" class="card filters" role="search">
    <div class="filter-grid">
      <div class="field">
        <label for="f-search">Search reference, exporter or importer</label>
        <input type="search" id="f-search" name="search" value="${q.search ?? ""}" maxlength="200">
      </div>
      <div class="field">
        <label for="f-status">Status</label>
        <select id="f-status" name="status">
          <option value="">Any status</option>
          ${SHIPMENT_STATUSES.map((s) => html`<option value="${s}"${q.status === s ? html` selected` : ""}>${STATUS_TEXT[s]}</option>`)}
        </select>
      </div>
    </div>
    <div class="actions"><button type="submit" class="button">Show shipments</button>
      ${q.status || q.search ? html`<a href="/dashboard/shipments">Clear filters</a>` : ""}
      <a class="button button--secondary" href="/dashboard/shipments/new">New shipment</a></div>
  </form>
  <p class="muted" role="status">${total} shipment${total === 1 ? "" : "s"}${q.status || q.search ? (total === 1 ? " matches" : " match") : ""}${pages > 1 ? `, page ${q.page} of ${pages}` : ""}.</p>
  ${
    shipments.length === 0
      ? html`<div class="card"><p>No shipments ${q.status || q.search ? "match these filters" : "yet"}.</p>
        <p><a href="/dashboard/shipments/new">Create a shipment</a> or <a href="/dashboard/from-document">start from a document</a>.</p></div>`
      : html`<div class="table-wrap"><table class="data shipments-table">
        <caption class="visually-hidden">Shipments, most recently changed first</caption>
        <thead><tr><th scope="col">Shipment</th><th scope="col">Status</th><th scope="col">Exporter</th><th scope="col">Importer</th><th scope="col">Route</th><th scope="col">Generations</th><th scope="col">Updated</th></tr></thead>
        <tbody>
        ${shipments.map(
          (s) => html`<tr>
            <td><a href="/dashboard/shipments/${s.id}">${shipmentTitle(s)}</a></td>
            <td>${statusBadge(s.status)}</td>
            <td>${partyName(s.shipment_data, "exporter")}</td>
            <td>${partyName(s.shipment_data, "importer")}</td>
            <td class="nowrap">${route(s.shipment_data)}</td>
            <td class="num">${s.generation_count} / ${s.max_generations}</td>
            <td class="nowrap">${formatTime(s.updated_at)}</td>
          </tr>`,
        )}
        </tbody></table></div>`
  }
  ${pager(q.page, pages, (p) => listHref(q, p))}`;
}
