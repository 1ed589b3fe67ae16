/**
 * Downloaded files of one table → rows for loadReferenceTable, the publisher's version, and notes.
 * The official formats are read by the same pure parsers as the directory import; this module only
 * unpacks (UN/LOCODE zip, India XLSX), checks that each file is the format expected (an HTML error
 * page or a cut-off file is refused here, before the database is touched) and reads the version.
 */
import { unzipSync } from "fflate";
import type { Row } from "../../db/types.ts";
import { parseCsv } from "../importers/csv.ts";
import { decodeReferenceBytes } from "../import-reference-dir.ts";
import { parseOfacList, type OfacFiles, type SanctionsRow } from "../importers/parse-ofac-csv.ts";
import { parseUnlocodeParts } from "../importers/parse-unlocode.ts";
import { parseUsitcHts } from "../importers/parse-usitc-hts.ts";
import { parseUkTariffCommodities } from "../importers/parse-uk-tariff-commodities.ts";
import { parseEuCnJson } from "../importers/parse-eu-cn.ts";
import { parseIndiaHsnCsv } from "../importers/parse-india-hsn.ts";
import { parseWcoHsCsv, parseWcoSectionsCsv } from "../importers/parse-wco-hs-csv.ts";
import { parseIsoCountriesCsv } from "../importers/parse-iso-countries.ts";
import { parseIsoCurrenciesCsv } from "../importers/parse-iso-currencies.ts";
import { parseUkBrandsCsv, parseUkSearchReferencesJson } from "../importers/parse-uk-search-references.ts";
import type { RefreshableTable } from "../../runtime/config/reference-sources.ts";
import type { DownloadedFile } from "./download-source.ts";
import { SCREENING_LIST_SOURCES, type ScreeningListTable } from "../screening-list-sources.ts";

export interface ParsedTable {
  rows: Row[];
  /** Publisher's edition or version when the files say it (name, address or content). */
  vintage: string | null;
  notes: string[];
}

/** Thrown when a file is not what the source should publish; the message says what was found. */
export class FormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FormatError";
  }
}

const isZip = (b: Uint8Array) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

async function text(file: DownloadedFile): Promise<string> {
  try {
    return (await decodeReferenceBytes(file.bytes)).text;
  } catch (e) {
    // A gzip stream cut short fails here.
    throw new FormatError(`${file.key}: cannot be decoded (${e instanceof Error ? e.message : String(e)})`);
  }
}

/** What the file starts with, for messages ("<!DOCTYPE html>…"). */
function opening(s: string): string {
  return JSON.stringify(s.slice(0, 60).replace(/\s+/g, " "));
}

function refuseHtml(key: string, s: string): void {
  if (/^\s*<(?:!doctype|html|head|body)/i.test(s))
    throw new FormatError(`${key}: an HTML page instead of the data file (starts ${opening(s)})`);
}

/**
 * What `parse` reads from a downloaded text. An HTML page, or a text the parser refuses, is a FormatError:
 * "<key>: not <what> (<reason>)", or "<key>: <reason>" without `what`.
 */
function parseText<T>(key: string, s: string, parse: (s: string) => T, what?: string): T {
  refuseHtml(key, s);
  try {
    return parse(s);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    throw new FormatError(what ? `${key}: not ${what} (${reason})` : `${key}: ${reason}`);
  }
}

/** The first version-like match in the publisher's file name or address. */
function versionIn(file: DownloadedFile, re: RegExp): RegExpMatchArray | null {
  for (const s of [file.fileName, file.finalUrl, file.url]) {
    let decoded = s;
    try {
      decoded = decodeURIComponent(s);
    } catch {
      /* keep as is */
    }
    const m = decoded.match(re);
    if (m) return m;
  }
  return null;
}

function need(files: Map<string, DownloadedFile>, key: string): DownloadedFile {
  const f = files.get(key);
  if (!f) throw new FormatError(`${key}: missing`);
  return f;
}

// ---------- per table ----------

