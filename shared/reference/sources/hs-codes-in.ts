/** India's 8-digit Customs Tariff items, from the GST portal's HSN master (HSN sheet), quarterly. */
import { parseIndiaHsnCsv } from "../importers/parse-india-hsn.ts";
import { type DownloadedFiles, type DownloadReaders, isZip, need, type ParsedTable, parseText, text } from "./download-files.ts";
import { type FoundFile, GZ, matches, newest, readText } from "./folder-files.ts";
import { asRows, type FolderPlan, INTERVAL_DAYS, type ReferenceSource } from "./reference-source.ts";

function find(files: readonly FoundFile[]): FolderPlan | null {
  const best = newest([
    ...matches(files, new RegExp(`^india_gst_hsn_master_goods(?:_(.+?))?\\.csv${GZ}`), (m) => [m[1]]),
    ...matches(files, new RegExp(`^HSN_SAC\\.csv${GZ}`, "i"), () => [""]),
  ]);
  if (!best) return null;
  return {
    files: [best.file],
    // The GST master carries no edition; a suffix in the file name (…_2025-05.csv) is taken as one.
    vintage: best.m[1] ?? null,
    source: "GST portal HSN master (HSN sheet, CSV); 8-digit Customs Tariff items",
    parse: async () => {
      const { rows, skipped } = parseIndiaHsnCsv((await readText(best.file)).text);
      const notes =
        skipped.length > 0 ? [`${skipped.length} rows skipped: ${skipped.map((s) => `"${s.raw}" ${s.reason}`).join("; ")}`] : [];
      return { rows: asRows(rows), notes };
    },
  };
}

async function parseDownload(files: DownloadedFiles, readers: DownloadReaders): Promise<ParsedTable> {
  const file = need(files, "HSN_SAC.xlsx");
  // The portal's workbook (a zip), or a mirror's CSV of its "HSN" sheet.
  const s = isZip(file.bytes) ? await readers.workbookSheetAsCsv(file, "HSN") : await text(file);
  const result = parseText(file.key, s, parseIndiaHsnCsv, "the GST HSN master");
  const notes = result.skipped.length > 0 ? [`${result.skipped.length} rows skipped`] : [];
  return { rows: asRows(result.rows), vintage: null, notes };
}

export const hsCodesIn: ReferenceSource<"hs_codes_in"> = {
  table: "hs_codes_in",
  label: "India tariff",
  group: { kind: "hs", schedule: "in", tariff: true },
  publisher: "GST portal HSN master (HSN sheet); 8-digit Customs Tariff items",
  files: [{ key: "HSN_SAC.xlsx", url: "https://tutorial.gst.gov.in/downloads/HSN_SAC.xlsx" }],
  intervalDays: INTERVAL_DAYS.quarter,
  minRows: 10_000,
  // A dated file name ("…_2025-05.csv") states the month; an unnamed master counts as old.
  age: { from: "publication" },
  find,
  parseDownload,
};
