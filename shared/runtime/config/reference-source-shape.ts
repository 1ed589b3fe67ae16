/** The shape of a reference table's refresh defaults; the values are generated (reference-source-defaults.ts). */

export interface SourceFileDefaults {
  key: string;
  url: string;
  optional?: boolean;
}

/**
 * What kind of data a table holds (its descriptor states it, shared/reference/sources/). The readers follow
 * it (which tables screening reads, which HS schedule a table answers, what a validation must ask for a table
 * to count as used) and so do the groups reference:refresh --only accepts (sanctions: every screening list;
 * hs: every HS schedule; tariffs: the countries' ones).
 */
export type SourceGroup =
  /** A sanctions screening list; `list` is its name in TDS_SCREENING_LISTS. */
  | { kind: "screening"; list: string }
  /** An HS schedule (the rules' HsSchedule): a country's tariff, or the WCO nomenclature they extend (tariff: false). */
  | { kind: "hs"; schedule: string; tariff: boolean }
  | { kind: "ports" }
  | { kind: "other" };

export interface TableSourceDefaults<Table extends string = string> {
  table: Table;
  /** The table's name for people: the one wording of findings, the dashboard and the health report. */
  label: string;
  group: SourceGroup;
  publisher: string;
  files: SourceFileDefaults[];
  intervalDays: number;
  minRows: number;
}
