/** The shipments list (also the dashboard's home page). */
import type { Hono } from "hono";
import type { DashboardEnv } from "../dashboard-env.ts";
import { renderPage } from "../layout.ts";
import { listShipments } from "../../shipments/shipment-repository.ts";
import { PAGE_SIZE, parseListQuery, renderShipmentList } from "./list-view.ts";
import { noticeFrom, page, type Ctx } from "./page-support.ts";

async function listPage(c: Ctx): Promise<Response> {
  const q = parseListQuery(c.req.query());
  const { shipments, total } = await listShipments(c.get("services").db, c.get("member").accountId, {
    status: q.status,
    search: q.search,
    limit: PAGE_SIZE,
    offset: (q.page - 1) * PAGE_SIZE,
  });
  return renderPage(c, { title: "Shipments", active: "shipments", notice: noticeFrom(c), body: renderShipmentList(q, shipments, total) });
}

export function registerListPages(app: Hono<DashboardEnv>): void {
  app.get("/dashboard", page(listPage));
  app.get("/dashboard/shipments", page(listPage));
}