async function parseOfac(files: Map<string, DownloadedFile>): Promise<ParsedTable> {
  const rows: SanctionsRow[] = [];
  const notes: string[] = [];
  const read = async (key: string) => {
    const f = files.get(key);
    if (!f) return undefined;
    const s = await text(f);
    refuseHtml(key, s);
    return s;
  };
  for (const [list, keys] of [
    ["SDN", ["sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv"]],
    ["CONS", ["cons_prim.csv", "cons_alt.csv", "cons_add.csv", "cons_comments.csv"]],
  ] as const) {
    const primary = await read(keys[0]);
    if (primary === undefined) continue;
    // dat_spec.txt: headerless, each record starts with the numeric ent_num.
    if (!/^\s*\d+,/.test(primary))
      throw new FormatError(`${keys[0]}: not an OFAC legacy CSV (a record starts with its ent_num; the file starts ${opening(primary)})`);
    // The legacy files end with a Ctrl-Z byte; a file cut off mid-record has a last line without its 12 fields.
    const lastLine =
      primary
        .replace(/[\x1a\s]+$/, "")
        .split(/\r?\n/)
        .pop() ?? "";
    let fields = 0;
    try {
      fields = parseCsv(lastLine)[0]?.length ?? 0;
    } catch {
      fields = 0; // an unclosed quote: cut off inside a field
    }
    if (!/^\d+,/.test(lastLine) || fields !== 12 || (lastLine.match(/"/g)?.length ?? 0) % 2 !== 0) {
      throw new FormatError(`${keys[0]}: the last record is incomplete (the file looks cut off): ${opening(lastLine)}`);
    }
    const filesText: OfacFiles = { primary, alt: await read(keys[1]), add: await read(keys[2]), comments: await read(keys[3]) };
    const result = parseOfacList(list, filesText);
    for (const r of result.rows) rows.push(r);
    notes.push(
      `${list}: ${result.rows.length} entries; records for entries not in the primary file: ${result.orphans.alt} alt, ${result.orphans.add} add, ${result.orphans.comments} comments`,
    );
  }
  if (rows.length === 0) throw new FormatError("neither sdn.csv nor cons_prim.csv was downloaded");
  // The legacy CSV carries no date; the publisher's date is the Last-Modified of sdn.csv (reference_imports.published_at).
  const sdn = files.get("sdn.csv") ?? files.get("cons_prim.csv")!;
  return {
    rows: rows as unknown as Row[],
    vintage: sdn.lastModified ? `OFAC lists published ${sdn.lastModified.slice(0, 10)}` : null,
    notes,
  };
}

async function parsePorts(files: Map<string, DownloadedFile>): Promise<ParsedTable> {
  const file = need(files, "unlocode.zip");
  let parts: Array<{ name: string; bytes: Uint8Array }>;
  if (isZip(file.bytes)) {
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(file.bytes, { filter: (f) => /CodeListPart\d\.csv$/i.test(f.name) });
    } catch (e) {
      throw new FormatError(`${file.key}: not a readable zip (${e instanceof Error ? e.message : String(e)}); the download may be cut off`);
    }
    parts = Object.entries(entries)
      .map(([name, bytes]) => ({ name, bytes }))
      .sort((a, b) => Number(/Part(\d)/i.exec(a.name)![1]) - Number(/Part(\d)/i.exec(b.name)![1]));
    if (parts.length === 0) throw new FormatError(`${file.key}: the zip holds no "UNLOCODE CodeListPart<N>.csv"`);
  } else {
    // A mirror may serve one part as a plain CSV.
    parts = [{ name: file.fileName, bytes: file.bytes }];
  }
  const decoded = await Promise.all(parts.map((p) => decodeReferenceBytes(p.bytes)));
  for (const [i, d] of decoded.entries()) {
    refuseHtml(parts[i].name, d.text);
    // Headerless, 12 columns: Change, Country, Location, Name, …; the first record is a country header ",AD,,.ANDORRA,…".
    if (!/^[^,\n]{0,1},[A-Z]{2},/.test(d.text))
      throw new FormatError(`${parts[i].name}: not a UN/LOCODE code list part (starts ${opening(d.text)})`);
  }
  const result = parseUnlocodeParts(decoded.map((d) => d.text));
  if (result.skipped.malformed > result.rows.length / 100) {
    throw new FormatError(`${result.skipped.malformed} malformed UN/LOCODE records (more than 1 %): not the official layout`);
  }
  // "2025-1 UNLOCODE CodeListPart1.csv" in the zip, or the zip's name "loc251csv.zip".
  const inEntry = parts.map((p) => /(\d{4}-\d)/.exec(p.name)?.[1]).find(Boolean);
  const inZipName = versionIn(file, /loc(\d{2})(\d)csv/i);
  const release = inEntry ?? (inZipName ? `20${inZipName[1]}-${inZipName[2]}` : versionIn(file, /(\d{4}-\d)/)?.[1]);
  return {
    rows: result.rows as unknown as Row[],
    vintage: release ? `UN/LOCODE ${release}` : null,
    notes: [
      `parts ${parts.map((p) => p.name).join(", ")}`,
      `skipped ${result.skipped.countryHeaders} country header rows, ${result.skipped.references} see-reference rows, ${result.skipped.duplicates} duplicates, ${result.skipped.malformed} malformed`,
      `encoding ${[...new Set(decoded.map((d) => d.encoding))].join("/")}`,
    ],
  };
}

async function parseUs(files: Map<string, DownloadedFile>): Promise<ParsedTable> {
  const file = need(files, "hts.json");
  const rows = parseText(file.key, await text(file), parseUsitcHts, "a USITC HTS export");
  const m = versionIn(file, /hts_(\d{4})_(?:rev(?:ision)?_(\d+)|basic)/i);
  return {
    rows: rows as unknown as Row[],
    vintage: m ? `HTS ${m[1]} ${m[2] ? `Revision ${m[2]}` : "Basic Edition"}` : null,
    notes: [`${rows.filter((r) => r.level === 10).length} 10-digit lines`],
  };
}

async function parseUk(files: Map<string, DownloadedFile>): Promise<ParsedTable> {
  const file = need(files, "commodities-report.csv");
  const rows = parseText(file.key, await text(file), parseUkTariffCommodities, "the UK Tariff commodities-report CSV");
  const m = versionIn(file, /v(\d+\.\d+\.\d+)/);
  return {
    rows: rows as unknown as Row[],
    vintage: m ? `UK Tariff v${m[1]}` : null,
    notes: [`${rows.filter((r) => r.is_leaf).length} leaf declarable lines`],
  };
}

async function parseEu(files: Map<string, DownloadedFile>): Promise<ParsedTable> {
  const codes = await text(need(files, "cnCodes.json"));
  refuseHtml("cnCodes.json", codes);
  const opt = async (key: string) => (files.has(key) ? await text(files.get(key)!) : undefined);
  let rows;
  try {
    rows = parseEuCnJson({
      codes,
      subheadings: await opt("cnSubheadings.json"),
      headings: await opt("cnHeadings.json"),
      chapters: await opt("cnChapters.json"),
      sections: await opt("cnSections.json"),
    });
  } catch (e) {
    throw new FormatError(`cnCodes.json: not the CN JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const year = /"version"\s*:\s*"?(\d{4})/.exec(codes.slice(0, 2000))?.[1] ?? versionIn(need(files, "cnCodes.json"), /(\d{4})/)?.[1];
  return {
    rows: rows as unknown as Row[],
    vintage: year ? `CN ${year}` : null,
    notes: [`${rows.filter((r) => r.level === 8).length} CN8 codes`, "no TARIC file: 10-digit codes are checked by their CN8 prefix"],
  };
}

/** The "HSN" sheet (or the first) of the GST portal's HSN_SAC.xlsx, as CSV text for the CSV parser. */
async function xlsxSheetAsCsv(bytes: Uint8Array): Promise<string> {
  const ExcelJS = (await import("exceljs")).default;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const sheet = workbook.getWorksheet("HSN") ?? workbook.worksheets[0];
  if (!sheet) throw new FormatError("HSN_SAC.xlsx: the workbook has no sheet");
  const quote = (v: unknown) => `"${String(v ?? "").replace(/"/g, '""')}"`;
  const lines: string[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = (row.values as unknown[])
      .slice(1)
      .map((v) =>
        v && typeof v === "object" && "richText" in v ? (v as { richText: { text: string }[] }).richText.map((t) => t.text).join("") : v,
      );
    lines.push(values.slice(0, 2).map(quote).join(","));
  });
  return lines.join("\n");
}

