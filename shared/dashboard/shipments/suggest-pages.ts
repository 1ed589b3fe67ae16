/**
 * JSON for form.js (GET, same origin, session like every dashboard page): saved parties by name, and HS
 * codes of the destination's tariff schedule. A destination without a schedule of its own falls back to
 * the WCO 6-digit reference (said in `message`) instead of failing while someone types.
 */
import type { Hono } from "hono";
import type { DashboardEnv } from "../dashboard-env.ts";
import { AppError } from "../../errors/app-error.ts";
import { listParties } from "../../parties/party-repository.ts";
import { partySearchWords } from "../../parties/party-service.ts";
import { searchHsCodes } from "../../hs-codes/hs-code-service.ts";
import { scheduleForCountry, SCHEDULES, type HsSchedule } from "../../hs-codes/schedules.ts";

export interface ScheduleChoiceForForm {
  schedule: HsSchedule;
  /** The country to pass to the search ("" = WCO). */
  country: string;
  note?: string;
}

/** Pure: the schedule for the destination typed in the form. */
export function scheduleChoiceFor(destination: string | undefined): ScheduleChoiceForForm {
  const d = (destination ?? "").trim().toUpperCase();
  const choice = scheduleForCountry(d);
  if (choice.ok) return { schedule: choice.schedule, country: d };
  return {
    schedule: "wco",
    country: "",
    note: `There is no tariff schedule for ${d} here; suggestions are from the ${SCHEDULES.wco.name}.`,
  };
}

export function registerSuggestPages(app: Hono<DashboardEnv>): void {
  app.get("/dashboard/shipments/suggest/parties", async (c) => {
    const q = (c.req.query("q") ?? "").slice(0, 200);
    const words = partySearchWords(q);
    if (words.length === 0) return c.json({ parties: [] });
    const { parties } = await listParties(c.get("services").db, c.get("member").accountId, { words, limit: 10, offset: 0 });
    c.header("cache-control", "no-store");
    return c.json({
      parties: parties.map((p) => ({
        id: p.id,
        name: p.name,
        address: p.address,
        city: p.city,
        postal_code: p.postal_code,
        country: p.country,
        tax_ids: p.tax_ids,
        contact_email: p.contact_email,
        contact_phone: p.contact_phone,
      })),
    });
  });
  app.get("/dashboard/shipments/suggest/hs", async (c) => {
    const q = (c.req.query("q") ?? "").trim().slice(0, 200);
    const choice = scheduleChoiceFor(c.req.query("country"));
    c.header("cache-control", "no-store");
    const base = { schedule: choice.schedule, schedule_name: SCHEDULES[choice.schedule].name };
    if (q.length < 2) return c.json({ ...base, results: [] });
    try {
      const r = await searchHsCodes(c.get("services").db, {
        q,
        country: choice.country,
        limit: 10,
        wordVectors: c.get("services").config.hsSearch.wordVectors,
      });
      return c.json({ ...base, results: r.results.map((x) => ({ code: x.code, description: x.description })), message: choice.note });
    } catch (e) {
      // Not imported yet, or a query the search refuses: say so, the form keeps working.
      if (e instanceof AppError) return c.json({ ...base, results: [], message: e.message });
      throw e;
    }
  });
}
