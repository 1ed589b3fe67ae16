/** The US Harmonized Tariff Schedule (USITC, 10-digit statistical lines), quarterly. */
import { parseUsitcHts } from "../importers/parse-usitc-hts.ts";
import { type DownloadedFiles, need, type ParsedTable, parseText, text, versionIn } from "./download-files.ts";
import { type FoundFile, GZ, matches, newest, readText } from "./folder-files.ts";
import { asRows, type FolderPlan, INTERVAL_DAYS, type ReferenceSource, startOfDay } from "./reference-source.ts";

function find(files: readonly FoundFile[]): FolderPlan | null {
  const best = newest(
    matches(files, new RegExp(`^(?:usitc_)?hts_(\\d{4})_(?:rev(?:ision)?_(\\d+)|basic)(?:_(?:json|csv))?\\.(json|csv)${GZ}`), (m) => [
      m[1],
      m[2] ?? "0",
      m[3] === "json" ? 1 : 0, // same revision in both formats: the JSON export carries footnotes
    ]),
  );
  if (!best) return null;
  const revision = best.m[2] ? `Revision ${best.m[2]}` : "Basic Edition";
  return {
    files: [best.file],
    vintage: `HTS ${best.m[1]} ${revision}`,
    source: `USITC Harmonized Tariff Schedule (${best.m[3].toUpperCase()} export)`,
    parse: async () => {
      const rows = parseUsitcHts((await readText(best.file)).text);
      return { rows: asRows(rows), notes: [`${rows.filter((r) => r.level === 10).length} 10-digit lines`] };
    },
  };
}

async function parseDownload(files: DownloadedFiles): Promise<ParsedTable> {
  const file = need(files, "hts.json");
  const rows = parseText(file.key, await text(file), parseUsitcHts, "a USITC HTS export");
  const m = versionIn(file, /hts_(\d{4})_(?:rev(?:ision)?_(\d+)|basic)/i);
  return {
    rows: asRows(rows),
    vintage: m ? `HTS ${m[1]} ${m[2] ? `Revision ${m[2]}` : "Basic Edition"}` : null,
    notes: [`${rows.filter((r) => r.level === 10).length} 10-digit lines`],
  };
}

export const hsCodesUs: ReferenceSource<"hs_codes_us"> = {
  table: "hs_codes_us",
  label: "US tariff schedule",
  group: { kind: "hs", schedule: "us", tariff: true },
  publisher: "USITC Harmonized Tariff Schedule (JSON export)",
  files: [{ key: "hts.json", url: "https://hts.usitc.gov/reststop/exportList?from=0100&to=9999&format=JSON&styles=false" }],
  intervalDays: INTERVAL_DAYS.quarter,
  minRows: 10_000,
  // "HTS 2026 Revision 10" → 1 January 2026: the revision's own date is not in the files.
  age: {
    from: "publication",
    statedDate: (vintage) => {
      const m = vintage.match(/\bHTS (\d{4})\b/);
      return m ? startOfDay(m[1]) : null;
    },
  },
  find,
  parseDownload,
};
