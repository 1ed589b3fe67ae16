/**
 * Downloaded files of one table → rows for loadReferenceTable, the publisher's version, and notes: the
 * table's descriptor (shared/reference/sources/) parses them with the same pure parsers as the folder
 * import, after checking that each file is the format expected (an HTML error page or a cut-off file is
 * refused before the database is touched).
 */
import { referenceSource, type RefreshableTable } from "../sources/registry.ts";
import type { ParsedTable } from "../sources/download-files.ts";
import type { DownloadedFile } from "./download-source.ts";
import { workbookSheetAsCsv } from "./workbook-sheet.ts";

// The error a descriptor throws for a file that is not its format, named where the refresh is.
export { FormatError } from "../sources/download-files.ts";

export function parseDownloadedTable(table: RefreshableTable, files: readonly DownloadedFile[]): Promise<ParsedTable> {
  return referenceSource(table).parseDownload(new Map(files.map((f) => [f.key, f])), { workbookSheetAsCsv });
}
