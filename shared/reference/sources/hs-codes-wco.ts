/**
 * The WCO Harmonized System (six digits, every edition's nomenclature), yearly. The WCO publishes PDFs
 * only: the default is DataHub's CSV of UN Comtrade's H6 classification, and the docs say so.
 */
import { parseWcoHsCsv, parseWcoSectionsCsv } from "../importers/parse-wco-hs-csv.ts";
import { type DownloadedFiles, need, type ParsedTable, parseText, refuseHtml, text } from "./download-files.ts";
import { type FoundFile, GZ, matches, newest, readText } from "./folder-files.ts";
import { asRows, type FolderPlan, INTERVAL_DAYS, type ReferenceSource, startOfDay } from "./reference-source.ts";

const DATAHUB = "https://raw.githubusercontent.com/datasets/harmonized-system/main/data";

/**
 * The HS editions and the day each entered (or enters) into force, per the WCO: the one place this fact
 * is kept. HS 2028 was adopted by the WCO Council in 2025 and applies from 1 January 2028.
 */
export const HS_EDITIONS_IN_FORCE: ReadonlyArray<{ edition: number; from: string }> = [
  { edition: 2017, from: "2017-01-01T00:00:00Z" },
  { edition: 2022, from: "2022-01-01T00:00:00Z" },
  { edition: 2028, from: "2028-01-01T00:00:00Z" },
];

/** The year of an edition vintage ("HS 2022"), or null when it states none. */
const editionYear = (vintage: string | null) => {
  const m = vintage?.match(/\bHS ?(\d{4})\b/);
  return m ? Number(m[1]) : null;
};

function find(files: readonly FoundFile[]): FolderPlan | null {
  const main = newest(matches(files, new RegExp(`^wco_hs(\\d{4})\\.csv${GZ}`), (m) => [m[1]]));
  if (!main) return null;
  const year = main.m[1];
  const sections = matches(files, new RegExp(`^wco_hs${year}_sections\\.csv${GZ}`), () => [])[0];
  return {
    files: sections ? [main.file, sections.file] : [main.file],
    vintage: `HS ${year}`,
    source: "WCO Harmonized System via UN Comtrade H6 (DataHub harmonized-system CSV)",
    parse: async () => {
      const names = sections ? parseWcoSectionsCsv((await readText(sections.file)).text) : new Map<string, string>();
      const { rows, skipped } = parseWcoHsCsv((await readText(main.file)).text, names);
      return { rows: asRows(rows), notes: [`${skipped} residual rows skipped (TOTAL, chapter 99)`] };
    },
  };
}

async function parseDownload(files: DownloadedFiles): Promise<ParsedTable> {
  const s = await text(need(files, "harmonized-system.csv"));
  refuseHtml("harmonized-system.csv", s);
  const sections = files.has("sections.csv") ? parseWcoSectionsCsv(await text(files.get("sections.csv")!)) : new Map<string, string>();
  const result = parseText("harmonized-system.csv", s, (t) => parseWcoHsCsv(t, sections), "the HS CSV");
  // The last row reads "Total of all HS2022 commodities".
  const year = /Total of all HS ?(\d{4})/i.exec(s.slice(-400))?.[1];
  return {
    rows: asRows(result.rows),
    vintage: year ? `HS ${year}` : null,
    notes: [`${result.skipped} residual rows skipped (TOTAL, chapter 99)`],
  };
}

export const hsCodesWco: ReferenceSource<"hs_codes_wco"> = {
  table: "hs_codes_wco",
  label: "WCO HS nomenclature",
  group: { kind: "hs", schedule: "wco", tariff: false },
  aliases: ["wco"],
  publisher: "WCO Harmonized System via UN Comtrade H6 (DataHub harmonized-system CSV)",
  files: [
    { key: "harmonized-system.csv", url: `${DATAHUB}/harmonized-system.csv` },
    { key: "sections.csv", url: `${DATAHUB}/sections.csv`, optional: true },
  ],
  intervalDays: INTERVAL_DAYS.year,
  minRows: 5_000,
  // "HS 2022" is current until HS 2028 enters into force; its date is 1 January of the edition's year.
  age: {
    from: "edition",
    statedDate: (vintage) => {
      const year = editionYear(vintage);
      return year === null ? null : startOfDay(year);
    },
    nextEditionInForce: (vintage) => {
      const year = editionYear(vintage);
      if (year === null) return null;
      const next = HS_EDITIONS_IN_FORCE.find((e) => e.edition > year);
      return next ? Date.parse(next.from) : Number.POSITIVE_INFINITY;
    },
  },
  find,
  parseDownload,
};
