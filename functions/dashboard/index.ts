// The dashboard (server-rendered pages under /dashboard): shared/dashboard. Locally the gateway sends
// /dashboard/* here; on Supabase this function sees the same /dashboard/… paths.
import { createDashboardApp } from "../../shared/dashboard/dashboard-app.ts";

export const app = createDashboardApp();

if (import.meta.main) Deno.serve(app.fetch);
