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

/**
 * A DataHub CSV of one ISO table: the folder holds it under one of `fileNames` (group 1, if any, the date),
 * the download under `key`; `read` parses the text and notes what it found. Dated only by the import.
 */
function dataHubCsv<T extends "countries" | "currencies", R>(d: {
  table: T;
  label: string;
  publisher: string;
  key: string;
  path: string;
  intervalDays: number;
  minRows: number;
  fileNames: RegExp[];
  parse: (text: string) => R[];
  notes: (rows: R[]) => string[];
}): ReferenceSource<T> {
  return {
    table: d.table,
    label: d.label,
    group: { kind: "other" },
    publisher: d.publisher,
    files: [{ key: d.key, url: `${DATAHUB}/${d.path}` }],
    intervalDays: d.intervalDays,
    minRows: d.minRows,
    age: { from: "confirmation" },
    find: (files) => {
      const best = newest(d.fileNames.flatMap((re) => matches(files, re, (m) => [m[1]])));
      if (!best) return null;
      return {
        files: [best.file],
        vintage: best.m[1] ?? null,
        source: d.publisher,
        parse: async () => {
          const rows = d.parse((await readText(best.file)).text);
          return { rows: asRows(rows), notes: d.notes(rows) };
        },
      };
    },
    parseDownload: async (files) => {
      const rows = parseText(d.key, await text(need(files, d.key)), d.parse);
      return { rows: asRows(rows), vintage: null, notes: d.notes(rows) };
    },
  };
}

export const countries = dataHubCsv({
  table: "countries",
  label: "ISO country list",
  publisher: COUNTRIES,
  key: "country-codes.csv",
  path: "country-codes/main/data/country-codes.csv",
  intervalDays: INTERVAL_DAYS.year,
  minRows: 200,
  fileNames: [new RegExp(`^country-codes(?:_(.+?))?\\.csv${GZ}`)],
  parse: parseIsoCountriesCsv,
  notes: () => [],
});

export const currencies = dataHubCsv({
  table: "currencies",
  label: "ISO currency list",
  publisher: CURRENCIES,
  key: "codes-all.csv",
  path: "currency-codes/main/data/codes-all.csv",
  intervalDays: INTERVAL_DAYS.quarter,
  minRows: 150,
  fileNames: [new RegExp(`^iso4217-currency-codes(?:_(.+?))?\\.csv${GZ}`), new RegExp(`^codes-all\\.csv${GZ}`)],
  parse: parseIsoCurrenciesCsv,
  notes: (rows) => [`${rows.filter((r) => r.current).length} current codes`],
});
