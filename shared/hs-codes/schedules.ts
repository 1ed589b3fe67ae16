/**
 * The tariff schedules the HS lookup can search, and which one a `country` query parameter selects.
 * Pure data and functions.
 */
import { isEuMember } from "../trade/countries.ts";

export const HS_SCHEDULES = ["wco", "us", "eu", "uk", "in"] as const;
export type HsSchedule = (typeof HS_SCHEDULES)[number];

export interface ScheduleInfo {
  id: HsSchedule;
  /** Source table (shared/reference importers fill it). */
  table: `hs_codes_${HsSchedule}`;
  /** The `country` of the records: alpha-2 of the schedule's territory, "EU" for the Union, null for the WCO reference. */
  country: string | null;
  name: string;
  /** Digits of the schedule's most detailed lines. */
  nationalDigits: number;
}

export const SCHEDULES: Readonly<Record<HsSchedule, ScheduleInfo>> = {
  wco: {
    id: "wco",
    table: "hs_codes_wco",
    country: null,
    name: "WCO Harmonized System 2022 (6-digit international reference)",
    nationalDigits: 6,
  },
  us: { id: "us", table: "hs_codes_us", country: "US", name: "US Harmonized Tariff Schedule (USITC)", nationalDigits: 10 },
  eu: {
    id: "eu",
    table: "hs_codes_eu",
    country: "EU",
    name: "EU Combined Nomenclature (and TARIC lines when imported)",
    nationalDigits: 10,
  },
  uk: { id: "uk", table: "hs_codes_uk", country: "GB", name: "UK Trade Tariff", nationalDigits: 10 },
  in: { id: "in", table: "hs_codes_in", country: "IN", name: "India HSN (GST master)", nationalDigits: 8 },
};

/** Values of `country` the lookup accepts, for error messages and the OpenAPI description. */
export const COUNTRY_HELP =
  "US (US HTS), GB or UK (UK Trade Tariff), EU or any EU member state such as DE (EU Combined Nomenclature), IN (India HSN); omit it for the WCO 6-digit reference";

export type ScheduleChoice = { ok: true; schedule: HsSchedule } | { ok: false; country: string };

/**
 * `country` → schedule. Absent or empty: the WCO reference. Case is ignored. A country without a
 * national schedule here (JP, CN …) is refused rather than silently answered from another schedule.
 */
export function scheduleForCountry(country: string | undefined | null): ScheduleChoice {
  const c = (country ?? "").trim().toUpperCase();
  if (c === "") return { ok: true, schedule: "wco" };
  if (c === "US") return { ok: true, schedule: "us" };
  if (c === "GB" || c === "UK") return { ok: true, schedule: "uk" };
  if (c === "IN") return { ok: true, schedule: "in" };
  if (c === "EU" || isEuMember(c)) return { ok: true, schedule: "eu" };
  return { ok: false, country: c };
}