async function parseIn(files: Map<string, DownloadedFile>): Promise<ParsedTable> {
  const file = need(files, "HSN_SAC.xlsx");
  const s = isZip(file.bytes) ? await xlsxSheetAsCsv(file.bytes) : await text(file);
  const result = parseText(file.key, s, parseIndiaHsnCsv, "the GST HSN master");
  const notes = result.skipped.length > 0 ? [`${result.skipped.length} rows skipped`] : [];
  return { rows: result.rows as unknown as Row[], vintage: null, notes };
}

async function parseWco(files: Map<string, DownloadedFile>): Promise<ParsedTable> {
  const s = await text(need(files, "harmonized-system.csv"));
  refuseHtml("harmonized-system.csv", s);
  const sections = files.has("sections.csv") ? parseWcoSectionsCsv(await text(files.get("sections.csv")!)) : new Map<string, string>();
  const result = parseText("harmonized-system.csv", s, (t) => parseWcoHsCsv(t, sections), "the HS CSV");
  // The last row reads "Total of all HS2022 commodities".
  const year = /Total of all HS ?(\d{4})/i.exec(s.slice(-400))?.[1];
  return {
    rows: result.rows as unknown as Row[],
    vintage: year ? `HS ${year}` : null,
    notes: [`${result.skipped} residual rows skipped (TOTAL, chapter 99)`],
  };
}

