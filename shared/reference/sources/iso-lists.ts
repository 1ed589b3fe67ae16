/**
 * The ISO 3166-1 countries and ISO 4217 currencies, from DataHub's CSVs of the ISO tables. Neither the
 * publisher's files nor the redistribution carry a date and the lists change by rare amendments: their
 * age runs from the import or the last refresh that found them unchanged.
 */
import { parseIsoCountriesCsv } from "../importers/parse-iso-countries.ts";
import { parseIsoCurrenciesCsv } from "../importers/parse-iso-currencies.ts";
import { need, parseText, text } from "./download-files.ts";
import { GZ, matches, newest, readText } from "./folder-files.ts";
import { asRows, INTERVAL_DAYS, type ReferenceSource } from "./reference-source.ts";

const DATAHUB = "https://raw.githubusercontent.com/datasets";
const COUNTRIES = "ISO 3166-1 with UNSD M49 names (DataHub country-codes CSV)";
const CURRENCIES = "ISO 4217 Tables A.1 and A.3 (DataHub currency-codes CSV)";

export const countries: ReferenceSource<"countries"> = {
  table: "countries",
  publisher: COUNTRIES,
  files: [{ key: "country-codes.csv", url: `${DATAHUB}/country-codes/main/data/country-codes.csv` }],
  intervalDays: INTERVAL_DAYS.year,
  minRows: 200,
  age: { from: "confirmation" },
  find: (files) => {
    const best = newest(matches(files, new RegExp(`^country-codes(?:_(.+?))?\\.csv${GZ}`), (m) => [m[1]]));
    if (!best) return null;
    return {
      files: [best.file],
      vintage: best.m[1] ?? null,
      source: COUNTRIES,
      parse: async () => ({ rows: asRows(parseIsoCountriesCsv((await readText(best.file)).text)), notes: [] }),
    };
  },
  parseDownload: async (files) => {
    const rows = parseText("country-codes.csv", await text(need(files, "country-codes.csv")), parseIsoCountriesCsv);
    return { rows: asRows(rows), vintage: null, notes: [] };
  },
};

export const currencies: ReferenceSource<"currencies"> = {
  table: "currencies",
  publisher: CURRENCIES,
  files: [{ key: "codes-all.csv", url: `${DATAHUB}/currency-codes/main/data/codes-all.csv` }],
  intervalDays: INTERVAL_DAYS.quarter,
  minRows: 150,
  age: { from: "confirmation" },
  find: (files) => {
    const best = newest([
      ...matches(files, new RegExp(`^iso4217-currency-codes(?:_(.+?))?\\.csv${GZ}`), (m) => [m[1]]),
      ...matches(files, new RegExp(`^codes-all\\.csv${GZ}`), () => [""]),
    ]);
    if (!best) return null;
    return {
      files: [best.file],
      vintage: best.m[1] ?? null,
      source: CURRENCIES,
      parse: async () => {
        const rows = parseIsoCurrenciesCsv((await readText(best.file)).text);
        return { rows: asRows(rows), notes: [`${rows.filter((r) => r.current).length} current codes`] };
      },
    };
  },
  parseDownload: async (files) => {
    const rows = parseText("codes-all.csv", await text(need(files, "codes-all.csv")), parseIsoCurrenciesCsv);
    return { rows: asRows(rows), vintage: null, notes: [`${rows.filter((r) => r.current).length} current codes`] };
  },
};
