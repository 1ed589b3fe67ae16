// Generated from shared/route-catalog/edge-functions.ts by npm run docs:generate: edit the list there.
// The dashboard (server-rendered pages under /dashboard): shared/dashboard. Locally the gateway sends
// /dashboard/* here; on Supabase this function sees the same /dashboard/… paths (docs/dashboard.md, serving
// HTML on Supabase).
import { createDashboardApp } from "../../shared/dashboard/dashboard-app.ts";

export const app = createDashboardApp();

if (import.meta.main) Deno.serve(app.fetch);
