/**
 * The reference tables as the layers below reference/ know them: their names, labels and groups, and the
 * defaults of the TDS_REFERENCE_* settings per table (addresses, interval, plausible size). All of it is
 * stated by the reference sources' descriptors (shared/reference/sources/, listed in registry.ts); this
 * level reads a generated copy (reference-source-defaults.ts, npm run docs:generate) because it sits below
 * the features and must not load the descriptors' parsers into every function.
 * The defaults are the publishers' own addresses where a machine-readable file exists; where the publisher
 * offers none that the importers read (EU CN: RDF only; WCO: PDFs), the default is a public
 * redistribution of the official data, and the docs say so (docs/reference-data.md).
 */
import {
  HS_SCHEDULE_TABLES,
  REFRESHABLE_TABLES,
  type RefreshableTable,
  SCREENING_LISTS,
  SOURCE_DEFAULTS,
} from "./reference-source-defaults.ts";
import type { SourceGroup } from "./reference-source-shape.ts";

export { HS_SCHEDULE_TABLES, REFRESHABLE_TABLES, type RefreshableTable, SCREENING_LISTS, SOURCE_DEFAULTS };
export { UNLOCODE_RELEASE } from "./reference-source-defaults.ts";
export type { SourceGroup, TableSourceDefaults } from "./reference-source-shape.ts";

/** A screening list's table (sanctions_ofac …). */
export type ScreeningTable = (typeof SCREENING_LISTS)[keyof typeof SCREENING_LISTS];

/** The screening tables, in the registry's order. */
export const SCREENING_TABLES: readonly ScreeningTable[] = Object.values(SCREENING_LISTS);

export function isRefreshableTable(table: string): table is RefreshableTable {
  return Object.hasOwn(SOURCE_DEFAULTS, table);
}

export function isScreeningTable(table: string): table is ScreeningTable {
  return (SCREENING_TABLES as readonly string[]).includes(table);
}

export function groupOf(table: RefreshableTable): SourceGroup {
  return SOURCE_DEFAULTS[table].group;
}

/** The table's label ("UK Sanctions List"); a table no source fills (duty_rates) has none. */
export function tableLabel(table: string): string | null {
  return isRefreshableTable(table) ? SOURCE_DEFAULTS[table].label : null;
}

/** "UK Sanctions List (sanctions_uk)", as findings name a table; just the name when it has no label. */
export function labelledTable(table: string): string {
  const label = tableLabel(table);
  return label ? `${label} (${table})` : table;
}
