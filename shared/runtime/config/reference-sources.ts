/**
 * The defaults of the TDS_REFERENCE_* settings per table (addresses, interval, plausible size). They are
 * stated by the reference sources' descriptors (shared/reference/sources/, listed in registry.ts); the
 * configuration reads a generated copy (reference-source-defaults.ts, npm run docs:generate) because it
 * sits below the features and must not load the descriptors' parsers into every function.
 * The defaults are the publishers' own addresses where a machine-readable file exists; where the publisher
 * offers none that the importers read (EU CN: RDF only; WCO: PDFs), the default is a public
 * redistribution of the official data, and the docs say so (docs/reference-data.md).
 */
export { REFRESHABLE_TABLES, type RefreshableTable, SOURCE_DEFAULTS, UNLOCODE_RELEASE } from "./reference-source-defaults.ts";
export type { TableSourceDefaults } from "./reference-source-shape.ts";
