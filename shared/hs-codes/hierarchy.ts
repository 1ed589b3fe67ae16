/**
 * The hierarchy of an HS code record, from the chapter down to the line itself. Pure.
 *
 * - HS levels: chapter (2 digits), heading (4), subheading (6), written with their significant digits
 *   in every schedule ("84", "8471", "847130"). The text is the schedule's own line at that level when
 *   it has one; national schedules skip levels without text of their own (the US has no chapter lines
 *   and no 847130), and those come from the WCO reference.
 * - National lines below the subheading (8 and 10 digits), as the schedule writes them.
 * - The hierarchy always ends with the record's own code (a UK line is written with its 10 digits even
 *   when it is a subheading, "8471300000").
 * Grouping lines without a code (US "Horses:") are not entries; their text is in full_description.
 * `level` is the number of digits of the entry's code.
 */
import type { HsSchedule } from "./schedules.ts";
import type { TreeLine } from "./hs-code-repository.ts";

export interface HierarchyEntry {
  level: number;
  code: string;
  description: string;
}

const HS_LEVELS = [2, 4, 6] as const;

/** Significant digits of a stored code (UK codes are zero-padded to 10 digits; `level` says how many count). */
function significant(schedule: HsSchedule, line: TreeLine): string | null {
  if (line.code === null) return null;
  return schedule === "uk" && line.level !== null ? line.code.slice(0, line.level) : line.code;
}

/** The HS-level codes (2, 4, 6 digits) above or at the line, for the WCO lookup. */
export function hsLevelCodes(schedule: HsSchedule, line: TreeLine): string[] {
  const digits = significant(schedule, line) ?? "";
  return HS_LEVELS.filter((l) => digits.length >= l).map((l) => digits.slice(0, l));
}

/** chain: the line's ancestors and the line, root first. wco: WCO descriptions by code. */
export function buildHierarchy(schedule: HsSchedule, chain: readonly TreeLine[], wco: ReadonlyMap<string, string>): HierarchyEntry[] {
  const line = chain[chain.length - 1];
  if (!line || line.code === null) return [];
  const coded = chain.filter((l) => l.code !== null && (l.suffix === null || l.suffix === "80"));
  const out: HierarchyEntry[] = [];
  for (const code of hsLevelCodes(schedule, line)) {
    const own = coded.find((l) => significant(schedule, l) === code);
    const description = own?.description ?? wco.get(code);
    if (description !== undefined) out.push({ level: code.length, code, description });
  }
  for (const l of coded) {
    const digits = significant(schedule, l)!;
    if (l === line || digits.length <= 6) continue;
    out.push({ level: l.code!.length, code: l.code!, description: l.description });
  }
  if (out.length === 0 || out[out.length - 1].code !== line.code) {
    out.push({ level: line.code.length, code: line.code, description: line.description });
  }
  return out;
}

/**
 * The descriptions of the chain joined with " > " (trailing colons dropped), as in the search index:
 * from the heading down (chapter titles only for a chapter itself), grouping lines included.
 */
export function fullDescription(chain: readonly TreeLine[]): string {
  return chain
    .filter((l, i) => l.level !== 2 || i === chain.length - 1)
    .map((l) => l.description.replace(/[: ]+$/, ""))
    .join(" > ");
}
