/**
 * The four screening lists beyond OFAC (UN, EU, UK, US CSL), one shape each: a single file, daily like
 * OFAC's, the publisher's documented download address (docs/sanctions-screening.md, "Lists"), the folder's
 * file name with the publisher's date in it, and the pure parser of the publisher's format with the date
 * the file states. Which of them a validation requires is screening's decision (shared/screening/lists/).
 */
import { parseEuFsfXml } from "../importers/parse-eu-fsf-xml.ts";
import { parseUkSanctionsXml } from "../importers/parse-uk-sanctions-xml.ts";
import { parseUnConsolidatedXml } from "../importers/parse-un-consolidated-xml.ts";
import type { ParsedScreeningXml } from "../importers/screening-list-row.ts";
import { parseUsCslCsv } from "../importers/parse-us-csl-csv.ts";
import { FormatError, need, opening, parseText, refuseHtml, text } from "./download-files.ts";
import { GZ, matches, newest, readText } from "./folder-files.ts";
import { asRows, INTERVAL_DAYS, publisherDate, type ReferenceSource } from "./reference-source.ts";
import type { Row } from "../../db/types.ts";

interface ParsedScreeningList {
  rows: Row[];
  /** The publisher's date the file states (ISO date or date-time), or null. */
  generated: string | null;
  notes: string[];
}

interface ScreeningList<T extends string> {
  table: T;
  label: string;
  /** Its name in TDS_SCREENING_LISTS. */
  list: string;
  publisher: string;
  /** The one file: its key and the publisher's address. */
  file: { key: string; url: string };
  minRows: number;
  /**
   * File names a folder holds this list under, newest by the date in the name (group 1, YYYY-MM-DD or
   * YYYY-MM). Our names ("un_consolidated_2026-02-27.xml.gz"); the date is the publisher's.
   */
  fileNames: RegExp[];
  /** What the file must start with (after an XML declaration), to refuse an HTML page or another file. */
  looksRight: (text: string) => boolean;
  parse: (text: string) => ParsedScreeningList;
}

const DATE = "(\\d{4}-\\d{2}(?:-\\d{2})?)";
const hasRoot = (root: string) => (text: string) => new RegExp(`<(?:\\w+:)?${root}[\\s>]`).test(text.slice(0, 4000));

/** The parse of an XML list: its rows and date, and a note of how many `entries` it read and how many it skipped (`skipped` says why). */
const xmlList =
  (parse: (text: string) => ParsedScreeningXml, entries: string, skipped: string) =>
  (text: string): ParsedScreeningList => {
    const r = parse(text);
    return { rows: asRows(r.rows), generated: r.generated, notes: [`${r.rows.length} ${entries}; ${r.skipped} ${skipped}`] };
  };

function screeningList<T extends string>(list: ScreeningList<T>): ReferenceSource<T> {
  const key = list.file.key;
  return {
    table: list.table,
    label: list.label,
    group: { kind: "screening", list: list.list },
    publisher: list.publisher,
    files: [list.file],
    intervalDays: INTERVAL_DAYS.day,
    minRows: list.minRows,
    // The lists state their own date inside the file (UN, EU, UK) or in the folder's file name (CSL).
    age: { from: "publication" },
    find: (files) => {
      const best = newest(list.fileNames.flatMap((re) => matches(files, re, (m) => [m[1]])));
      if (!best) return null;
      return {
        files: [best.file],
        vintage: best.m[1] ?? null,
        // The date in the name is the publisher's (docs/reference-data.md, "Folder layout").
        publishedAt: publisherDate(best.m[1]),
        source: list.publisher,
        parse: async () => {
          const { rows, notes } = list.parse((await readText(best.file)).text);
          return { rows, notes };
        },
      };
    },
    // One file, its format checked before parsing, the publisher's date from inside it.
    parseDownload: async (files) => {
      const s = await text(need(files, key));
      refuseHtml(key, s);
      if (!list.looksRight(s)) throw new FormatError(`${key}: not the ${list.table} format (starts ${opening(s)})`);
      const parsed = parseText(key, s, list.parse);
      return { rows: parsed.rows, vintage: parsed.generated ? parsed.generated.slice(0, 10) : null, notes: parsed.notes };
    },
  };
}

export const sanctionsUn = screeningList({
  table: "sanctions_un",
  label: "UN Security Council Consolidated List",
  list: "un",
  publisher: "UN Security Council Consolidated List (XML, sc-sanctions.xsd)",
  file: { key: "consolidated.xml", url: "https://scsanctions.un.org/resources/xml/en/consolidated.xml" },
  minRows: 500,
  fileNames: [new RegExp(`^un_consolidated_${DATE}(?:_excerpt)?\\.xml${GZ}`, "i")],
  looksRight: hasRoot("CONSOLIDATED_LIST"),
  parse: xmlList(parseUnConsolidatedXml, "entries", "without a reference number or name skipped"),
});

export const sanctionsEu = screeningList({
  table: "sanctions_eu",
  label: "EU consolidated financial sanctions list",
  list: "eu",
  publisher: "EU Financial Sanctions Files consolidated list (XML 1.1)",
  file: {
    key: "eu_fsf.xml",
    url: "https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw",
  },
  minRows: 1_000,
  fileNames: [new RegExp(`^eu_fsf_${DATE}(?:_excerpt)?\\.xml${GZ}`, "i")],
  looksRight: hasRoot("export"),
  parse: xmlList(parseEuFsfXml, "entries", "skipped (no reference number or name, or a repeated reference number)"),
});

export const sanctionsUk = screeningList({
  table: "sanctions_uk",
  label: "UK Sanctions List",
  list: "uk",
  publisher: "UK Sanctions List (FCDO, XML)",
  file: { key: "UK-Sanctions-List.xml", url: "https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.xml" },
  minRows: 1_000,
  fileNames: [new RegExp(`^uk_sanctions_list_${DATE}(?:_excerpt)?\\.xml${GZ}`, "i")],
  looksRight: hasRoot("Designations"),
  parse: xmlList(parseUkSanctionsXml, "designations", "without a UniqueID skipped"),
});

export const sanctionsUsCsl = screeningList({
  table: "sanctions_us_csl",
  label: "US Consolidated Screening List",
  list: "us_csl",
  publisher: "US Consolidated Screening List (trade.gov, CSV)",
  file: { key: "consolidated.csv", url: "https://data.trade.gov/downloadable_consolidated_screening_list/v1/consolidated.csv" },
  minRows: 5_000,
  fileNames: [new RegExp(`^us_csl_consolidated_${DATE}\\.csv${GZ}`, "i")],
  looksRight: (text) => /^\uFEFF?"?_id"?,/.test(text.slice(0, 200)),
  parse: (text) => {
    const r = parseUsCslCsv(text);
    const lists = Object.entries(r.perList)
      .map(([l, n]) => `${l} ${n}`)
      .join(", ");
    return { rows: asRows(r.rows), generated: null, notes: [`${r.rows.length} listings (${lists}); ${r.skipped} skipped`] };
  },
});
