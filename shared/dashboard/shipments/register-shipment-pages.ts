// STUB written by the core engineer (D1) so the dashboard builds before the shipments pages exist.
// The shipments engineer (D2) replaces this whole file; keep the exported signature.
import type { Hono } from "hono";
import type { DashboardEnv } from "../dashboard-env.ts";

/** Registers the shipments pages (/dashboard/shipments…, /dashboard/from-document…); called after auth + CSRF. */
export function registerShipmentPages(app: Hono<DashboardEnv>): void {
  void app;
}
