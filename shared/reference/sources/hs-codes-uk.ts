/** The UK Tariff (Department for Business and Trade, commodities report), quarterly. */
import { parseUkTariffCommodities } from "../importers/parse-uk-tariff-commodities.ts";
import { type DownloadedFiles, need, type ParsedTable, parseText, text, versionIn } from "./download-files.ts";
import { type FoundFile, GZ, matches, newest, readText } from "./folder-files.ts";
import { asRows, type FolderPlan, INTERVAL_DAYS, type ReferenceSource } from "./reference-source.ts";

const PUBLISHER = "UK Department for Business and Trade, UK Tariff dataset (commodities-report CSV)";

function find(files: readonly FoundFile[]): FolderPlan | null {
  const best = newest([
    ...matches(files, new RegExp(`^uk_tariff_commodities_report_v(\\d+)\\.(\\d+)\\.(\\d+)\\.csv${GZ}`), (m) => [m[1], m[2], m[3]]),
    ...matches(files, new RegExp(`^uk-tariff-[\\d-]+--v(\\d+)\\.(\\d+)\\.(\\d+)--commodities-report\\.csv${GZ}`), (m) => [
      m[1],
      m[2],
      m[3],
    ]),
  ]);
  if (!best) return null;
  return {
    files: [best.file],
    vintage: `UK Tariff v${best.m[1]}.${best.m[2]}.${best.m[3]}`,
    source: PUBLISHER,
    parse: async () => {
      const rows = parseUkTariffCommodities((await readText(best.file)).text);
      return { rows: asRows(rows), notes: [`${rows.filter((r) => r.is_leaf).length} leaf declarable lines`] };
    },
  };
}

async function parseDownload(files: DownloadedFiles): Promise<ParsedTable> {
  const file = need(files, "commodities-report.csv");
  const rows = parseText(file.key, await text(file), parseUkTariffCommodities, "the UK Tariff commodities-report CSV");
  const m = versionIn(file, /v(\d+\.\d+\.\d+)/);
  return {
    rows: asRows(rows),
    vintage: m ? `UK Tariff v${m[1]}` : null,
    notes: [`${rows.filter((r) => r.is_leaf).length} leaf declarable lines`],
  };
}

export const hsCodesUk: ReferenceSource<"hs_codes_uk"> = {
  table: "hs_codes_uk",
  label: "UK tariff",
  group: { kind: "hs", schedule: "uk", tariff: true },
  publisher: PUBLISHER,
  files: [
    {
      key: "commodities-report.csv",
      url: "https://data.api.trade.gov.uk/v1/datasets/uk-tariff-2021-01-01/versions/latest/tables/commodities-report/data?format=csv",
    },
  ],
  intervalDays: INTERVAL_DAYS.quarter,
  minRows: 10_000,
  // Versions ("UK Tariff v4.0.1205") state no date: a folder's copy counts as old until a refresh confirms it.
  age: { from: "publication" },
  find,
  parseDownload,
};
