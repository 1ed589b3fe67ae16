import type { ImportableTable } from "../import-reference-dir.ts";

/**
 * The tables the refresh keeps current (every importable table). Kept here, apart from the importers,
 * so that reading the settings (shared/runtime/config.ts) does not load the importers into every function.
 */
export const REFRESHABLE_TABLES = [
  "hs_codes_wco",
  "hs_codes_us",
  "hs_codes_eu",
  "hs_codes_uk",
  "hs_codes_in",
  "port_codes",
  "sanctions_ofac",
  "countries",
  "currencies",
] as const satisfies readonly ImportableTable[];

export type RefreshableTable = (typeof REFRESHABLE_TABLES)[number];

// Both lists name the same tables: a table added to the importers must be added here (compile error otherwise).
const _sameTables: ImportableTable extends RefreshableTable ? true : never = true;
void _sameTables;
