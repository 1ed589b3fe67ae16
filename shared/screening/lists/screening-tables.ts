/**
 * The screening lists as tables: which exist, which a validation requires, and how a row names its list.
 * Required lists fail closed (an empty one is an error for every party, as OFAC's always was); the others,
 * when empty, are named as not screened in the finding and in the answer's reference_data.
 */
import { ofacDisplayList } from "./listing-effects.ts";

export const SCREENING_TABLES = ["sanctions_ofac", "sanctions_un", "sanctions_eu", "sanctions_uk", "sanctions_us_csl"] as const;
export type ScreeningTable = (typeof SCREENING_TABLES)[number];

/**
 * OFAC is required: every US person is bound by it and it carries the UN designations the US implements.
 * The UN, EU, UK and CSL lists are screened when loaded; an empty one is reported, not failed on, so that a
 * deployment that never needs the EU or UK list (a US-only exporter) is not blocked by it.
 */
export const REQUIRED_SCREENING_TABLES: readonly ScreeningTable[] = ["sanctions_ofac"];

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