async function parseCountries(files: Map<string, DownloadedFile>): Promise<ParsedTable> {
  const rows = parseText("country-codes.csv", await text(need(files, "country-codes.csv")), parseIsoCountriesCsv);
  return { rows: rows as unknown as Row[], vintage: null, notes: [] };
}

async function parseCurrencies(files: Map<string, DownloadedFile>): Promise<ParsedTable> {
  const rows = parseText("codes-all.csv", await text(need(files, "codes-all.csv")), parseIsoCurrenciesCsv);
  return { rows: rows as unknown as Row[], vintage: null, notes: [`${rows.filter((r) => r.current).length} current codes`] };
}

async function parseSearchReferences(files: Map<string, DownloadedFile>): Promise<ParsedTable> {
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
    rows: [...refs.rows, ...brands.rows] as unknown as Row[],
    vintage: null,
    notes: [`${refs.rows.length} search references, ${brands.rows.length} brand lines`],
  };
}

/** A screening list beyond OFAC: one file, its format checked before parsing, the publisher's date from inside it. */
const parseScreeningList =
  (table: ScreeningListTable) =>
  async (files: Map<string, DownloadedFile>): Promise<ParsedTable> => {
    const source = SCREENING_LIST_SOURCES[table];
    const s = await text(need(files, source.downloadKey));
    refuseHtml(source.downloadKey, s);
    if (!source.looksRight(s)) throw new FormatError(`${source.downloadKey}: not the ${table} format (starts ${opening(s)})`);
    const parsed = parseText(source.downloadKey, s, source.parse);
    return { rows: parsed.rows, vintage: parsed.generated ? parsed.generated.slice(0, 10) : null, notes: parsed.notes };
  };

const PARSERS: Record<RefreshableTable, (files: Map<string, DownloadedFile>) => Promise<ParsedTable>> = {
  sanctions_un: parseScreeningList("sanctions_un"),
  sanctions_eu: parseScreeningList("sanctions_eu"),
  sanctions_uk: parseScreeningList("sanctions_uk"),
  sanctions_us_csl: parseScreeningList("sanctions_us_csl"),
  sanctions_ofac: parseOfac,
  port_codes: parsePorts,
  hs_codes_us: parseUs,
  hs_codes_uk: parseUk,
  hs_codes_eu: parseEu,
  hs_codes_in: parseIn,
  hs_codes_wco: parseWco,
  countries: parseCountries,
  currencies: parseCurrencies,
  hs_search_references: parseSearchReferences,
};

export function parseDownloadedTable(table: RefreshableTable, files: readonly DownloadedFile[]): Promise<ParsedTable> {
  return PARSERS[table](new Map(files.map((f) => [f.key, f])));
}
