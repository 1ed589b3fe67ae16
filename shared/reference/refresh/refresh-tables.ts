import type { ImportableTable } from "../import-reference-dir.ts";
import type { RefreshableTable } from "../../runtime/config/reference-sources.ts";

/**
 * The tables the refresh keeps current (every importable table). The list is part of the configuration
 * (its settings name the tables), so that reading the settings does not load the importers into every function.
 */
export { REFRESHABLE_TABLES, type RefreshableTable } from "../../runtime/config/reference-sources.ts";

// Both lists name the same tables: a table added to the importers must be added there (compile error otherwise).
const _sameTables: ImportableTable extends RefreshableTable ? (RefreshableTable extends ImportableTable ? true : never) : never = true;
void _sameTables;
