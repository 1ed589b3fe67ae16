/**
 * A reference source as one descriptor: how a folder import finds its files, how a download is parsed,
 * how its age is counted, its default addresses, interval and plausible size, the table it fills, that
 * table's label and its group (screening list, HS schedule, ports, other).
 * The table's schema is a migration in supabase/migrations (tests/unit/reference/reference-sources.test.ts
 * checks that each descriptor's table is created there). Every descriptor is listed once, in registry.ts;
 * the folder import, the refresh and the age report read it from there; the layers below reference/ (the
 * settings, the rules, screening) read a generated copy (shared/runtime/config/reference-source-defaults.ts).
 */
import type { Row } from "../../db/types.ts";
import type { SourceGroup } from "../../runtime/config/reference-source-shape.ts";
import type { DownloadedFiles, DownloadReaders, ParsedTable } from "./download-files.ts";
import type { FoundFile } from "./folder-files.ts";

export interface SourceFile {
  /** Stable key: the file's name in a mirror folder and in TDS_REFERENCE_URL_<TABLE>_<KEY>. */
  key: string;
  /** Default address (the publisher's). */
  url: string;
  /** A missing optional file (HTTP 404) is not an error. */
  optional?: boolean;
}

/** What a folder holds for a source: the files picked (the newest vintage) and how to parse them. */
export interface FolderPlan {
  files: FoundFile[];
  vintage: string | null;
  /** Publisher and format as reference_imports.source shows them for a folder import. */
  source: string;
  /**
   * The publisher's date as the folder states it (the OFAC files' names, the screening lists' names);
   * null = the folder states none (counts as old). Absent: taken from the vintage by the age rule.
   */
  publishedAt?: string | null;
  parse: () => Promise<{ rows: Row[]; notes: string[] }>;
}

/**
 * Where a table's age counts from:
 * - "publication": from the data's own publication date (the download's Last-Modified, or what the folder or
 *   vintage states, recorded at import as published_at) or the last refresh that found the source unchanged,
 *   whichever is later. An import from a folder confirms nothing, and an unknown date counts as old.
 * - "edition": an edition stays current until the next one enters into force, plus the margin.
 * - "confirmation": from the later of the import and the last check that found the source unchanged (the
 *   publisher's files carry no date).
 */
export type AgeFrom = "publication" | "edition" | "confirmation";

export interface AgeRule {
  from: AgeFrom;
  /**
   * The publisher's date the vintage states, at its precision rounded down (an imprecise date never makes
   * data look newer than it is); null when it states none. Default: a date vintage ("2025-05", "2025-05-03").
   */
  statedDate?: (vintage: string) => string | null;
  /** "edition": when the edition after the vintage's entered (or enters) into force (ms); null = edition unknown. */
  nextEditionInForce?: (vintage: string | null) => number | null;
}

export interface ReferenceSource<T extends string = string> {
  table: T;
  /** The table's name for people, the one wording of findings, the dashboard and the health report. */
  label: string;
  /** Screening list, HS schedule, ports or other: what the readers and reference:refresh --only go by. */
  group: SourceGroup;
  /** Short names reference:refresh --only accepts for this table alone, besides its table name ("ofac"). */
  aliases?: readonly string[];
  /** Publisher, as shown in reference_imports.source for a download. */
  publisher: string;
  /** The files the refresh downloads (their addresses are settings: TDS_REFERENCE_URL_*, TDS_REFERENCE_MIRROR). */
  files: readonly SourceFile[];
  /** Default refresh interval (the spec's: sanctions daily, tariffs and ports quarterly, WCO yearly). */
  intervalDays: number;
  /** Fewer rows than this is not a plausible download of this table (a truncated or wrong file). */
  minRows: number;
  age: AgeRule;
  /** The files of a folder this source reads (the newest vintage), or null when it holds none. */
  find: (files: readonly FoundFile[]) => FolderPlan | null;
  /** The downloaded files (by key) → rows, the publisher's version, notes; a FormatError when they are not the format. */
  parseDownload: (files: DownloadedFiles, readers: DownloadReaders) => Promise<ParsedTable>;
}

export const INTERVAL_DAYS = { day: 1, quarter: 91, year: 365 } as const;

/** An ISO date-time at the start of the day (the 1st of the month and year by default). */
export function startOfDay(y: string | number, m = "01", d = "01"): string {
  return `${y}-${m}-${d}T00:00:00.000Z`;
}

/** The default statedDate: a vintage that is a date ("2025-05", "2025-05-03") → that day (the 1st for a month). */
export function datedVintage(vintage: string): string | null {
  const m = vintage.match(/^(\d{4})-(\d{2})(?:-(\d{2}))?$/);
  return m ? startOfDay(m[1], m[2], m[3] ?? "01") : null;
}

/** "2026-02-27T00:00:09Z" / "2026-08-14" / "2022-05" → an ISO date-time at the start of that day (the 1st for a month). */
export function publisherDate(stated: string | null | undefined): string | null {
  if (!stated) return null;
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(stated);
  return m ? `${m[1]}-${m[2]}-${m[3] ?? "01"}T00:00:00Z` : null;
}

/** Parsed rows typed as the loader takes them. */
export const asRows = (rows: readonly unknown[]) => rows as unknown as Row[];
