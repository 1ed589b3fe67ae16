/**
 * The defaults of the TDS_REFERENCE_* settings per table (addresses, interval, plausible size), as the
 * reference sources' descriptors state them (shared/reference/sources/, one module per source, listed in
 * registry.ts): the configuration reads them from there, so a source's defaults are kept in one place.
 * The descriptors bring the pure parsers of the formats with them (about 240 KB in each function's bundle);
 * the heavy reader of a workbook stays in the refresh (shared/reference/refresh/workbook-sheet.ts).
 * The defaults are the publishers' own addresses where a machine-readable file exists; where the publisher
 * offers none that the importers read (EU CN: RDF only; WCO: PDFs), the default is a public
 * redistribution of the official data, and the docs say so (docs/reference-data.md).
 */
import { REFERENCE_SOURCES, type RefreshableTable } from "../../reference/sources/registry.ts";
import type { ReferenceSource } from "../../reference/sources/reference-source.ts";

export { UNLOCODE_RELEASE } from "../../reference/sources/port-codes.ts";

export type TableSourceDefaults = Pick<ReferenceSource<RefreshableTable>, "table" | "publisher" | "files" | "intervalDays" | "minRows">;

export const SOURCE_DEFAULTS = Object.fromEntries(
  REFERENCE_SOURCES.map((s): [RefreshableTable, TableSourceDefaults] => [s.table, s]),
) as Record<RefreshableTable, TableSourceDefaults>;
