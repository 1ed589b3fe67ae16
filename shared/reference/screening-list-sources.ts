/**
 * The four screening lists beyond OFAC as one descriptor each (the shape issue 40 turns every reference
 * source into): how a folder names its file, which download key the refresh fetches, and the pure parser
 * of the publisher's format with the publisher's date it states. The folder import (import-reference-dir.ts)
 * and the download refresh (refresh/parse-downloads.ts) both read these descriptors.
 */
import type { Row } from "../db/types.ts";
import { SOURCE_DEFAULTS } from "../runtime/config/reference-sources.ts";
import { parseEuFsfXml } from "./importers/parse-eu-fsf-xml.ts";
import { parseUkSanctionsXml } from "./importers/parse-uk-sanctions-xml.ts";
import { parseUnConsolidatedXml } from "./importers/parse-un-consolidated-xml.ts";
import { parseUsCslCsv } from "./importers/parse-us-csl-csv.ts";

export type ScreeningListTable = "sanctions_un" | "sanctions_eu" | "sanctions_uk" | "sanctions_us_csl";

export interface ParsedScreeningList {
  rows: Row[];
  /** The publisher's date the file states (ISO date or date-time), or null. */
  generated: string | null;
  notes: string[];
}

export interface ScreeningListSource {
  table: ScreeningListTable;
  /**
   * File names a folder holds this list under, newest by the date in the name (group 1, YYYY-MM-DD or
   * YYYY-MM). Our names first ("un_consolidated_2026-02-27.xml.gz"), then the publisher's own.
   */
  fileNames: RegExp[];
  /** The refresh's file key (SOURCE_DEFAULTS[table].files[0].key). */
  downloadKey: string;
  /** What the file must start with (after an XML declaration), to refuse an HTML page or another file. */
  looksRight: (text: string) => boolean;
  parse: (text: string) => ParsedScreeningList;
}

const DATE = "(\\d{4}-\\d{2}(?:-\\d{2})?)";
const GZ = "(?:\\.gz)?$";
const rowsOf = (rows: unknown[]) => rows as Row[];
const hasRoot = (root: string) => (text: string) => new RegExp(`<(?:\\w+:)?${root}[\\s>]`).test(text.slice(0, 4000));

export const SCREENING_LIST_SOURCES: Record<ScreeningListTable, ScreeningListSource> = {
  sanctions_un: {
    table: "sanctions_un",
    fileNames: [new RegExp(`^un_consolidated_${DATE}(?:_excerpt)?\\.xml${GZ}`, "i")],
    downloadKey: SOURCE_DEFAULTS.sanctions_un.files[0].key,
    looksRight: hasRoot("CONSOLIDATED_LIST"),
    parse: (text) => {
      const r = parseUnConsolidatedXml(text);
      return {
        rows: rowsOf(r.rows),
        generated: r.generated,
        notes: [`${r.rows.length} entries; ${r.skipped} without a reference number or name skipped`],
      };
    },
  },
  sanctions_eu: {
    table: "sanctions_eu",
    fileNames: [new RegExp(`^eu_fsf_${DATE}(?:_excerpt)?\\.xml${GZ}`, "i")],
    downloadKey: SOURCE_DEFAULTS.sanctions_eu.files[0].key,
    looksRight: hasRoot("export"),
    parse: (text) => {
      const r = parseEuFsfXml(text);
      return {
        rows: rowsOf(r.rows),
        generated: r.generated,
        notes: [`${r.rows.length} entries; ${r.skipped} skipped (no reference number or name, or a repeated reference number)`],
      };
    },
  },
  sanctions_uk: {
    table: "sanctions_uk",
    fileNames: [new RegExp(`^uk_sanctions_list_${DATE}(?:_excerpt)?\\.xml${GZ}`, "i")],
    downloadKey: SOURCE_DEFAULTS.sanctions_uk.files[0].key,
    looksRight: hasRoot("Designations"),
    parse: (text) => {
      const r = parseUkSanctionsXml(text);
      return {
        rows: rowsOf(r.rows),
        generated: r.generated,
        notes: [`${r.rows.length} designations; ${r.skipped} without a UniqueID skipped`],
      };
    },
  },
  sanctions_us_csl: {
    table: "sanctions_us_csl",
    fileNames: [new RegExp(`^us_csl_consolidated_${DATE}\\.csv${GZ}`, "i")],
    downloadKey: SOURCE_DEFAULTS.sanctions_us_csl.files[0].key,
    looksRight: (text) => /^\uFEFF?"?_id"?,/.test(text.slice(0, 200)),
    parse: (text) => {
      const r = parseUsCslCsv(text);
      const lists = Object.entries(r.perList)
        .map(([l, n]) => `${l} ${n}`)
        .join(", ");
      return { rows: rowsOf(r.rows), generated: null, notes: [`${r.rows.length} listings (${lists}); ${r.skipped} skipped`] };
    },
  },
};

export const SCREENING_LIST_TABLES = Object.keys(SCREENING_LIST_SOURCES) as ScreeningListTable[];

/** "2026-02-27T00:00:09Z" / "2026-08-14" / "2022-05" → an ISO date-time at the start of that day (the 1st for a month). */
export function publisherDate(stated: string | null | undefined): string | null {
  if (!stated) return null;
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(stated);
  return m ? `${m[1]}-${m[2]}-${m[3] ?? "01"}T00:00:00Z` : null;
}
