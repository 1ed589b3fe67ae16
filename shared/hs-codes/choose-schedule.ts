/** The schedule a request's `country` chooses, and the error of a schedule never imported. */
import { AppError } from "../errors/app-error.ts";
import { HS_CODES_ERRORS } from "./hs-codes-errors.ts";
import { COUNTRY_HELP, SCHEDULES, scheduleForCountry, type HsSchedule } from "./schedules.ts";

export function resolveSchedule(country: string | undefined): HsSchedule {
  const choice = scheduleForCountry(country);
  if (choice.ok) return choice.schedule;
  throw new AppError(HS_CODES_ERRORS.SVC_HS_002, `There is no tariff schedule for country "${choice.country}". Use ${COUNTRY_HELP}.`, {
    details: { field: "country", country: choice.country },
  });
}

export function notLoaded(schedule: HsSchedule): AppError {
  return new AppError(
    HS_CODES_ERRORS.SVC_HS_003,
    `The ${SCHEDULES[schedule].name} has not been imported yet; run npm run reference:import -- --dir <reference files>.`,
    {
      details: { schedule },
    },
  );
}
