/**
 * The refresh settings' defaults, rendered from the reference sources' descriptors into the configuration
 * (shared/runtime/config/reference-source-defaults.ts): the configuration sits below the features and must
 * not load the descriptors' parsers, so it reads this generated copy; the descriptors stay the one place
 * to edit (tests/unit/generated-files.test.ts fails when the copy is out of date).
 */
import { UNLOCODE_RELEASE } from "../reference/sources/port-codes.ts";
import { REFERENCE_SOURCES } from "../reference/sources/registry.ts";

export const REFERENCE_SOURCE_DEFAULTS_PATH = "shared/runtime/config/reference-source-defaults.ts";

export function renderReferenceSourceDefaults(): string {
  const defaults = REFERENCE_SOURCES.map(({ table, publisher, files, intervalDays, minRows }) => ({
    table,
    publisher,
    files: files.map((f) => ({ key: f.key, url: f.url, ...(f.optional ? { optional: true } : {}) })),
    intervalDays,
    minRows,
  }));
  return `// Generated from shared/reference/sources/ (the descriptors, registry.ts) by npm run docs:generate: edit them there.
// The configuration's copy of each source's table, publisher, default addresses, interval and plausible size.

import type { TableSourceDefaults } from "./reference-source-shape.ts";

export const REFRESHABLE_TABLES = ${JSON.stringify(
    defaults.map((d) => d.table),
    null,
    2,
  )} as const;

export type RefreshableTable = (typeof REFRESHABLE_TABLES)[number];

export const UNLOCODE_RELEASE = ${JSON.stringify(UNLOCODE_RELEASE)};

export const SOURCE_DEFAULTS: Record<RefreshableTable, TableSourceDefaults<RefreshableTable>> = ${JSON.stringify(
    Object.fromEntries(defaults.map((d) => [d.table, d])),
    null,
    2,
  )};
`;
}
