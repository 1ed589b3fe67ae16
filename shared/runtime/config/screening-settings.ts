/** Sanctions screening reviews and monitoring (docs/sanctions-screening.md, "Reviews" and "Monitoring"). */
import { integer, type Vars } from "./env-values.ts";

export interface ScreeningSettings {
  /** TDS_SCREENING_CLEARANCE_DAYS: a clearance stops clearing this many days after it was recorded (365). */
  clearanceDays: number;
  /** TDS_SCREENING_MONITOR_DAYS: monitoring rescreens the parties of shipments updated within this many days (90). */
  monitorDays: number;
}

export const DEFAULT_CLEARANCE_DAYS = 365;
export const DEFAULT_MONITOR_DAYS = 90;

export const screeningVariables = {
  TDS_SCREENING_CLEARANCE_DAYS: integer(1, DEFAULT_CLEARANCE_DAYS),
  TDS_SCREENING_MONITOR_DAYS: integer(1, DEFAULT_MONITOR_DAYS),
};

export function screeningSettings(v: Vars<typeof screeningVariables>): ScreeningSettings {
  return { clearanceDays: v.TDS_SCREENING_CLEARANCE_DAYS, monitorDays: v.TDS_SCREENING_MONITOR_DAYS };
}
