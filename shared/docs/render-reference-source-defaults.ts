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
  const defaults = REFERENCE_SOURCES.map(({ table, label, group, publisher, files, intervalDays, minRows }) => ({
    table,
    label,
    group,
    publisher,
    files: files.map((f) => ({ key: f.key, url: f.url, ...(f.optional ? { optional: true } : {}) })),
    intervalDays,
    minRows,
  }));
  // Name → table, in the registry's order, typed literally so that the screening tables and the HS schedules are types.
  const byName = (kind: "screening" | "hs") =>
    Object.fromEntries(
      REFERENCE_SOURCES.flatMap((s) =>
        s.group.kind === "screening" && kind === "screening"
          ? [[s.group.list, s.table]]
          : s.group.kind === "hs" && kind === "hs"
            ? [[s.group.schedule, s.table]]
            : [],
      ),
    );
  return `// Generated from shared/reference/sources/ (the descriptors, registry.ts) by npm run docs:generate: edit them there.
// The lower layers' copy of each source's table, label, group, publisher, default addresses, interval and plausible size.

import type { TableSourceDefaults } from "./reference-source-shape.ts";

export const REFRESHABLE_TABLES = ${JSON.stringify(
    defaults.map((d) => d.table),
    null,
    2,
  )} as const;

export type RefreshableTable = (typeof REFRESHABLE_TABLES)[number];

/** The screening lists: the name TDS_SCREENING_LISTS accepts → the table. */
export const SCREENING_LISTS = ${JSON.stringify(byName("screening"), null, 2)} as const;

/** The HS schedules: the schedule (the rules' HsSchedule) → the table. */
export const HS_SCHEDULE_TABLES = ${JSON.stringify(byName("hs"), null, 2)} as const;

export const UNLOCODE_RELEASE = ${JSON.stringify(UNLOCODE_RELEASE)};

export const SOURCE_DEFAULTS: Record<RefreshableTable, TableSourceDefaults<RefreshableTable>> = ${JSON.stringify(
    Object.fromEntries(defaults.map((d) => [d.table, d])),
    null,
    2,
  )};
`;
}
