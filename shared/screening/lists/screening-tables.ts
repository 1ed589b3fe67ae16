/**
 * The screening lists as tables: which exist, which a deployment is bound by, and how a row names its list.
 * A deployment is bound by the lists of TDS_SCREENING_LISTS (all five by default): each of them is screened
 * and required, failing closed like OFAC always did (while one is empty or loading, every validation that
 * names a party is an error naming it); a list not in the setting is not screened and not required.
 */
import { SCREENING_LIST_NAMES, type ScreeningTableName } from "../../runtime/config/screening-settings.ts";
import { ofacDisplayList } from "./listing-effects.ts";

export type ScreeningTable = ScreeningTableName;
// The tables are named once, beside the setting that chooses among them (the settings sit below the features).
export const SCREENING_TABLES: readonly ScreeningTable[] = Object.values(SCREENING_LIST_NAMES);

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
  if (list.startsWith("OFAC")) return ["sanctions_ofac", "sanctions_us_csl"];
  if (list === "UN") return ["sanctions_un"];
  if (list === "EU") return ["sanctions_eu"];
  if (list === "UK" || list.startsWith("UK ")) return ["sanctions_uk"];
  return ["sanctions_us_csl"];
}

export const SCREENING_TABLE_LABELS: Record<ScreeningTable, string> = {
  sanctions_ofac: "OFAC SDN and non-SDN lists",
  sanctions_un: "UN Security Council Consolidated List",
  sanctions_eu: "EU consolidated financial sanctions list",
  sanctions_uk: "UK Sanctions List",
  sanctions_us_csl: "US Consolidated Screening List",
};

export function isScreeningTable(table: string): table is ScreeningTable {
  return (SCREENING_TABLES as readonly string[]).includes(table);
}

/** The display list of an imported row (the effects table's name for it). */
export function displayListOf(
  table: ScreeningTable,
  row: { list: string; programs?: readonly string[] | null; details?: { remarks?: string } | null },
): string {
  if (table === "sanctions_ofac") return ofacDisplayList(row.list, row.programs ?? []);
  if (table === "sanctions_uk" && row.details?.remarks && row.details.remarks !== "asset freeze") return "UK other measures";
  return row.list;
}
