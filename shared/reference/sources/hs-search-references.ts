/**
 * HMRC's UK Trade Tariff search references and brand examples (the words traders use for goods, with the
 * commodity each points to), as the tariff's own search service reads them; HS search ranks with them.
 */
import { parseUkBrandsCsv, parseUkSearchReferencesJson } from "../importers/parse-uk-search-references.ts";
import { need, parseText, text } from "./download-files.ts";
import { GZ, matches, readText } from "./folder-files.ts";
import { asRows, INTERVAL_DAYS, type ReferenceSource } from "./reference-source.ts";

const REFERENCE_DATA = "https://raw.githubusercontent.com/trade-tariff/trade-tariff-lambdas-fpo-search/main/reference_data";
const PUBLISHER = "UK Trade Tariff (HMRC) search references and brand examples (trade-tariff-lambdas-fpo-search reference_data)";

export const hsSearchReferences: ReferenceSource<"hs_search_references"> = {
  table: "hs_search_references",
  label: "UK Trade Tariff search references",
  group: { kind: "other" },
  publisher: PUBLISHER,
  files: [
    { key: "search_references.json", url: `${REFERENCE_DATA}/search_references.json` },
    { key: "brands.csv", url: `${REFERENCE_DATA}/brands.csv`, optional: true },
  ],
  intervalDays: INTERVAL_DAYS.quarter,
  minRows: 1_000,
  // The files carry no date: their age runs from the import or an unchanged refresh.
  age: { from: "confirmation" },
  find: (files) => {
    const main = matches(files, new RegExp(`^search_references\\.json${GZ}`), () => [])[0];
    if (!main) return null;
    // brands.csv is a generic name: only the one beside search_references.json belongs to it.
    const folder = main.file.rel.slice(0, main.file.rel.length - main.file.name.length);
    const brands = matches(files, new RegExp(`^brands\\.csv${GZ}`), () => []).find((c) => c.file.rel === `${folder}${c.file.name}`);
    return {
      files: brands ? [main.file, brands.file] : [main.file],
      vintage: null,
      source: PUBLISHER,
      parse: async () => {
        const refs = parseUkSearchReferencesJson((await readText(main.file)).text);
        const brandRows = brands ? parseUkBrandsCsv((await readText(brands.file)).text) : { rows: [], skipped: 0 };
        return {
          rows: asRows([...refs.rows, ...brandRows.rows]),
          notes: [
            `${refs.rows.length} search references, ${brandRows.rows.length} brand lines; ${refs.skipped + brandRows.skipped} skipped`,
          ],
        };
      },
    };
  },
  parseDownload: async (files) => {
    const refs = parseText(
      "search_references.json",
      await text(need(files, "search_references.json")),
      parseUkSearchReferencesJson,
      "the search references",
    );
    const brands = files.has("brands.csv")
      ? parseText("brands.csv", await text(files.get("brands.csv")!), parseUkBrandsCsv)
      : { rows: [] as ReturnType<typeof parseUkBrandsCsv>["rows"], skipped: 0 };
    return {
      rows: asRows([...refs.rows, ...brands.rows]),
      vintage: null,
      notes: [`${refs.rows.length} search references, ${brands.rows.length} brand lines`],
    };
  },
};
