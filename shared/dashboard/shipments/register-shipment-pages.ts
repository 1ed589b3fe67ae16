// Written by the shipments engineer (D2); replaces the core's stub. The core's app calls it after its
// session and CSRF middleware, so every handler here has c.var.member and every POST passed the CSRF check.
import type { Hono } from "hono";
import type { DashboardEnv } from "../dashboard-env.ts";
import { asset, assetResponse, type Asset } from "../assets/assets.ts";
import { FORM_JS, PROGRESS_JS } from "./shipment-scripts.ts";
import { registerListPages } from "./list-pages.ts";
import { registerSuggestPages } from "./suggest-pages.ts";
import { registerFormPages } from "./form-pages.ts";
import { registerGeneratePages } from "./generate-pages.ts";
import { registerShipmentDetailPages } from "./shipment-pages.ts";
import { registerFromDocumentPages } from "./from-document-pages.ts";

export const SHIPMENT_ASSETS: Record<string, Asset> = {
  "form.js": asset(FORM_JS, "text/javascript; charset=utf-8"),
  "progress.js": asset(PROGRESS_JS, "text/javascript; charset=utf-8"),
};

/** Registers the shipments pages (/dashboard/shipments…, /dashboard/from-document…); called after auth + CSRF. */
export function registerShipmentPages(app: Hono<DashboardEnv>): void {
  app.get("/dashboard/shipments/assets/:file", (c) => assetResponse(SHIPMENT_ASSETS[c.req.param("file")], c.req.header("if-none-match")));
  // Fixed paths before parameters: "new" and "suggest" are never read as shipment ids, nor "filled-form"
  // as an extraction job id (the first registered handler that answers wins).
  registerListPages(app);
  registerSuggestPages(app);
  registerFromDocumentPages(app);
  registerFormPages(app);
  registerGeneratePages(app);
  registerShipmentDetailPages(app);
}
