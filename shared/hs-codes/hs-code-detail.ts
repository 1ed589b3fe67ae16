/** The line of a code and its hierarchy from the chapter down (GET /api/v1/hs-codes/{code}). */
import type { Queryable } from "../db/types.ts";
import { AppError } from "../errors/app-error.ts";
import { PLATFORM_ERRORS } from "../errors/platform-errors.ts";
import { normaliseHsCode } from "../trade/hs-code.ts";
import { notLoaded, resolveSchedule } from "./choose-schedule.ts";
import { findLineWithAncestors, hasLinesUnder, scheduleLineCount, type TreeLine, wcoDescriptions } from "./hs-code-repository.ts";
import { HS_CODES_ERRORS } from "./hs-codes-errors.ts";
import { buildHierarchy, fullDescription, type HierarchyEntry, hsLevelCodes } from "./hierarchy.ts";
import { SCHEDULES, type HsSchedule } from "./schedules.ts";

export interface HsCodeRecord {
  code: string;
  description: string;
  full_description: string;
  country: string | null;
  schedule: HsSchedule;
  chapter: string;
  heading: string | null;
  subheading: string | null;
  level: number;
  duty_rate: string | null;
  hierarchy: HierarchyEntry[];
}

/**
 * The lines to try for a requested code, most specific first. UK codes are zero-padded to 10 digits;
 * an EU 10-digit code ending in 00 without a TARIC line is its CN 8-digit line.
 */
function candidateCodes(schedule: HsSchedule, digits: string): string[] {
  if (schedule === "uk") return [digits.padEnd(10, "0")];
  if (schedule === "eu" && digits.length === 10 && digits.endsWith("00")) return [digits, digits.slice(0, 8)];
  return [digits];
}

export async function getHsCode(db: Queryable, rawCode: string, country?: string): Promise<HsCodeRecord> {
  const schedule = resolveSchedule(country);
  const digits = normaliseHsCode(rawCode);
  if (digits === null) {
    throw new AppError(
      PLATFORM_ERRORS.SVC_REQ_002,
      `path parameter code: "${rawCode}" is not an HS code; expected 2 to 10 digits, dots and spaces allowed (e.g. 8471.30.01.00)`,
      {
        details: { field: "code" },
      },
    );
  }
  let chain: TreeLine[] = [];
  for (const c of candidateCodes(schedule, digits)) {
    chain = await findLineWithAncestors(db, schedule, c);
    if (chain.length > 0) break;
  }
  if (chain.length === 0) return hsLevelRecord(db, schedule, digits);
  const line = chain[chain.length - 1];
  const wco = await wcoDescriptions(db, hsLevelCodes(schedule, line));
  return {
    code: line.code!,
    description: line.description,
    full_description: fullDescription(chain),
    country: SCHEDULES[schedule].country,
    schedule,
    chapter: line.chapter ?? line.code!.slice(0, 2),
    heading: line.heading,
    subheading: line.subheading,
    level: line.level ?? line.code!.length,
    duty_rate: line.duty_rate,
    hierarchy: buildHierarchy(schedule, chain, wco),
  };
}

/**
 * A chapter, heading or subheading that the national schedule has no line of its own for (US 847130),
 * but has lines under: answered from the WCO reference, in the schedule's name. Otherwise 404.
 */
async function hsLevelRecord(db: Queryable, schedule: HsSchedule, digits: string): Promise<HsCodeRecord> {
  const unknown = () =>
    new AppError(HS_CODES_ERRORS.SVC_HS_001, `HS code ${digits} is not in the ${SCHEDULES[schedule].name}`, {
      details: { hs_code: digits, schedule },
    });
  if (schedule === "wco" || ![2, 4, 6].includes(digits.length)) {
    if ((await scheduleLineCount(db, schedule)) === 0) throw notLoaded(schedule);
    throw unknown();
  }
  const wco = await wcoDescriptions(
    db,
    [2, 4, 6].filter((l) => l <= digits.length).map((l) => digits.slice(0, l)),
  );
  if (!wco.has(digits) || !(await hasLinesUnder(db, schedule, digits))) {
    if ((await scheduleLineCount(db, schedule)) === 0) throw notLoaded(schedule);
    throw unknown();
  }
  const hierarchy = [...wco.entries()]
    .sort((a, b) => a[0].length - b[0].length)
    .map(([code, description]) => ({ level: code.length, code, description }));
  return {
    code: digits,
    description: wco.get(digits)!,
    full_description: hierarchy
      .filter((h) => h.level > 2 || h.code === digits)
      .map((h) => h.description.replace(/[: ]+$/, ""))
      .join(" > "),
    country: SCHEDULES[schedule].country,
    schedule,
    chapter: digits.slice(0, 2),
    heading: digits.length >= 4 ? digits.slice(0, 4) : null,
    subheading: digits.length >= 6 ? digits.slice(0, 6) : null,
    level: digits.length,
    duty_rate: null,
    hierarchy,
  };
}
