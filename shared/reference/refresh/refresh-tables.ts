/**
 * The tables the refresh keeps current (every importable table). The list is part of the configuration
 * (its settings name the tables), so that reading the settings does not load the importers into every
 * function; the importers' own list (load-reference-table.ts) is built from it.
 */
export { REFRESHABLE_TABLES, type RefreshableTable } from "../../runtime/config/reference-sources.ts";
