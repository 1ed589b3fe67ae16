/**
 * THE list of reference sources: each table filled from files is here once, as its descriptor
 * (reference-source.ts). The folder import, the refresh and the age report read it (the refresh settings a
 * copy that npm run docs:generate renders); the order is the order tables are imported and reported in. A new source: its module beside this
 * one, a line here, a migration for its table (docs/architecture.md, "Where does my change go").
 */
import { hsCodesEu } from "./hs-codes-eu.ts";
import { hsCodesIn } from "./hs-codes-in.ts";
import { hsCodesUk } from "./hs-codes-uk.ts";
import { hsCodesUs } from "./hs-codes-us.ts";
import { hsCodesWco } from "./hs-codes-wco.ts";
import { hsSearchReferences } from "./hs-search-references.ts";
import { countries, currencies } from "./iso-lists.ts";
import { portCodes } from "./port-codes.ts";
import type { ReferenceSource } from "./reference-source.ts";
import { sanctionsOfac } from "./sanctions-ofac.ts";
import { sanctionsEu, sanctionsUk, sanctionsUn, sanctionsUsCsl } from "./screening-lists.ts";

export const REFERENCE_SOURCES = [
  hsCodesWco,
  hsCodesUs,
  hsCodesEu,
  hsCodesUk,
  hsCodesIn,
  portCodes,
  sanctionsOfac,
  sanctionsUn,
  sanctionsEu,
  sanctionsUk,
  sanctionsUsCsl,
  countries,
  currencies,
  hsSearchReferences,
] as const;

export type RefreshableTable = (typeof REFERENCE_SOURCES)[number]["table"];

/** The tables filled from files, in the registry's order. */
export const REFRESHABLE_TABLES: readonly RefreshableTable[] = REFERENCE_SOURCES.map((s) => s.table);

const BY_TABLE = new Map<string, ReferenceSource<RefreshableTable>>(REFERENCE_SOURCES.map((s) => [s.table, s]));

export function isRefreshableTable(name: string): name is RefreshableTable {
  return BY_TABLE.has(name);
}

export function referenceSource(table: RefreshableTable): ReferenceSource<RefreshableTable> {
  return BY_TABLE.get(table)!;
}
