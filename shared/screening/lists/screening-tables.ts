/**
 * The screening lists as tables: which exist, which a deployment is bound by, and how a row names its list.
 * A deployment is bound by the lists of TDS_SCREENING_LISTS (all five by default): each of them is screened
 * and required, failing closed like OFAC always did (while one is empty or loading, every validation that
 * names a party is an error naming it); a list not in the setting is not screened and not required.
 */
// The tables are named once, by their sources' descriptors (group "screening"), read from the generated copy
// the settings also read (they sit below the features).
import { isScreeningTable, SCREENING_TABLES, type ScreeningTable } from "../../runtime/config/reference-sources.ts";
import { ofacDisplayList } from "./listing-effects.ts";

export { isScreeningTable, SCREENING_TABLES, type ScreeningTable };

/** The lists a deployment is bound by: the setting's, or every list when none is given (a caller without settings). */
export function boundScreeningTables(settings?: { lists?: readonly ScreeningTable[] }): readonly ScreeningTable[] {
  return settings?.lists ?? SCREENING_TABLES;
}

/**
 * Which tables carry a display list's listings: OFAC's lists are in sanctions_ofac and, as Treasury's part
 * of the CSL, in sanctions_us_csl (read from there while sanctions_ofac is empty); a listing counts for a
 * deployment bound by either.
 */
export function tablesOfDisplayList(list: string): readonly ScreeningTable[] {
  const own = SCREENING_TABLES.filter((t) => t !== "sanctions_us_csl" && CARRIES[t](list));
  // The CSL repeats Treasury's (OFAC's) lists and carries every list no other table does.
  return own.length === 0 || own.includes("sanctions_ofac") ? [...own, "sanctions_us_csl"] : own;
}

// Per table, as the display lists are the table's content (displayListOf); a Record, so tsc fails until a new list is placed here.
const CARRIES: Record<Exclude<ScreeningTable, "sanctions_us_csl">, (list: string) => boolean> = {
  sanctions_ofac: (list) => list.startsWith("OFAC"),
  sanctions_un: (list) => list === "UN",
  sanctions_eu: (list) => list === "EU",
  sanctions_uk: (list) => list === "UK" || list.startsWith("UK "),
};

/** The display list of an imported row (the effects table's name for it). */
export function displayListOf(
  table: ScreeningTable,
  row: { list: string; programs?: readonly string[] | null; details?: { remarks?: string } | null },
): string {
  if (table === "sanctions_ofac") return ofacDisplayList(row.list, row.programs ?? []);
  if (table === "sanctions_uk" && row.details?.remarks && row.details.remarks !== "asset freeze") return "UK other measures";
  return row.list;
}
