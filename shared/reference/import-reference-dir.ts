/**
 * Imports every reference dataset found in a directory laid out like the workspace's shared/data
 * (sub-folders are searched; files are recognised by the names documented in docs/reference-data.md,
 * the newest vintage winning when several are present). Each table is parsed, then replaced in its
 * own transaction by loadReferenceTable.
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import type { Db, Row } from "../db/types.ts";
import { isScreeningTable } from "../screening/lists/screening-tables.ts";
import { finishScreeningImport, loadReferenceTable, type ProgressFn } from "./load-reference-table.ts";
import { REFRESHABLE_TABLES, type RefreshableTable, SOURCE_DEFAULTS } from "../runtime/config/reference-sources.ts";
import { emptyReferenceTables } from "./reference-status.ts";
import { parseWcoHsCsv, parseWcoSectionsCsv } from "./importers/parse-wco-hs-csv.ts";
import { parseUsitcHts } from "./importers/parse-usitc-hts.ts";
import { parseEuCnJson, parseEuTaricCsv, type EuHsRow } from "./importers/parse-eu-cn.ts";
import { parseUkTariffCommodities } from "./importers/parse-uk-tariff-commodities.ts";
import { parseIndiaHsnCsv } from "./importers/parse-india-hsn.ts";
import { parseUnlocodeCsv, parseUnlocodeParts } from "./importers/parse-unlocode.ts";
import { parseOfacList, type OfacFiles, type SanctionsRow } from "./importers/parse-ofac-csv.ts";
import { parseIsoCountriesCsv } from "./importers/parse-iso-countries.ts";
import { parseIsoCurrenciesCsv } from "./importers/parse-iso-currencies.ts";
import { parseUkBrandsCsv, parseUkSearchReferencesJson } from "./importers/parse-uk-search-references.ts";
import { AGE_FROM, statedPublicationDate } from "./refresh/reference-vintage.ts";
import { publisherDate, SCREENING_LIST_SOURCES, type ScreeningListTable } from "./screening-list-sources.ts";

export interface TableImportSummary {
  table: RefreshableTable;
  /** Source files, relative to the directory. */
  files: string[];
  vintage: string | null;
  rows: number;
  seconds: number;
  /** What the parser left out or detected (skipped rows, encodings, orphans). */
  notes: string[];
  /** Set when this table failed (continueOnError); its old rows are unchanged. */
  error?: string;
}

export interface ReferenceImportResult {
  tables: TableImportSummary[];
  /** Tables asked for (or all) with no files in the directory. */
  missing: RefreshableTable[];
}

export interface ImportOptions {
  /** Only these tables (default: every table that has files). */
  only?: string[];
  onProgress?: ProgressFn;
  /** Called when a table starts (after its files were found). */
  onTableStart?: (table: RefreshableTable, files: string[]) => void;
  batchSize?: number;
  /** Go on with the other tables when one fails (its error is in the summary). Default false: throw. */
  continueOnError?: boolean;
}

// ---------- files ----------

interface FoundFile {
  path: string;
  /** Relative to the imported directory, "/"-separated. */
  rel: string;
  name: string;
}

async function listFiles(dir: string, maxDepth = 4): Promise<FoundFile[]> {
  const out: FoundFile[] = [];
  const walk = async (d: string, depth: number) => {
    const entries = await readdir(d, { withFileTypes: true });
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory() && depth < maxDepth && !e.name.startsWith(".")) await walk(p, depth + 1);
      else if (e.isFile()) out.push({ path: p, rel: relative(dir, p).split("\\").join("/"), name: e.name });
    }
  };
  await walk(dir, 0);
  return out.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}

async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export interface DecodedText {
  text: string;
  encoding: "utf-8" | "windows-1252";
}

/**
 * Bytes → text: gzip is recognised by its magic bytes; UTF-8 is tried strictly first and
 * Windows-1252 (a superset of ISO-8859-1's printable range) is the fallback, because older UN/LOCODE
 * releases were published in ISO-8859-1. A BOM is dropped.
 */
export async function decodeReferenceBytes(raw: Uint8Array): Promise<DecodedText> {
  const bytes = raw.length > 2 && raw[0] === 0x1f && raw[1] === 0x8b ? await gunzip(raw) : raw;
  let text: string;
  let encoding: DecodedText["encoding"] = "utf-8";
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
    encoding = "windows-1252";
  }
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, encoding };
}

async function readText(file: FoundFile): Promise<DecodedText> {
  return decodeReferenceBytes(new Uint8Array(await readFile(file.path)));
}

/** Sort key that orders embedded numbers numerically: "v4.0.1205" > "v4.0.999". */
function versionKey(parts: Array<string | number | undefined>): string {
  return parts.map((p) => String(p ?? "").replace(/\d+/g, (d) => d.padStart(12, "0"))).join("|");
}

interface Candidate {
  file: FoundFile;
  key: string;
  m: RegExpMatchArray;
}

function matches(files: FoundFile[], re: RegExp, key: (m: RegExpMatchArray) => Array<string | number | undefined>): Candidate[] {
  return files.flatMap((file) => {
    const m = file.name.match(re);
    return m ? [{ file, m, key: versionKey(key(m)) }] : [];
  });
}

function newest(cands: Candidate[]): Candidate | undefined {
  return cands.reduce<Candidate | undefined>((best, c) => (!best || c.key > best.key ? c : best), undefined);
}

// ---------- datasets ----------

interface Plan {
  table: RefreshableTable;
  files: FoundFile[];
  vintage: string | null;
  source: string;
  /**
   * The publisher's date as the folder states it (the OFAC files' names), for the tables whose age runs
   * from it (shared/reference/refresh/reference-vintage.ts); null = the folder states none (counts as old).
   */
  publishedAt?: string | null;
  parse: () => Promise<{ rows: Row[]; notes: string[] }>;
}

type Finder = (files: FoundFile[]) => Plan | null;

const GZ = "(?:\\.gz)?$";

const findWco: Finder = (files) => {
  const main = newest(matches(files, new RegExp(`^wco_hs(\\d{4})\\.csv${GZ}`), (m) => [m[1]]));
  if (!main) return null;
  const year = main.m[1];
  const sections = matches(files, new RegExp(`^wco_hs${year}_sections\\.csv${GZ}`), () => [])[0];
  return {
    table: "hs_codes_wco",
    files: sections ? [main.file, sections.file] : [main.file],
    vintage: `HS ${year}`,
    source: "WCO Harmonized System via UN Comtrade H6 (DataHub harmonized-system CSV)",
    parse: async () => {
      const names = sections ? parseWcoSectionsCsv((await readText(sections.file)).text) : new Map<string, string>();
      const { rows, skipped } = parseWcoHsCsv((await readText(main.file)).text, names);
      return { rows: rows as unknown as Row[], notes: [`${skipped} residual rows skipped (TOTAL, chapter 99)`] };
    },
  };
};

const findUs: Finder = (files) => {
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
    table: "hs_codes_us",
    files: [best.file],
    vintage: `HTS ${best.m[1]} ${revision}`,
    source: `USITC Harmonized Tariff Schedule (${best.m[3].toUpperCase()} export)`,
    parse: async () => {
      const rows = parseUsitcHts((await readText(best.file)).text);
      return { rows: rows as unknown as Row[], notes: [`${rows.filter((r) => r.level === 10).length} 10-digit lines`] };
    },
  };
};

const findEu: Finder = (files) => {
  // Our file names (eu_cn2026_codes.json.gz) and php-cncodes' (cnCodes_2026.json).
  const level = (kind: string, year: string) =>
    matches(
      files,
      new RegExp(`^(?:eu_cn${year}_${kind}|cn${kind[0].toUpperCase()}${kind.slice(1)}_${year})\\.json${GZ}`, "i"),
      () => [],
    )[0];
  const codes = newest(matches(files, new RegExp(`^(?:eu_cn(\\d{4})_codes|cnCodes_(\\d{4}))\\.json${GZ}`, "i"), (m) => [m[1] ?? m[2]]));
  const taric = newest([
    ...matches(files, new RegExp(`^eu_taric_(.+?)\\.csv${GZ}`), (m) => [m[1]]),
    ...matches(files, new RegExp(`^eu_tariff_(\\d{4})_rev_(\\d+)\\.csv${GZ}`), (m) => [m[1], m[2]]),
  ]);
  if (!codes && !taric) return null;
  const year = codes ? (codes.m[1] ?? codes.m[2]) : null;
  const others = year ? (["subheadings", "headings", "chapters", "sections"] as const).map((k) => [k, level(k, year)] as const) : [];
  const taricVintage = taric ? (taric.m[2] ? `TARIC ${taric.m[1]} rev ${taric.m[2]}` : `TARIC ${taric.m[1]}`) : null;
  return {
    table: "hs_codes_eu",
    files: [...(codes ? [codes.file] : []), ...others.flatMap(([, c]) => (c ? [c.file] : [])), ...(taric ? [taric.file] : [])],
    vintage: [year ? `CN ${year}` : null, taricVintage].filter(Boolean).join(" + "),
    source: `EU Combined Nomenclature (EU Vocabularies, JSON)${taric ? " + TARIC goods nomenclature (CSV)" : ""}`,
    parse: async () => {
      const rows: EuHsRow[] = [];
      const notes: string[] = [];
      if (codes) {
        const text = async (c: Candidate | undefined) => (c ? (await readText(c.file)).text : undefined);
        const byKind = Object.fromEntries(others.map(([k]) => [k, undefined])) as Record<string, string | undefined>;
        for (const [k, c] of others) byKind[k] = await text(c);
        const cn = parseEuCnJson({ codes: (await text(codes))!, ...byKind });
        rows.push(...cn);
        notes.push(`${cn.filter((r) => r.level === 8).length} CN8 codes`);
      }
      if (taric) {
        const t = parseEuTaricCsv((await readText(taric.file)).text);
        for (const r of t) rows.push(r);
        notes.push(`${t.length} TARIC lines: 10-digit codes are checked exactly`);
      } else {
        notes.push("no TARIC file: 10-digit codes are checked by their CN8 prefix");
      }
      return { rows: rows as unknown as Row[], notes };
    },
  };
};

const findUk: Finder = (files) => {
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
    table: "hs_codes_uk",
    files: [best.file],
    vintage: `UK Tariff v${best.m[1]}.${best.m[2]}.${best.m[3]}`,
    source: "UK Department for Business and Trade, UK Tariff dataset (commodities-report CSV)",
    parse: async () => {
      const rows = parseUkTariffCommodities((await readText(best.file)).text);
      return { rows: rows as unknown as Row[], notes: [`${rows.filter((r) => r.is_leaf).length} leaf declarable lines`] };
    },
  };
};

const findIn: Finder = (files) => {
  const best = newest([
    ...matches(files, new RegExp(`^india_gst_hsn_master_goods(?:_(.+?))?\\.csv${GZ}`), (m) => [m[1]]),
    ...matches(files, new RegExp(`^HSN_SAC\\.csv${GZ}`, "i"), () => [""]),
  ]);
  if (!best) return null;
  return {
    table: "hs_codes_in",
    files: [best.file],
    // The GST master carries no edition; a suffix in the file name (…_2025-05.csv) is taken as one.
    vintage: best.m[1] ?? null,
    source: "GST portal HSN master (HSN sheet, CSV); 8-digit Customs Tariff items",
    parse: async () => {
      const { rows, skipped } = parseIndiaHsnCsv((await readText(best.file)).text);
      const notes =
        skipped.length > 0 ? [`${skipped.length} rows skipped: ${skipped.map((s) => `"${s.raw}" ${s.reason}`).join("; ")}`] : [];
      return { rows: rows as unknown as Row[], notes };
    },
  };
};

const findPorts: Finder = (files) => {
  const parts = [
    ...matches(files, new RegExp(`^official_(\\d{4}-\\d)_UNLOCODE_CodeListPart(\\d)\\.csv${GZ}`, "i"), (m) => [m[1]]),
    ...matches(files, new RegExp(`^(\\d{4}-\\d) UNLOCODE CodeListPart(\\d)\\.csv${GZ}`, "i"), (m) => [m[1]]),
    ...matches(files, new RegExp(`^()UNLOCODE CodeListPart(\\d)\\.csv${GZ}`, "i"), () => [""]),
  ];
  const derived = matches(files, new RegExp(`^unlocode_(\\d{4}-\\d)_codelist\\.csv${GZ}`), (m) => [m[1]]);
  const bestParts = newest(parts);
  const bestDerived = newest(derived);
  // The official parts win over the derived single file of the same release.
  if (bestParts && (!bestDerived || bestParts.key >= bestDerived.key)) {
    // One file per part number (a folder may hold both part1.csv and part1.csv.gz).
    const byPart = new Map<number, Candidate>();
    for (const p of parts) if (p.key === bestParts.key && !byPart.has(Number(p.m[2]))) byPart.set(Number(p.m[2]), p);
    const set = [...byPart.entries()].sort((a, b) => a[0] - b[0]).map(([, p]) => p);
    const release = bestParts.m[1] || null;
    return {
      table: "port_codes",
      files: set.map((p) => p.file),
      vintage: release ? `UN/LOCODE ${release}` : null,
      source: "UNECE UN/LOCODE code list (official CSV parts)",
      parse: async () => {
        const decoded = await Promise.all(set.map((p) => readText(p.file)));
        const result = parseUnlocodeParts(decoded.map((d) => d.text));
        return {
          rows: result.rows as unknown as Row[],
          notes: [unlocodeNote(result.skipped), `encoding ${[...new Set(decoded.map((d) => d.encoding))].join("/")}`],
        };
      },
    };
  }
  if (!bestDerived) return null;
  return {
    table: "port_codes",
    files: [bestDerived.file],
    vintage: `UN/LOCODE ${bestDerived.m[1]}`,
    source: "UNECE UN/LOCODE code list (single CSV with header, derived from the official parts)",
    parse: async () => {
      const d = await readText(bestDerived.file);
      const result = parseUnlocodeCsv(d.text);
      return { rows: result.rows as unknown as Row[], notes: [unlocodeNote(result.skipped), `encoding ${d.encoding}`] };
    },
  };
};

function unlocodeNote(s: { countryHeaders: number; references: number; duplicates: number; malformed: number }): string {
  return `skipped ${s.countryHeaders} country header rows, ${s.references} see-reference rows, ${s.duplicates} duplicates, ${s.malformed} malformed`;
}

const findOfac: Finder = (files) => {
  const DATE = "(\\d{4}-\\d{2}(?:-\\d{2})?)";
  const pick = (ours: string, upstream: string) =>
    newest([
      ...matches(files, new RegExp(`^ofac_${ours}_${DATE}\\.csv${GZ}`, "i"), (m) => [m[1]]),
      ...matches(files, new RegExp(`^${upstream}\\.csv${GZ}`, "i"), () => [""]),
    ]);
  const sdn = {
    primary: pick("sdn", "sdn"),
    alt: pick("alt", "alt"),
    add: pick("add", "add"),
    comments: pick("sdn_comments", "sdn_comments"),
  };
  const cons = {
    primary: pick("cons_prim", "cons_prim"),
    alt: pick("cons_alt", "cons_alt"),
    add: pick("cons_add", "cons_add"),
    comments: pick("cons_comments", "cons_comments"),
  };
  if (!sdn.primary && !cons.primary) return null;
  const date = (c: Candidate | undefined) => c?.m[1] ?? "undated";
  const vintage = [
    sdn.primary ? `SDN ${date(sdn.primary)} (alt ${date(sdn.alt)}, add ${date(sdn.add)}, comments ${date(sdn.comments)})` : null,
    cons.primary ? `consolidated ${date(cons.primary)}` : null,
  ]
    .filter(Boolean)
    .join("; ");
  const used = [sdn, cons].flatMap((l) => (l.primary ? [l.primary, l.alt, l.add, l.comments] : [])).flatMap((c) => (c ? [c.file] : []));
  // The lists are as old as their oldest primary file; "2025-12" counts from the 1st. Undated (sdn.csv): unknown.
  const primaries = [sdn.primary, cons.primary].filter((c): c is Candidate => c !== undefined);
  const dates = primaries.map((c) => (c.m[1] ? (c.m[1].length === 7 ? `${c.m[1]}-01` : c.m[1]) : null));
  const publishedAt = dates.includes(null) ? null : `${(dates as string[]).sort()[0]}T00:00:00Z`;
  return {
    table: "sanctions_ofac",
    files: used,
    vintage,
    publishedAt,
    source: "US Treasury OFAC SDN and consolidated non-SDN lists (legacy CSV)",
    parse: async () => {
      const text = async (c: Candidate | undefined) => (c ? (await readText(c.file)).text : undefined);
      const rows: SanctionsRow[] = [];
      const notes: string[] = [];
      for (const [list, l] of [
        ["SDN", sdn],
        ["CONS", cons],
      ] as const) {
        if (!l.primary) continue;
        const filesText: OfacFiles = {
          primary: (await text(l.primary))!,
          alt: await text(l.alt),
          add: await text(l.add),
          comments: await text(l.comments),
        };
        const result = parseOfacList(list, filesText);
        for (const r of result.rows) rows.push(r);
        notes.push(
          `${list}: ${result.rows.length} entries; records for entries not in the primary file: ${result.orphans.alt} alt, ${result.orphans.add} add, ${result.orphans.comments} comments`,
        );
      }
      return { rows: rows as unknown as Row[], notes };
    },
  };
};

const findCountries: Finder = (files) => {
  const best = newest(matches(files, new RegExp(`^country-codes(?:_(.+?))?\\.csv${GZ}`), (m) => [m[1]]));
  if (!best) return null;
  return {
    table: "countries",
    files: [best.file],
    vintage: best.m[1] ?? null,
    source: "ISO 3166-1 with UNSD M49 names (DataHub country-codes CSV)",
    parse: async () => ({ rows: parseIsoCountriesCsv((await readText(best.file)).text) as unknown as Row[], notes: [] }),
  };
};

const findCurrencies: Finder = (files) => {
  const best = newest([
    ...matches(files, new RegExp(`^iso4217-currency-codes(?:_(.+?))?\\.csv${GZ}`), (m) => [m[1]]),
    ...matches(files, new RegExp(`^codes-all\\.csv${GZ}`), () => [""]),
  ]);
  if (!best) return null;
  return {
    table: "currencies",
    files: [best.file],
    vintage: best.m[1] ?? null,
    source: "ISO 4217 Tables A.1 and A.3 (DataHub currency-codes CSV)",
    parse: async () => {
      const rows = parseIsoCurrenciesCsv((await readText(best.file)).text);
      return { rows: rows as unknown as Row[], notes: [`${rows.filter((r) => r.current).length} current codes`] };
    },
  };
};

const findSearchReferences: Finder = (files) => {
  const main = matches(files, new RegExp(`^search_references\\.json${GZ}`), () => [])[0];
  if (!main) return null;
  // brands.csv is a generic name: only the one beside search_references.json belongs to it.
  const folder = main.file.rel.slice(0, main.file.rel.length - main.file.name.length);
  const brands = matches(files, new RegExp(`^brands\\.csv${GZ}`), () => []).find((c) => c.file.rel === `${folder}${c.file.name}`);
  return {
    table: "hs_search_references",
    files: brands ? [main.file, brands.file] : [main.file],
    vintage: null,
    source: "UK Trade Tariff (HMRC) search references and brand examples (trade-tariff-lambdas-fpo-search reference_data)",
    parse: async () => {
      const refs = parseUkSearchReferencesJson((await readText(main.file)).text);
      const brandRows = brands ? parseUkBrandsCsv((await readText(brands.file)).text) : { rows: [], skipped: 0 };
      return {
        rows: [...refs.rows, ...brandRows.rows] as unknown as Row[],
        notes: [`${refs.rows.length} search references, ${brandRows.rows.length} brand lines; ${refs.skipped + brandRows.skipped} skipped`],
      };
    },
  };
};

/** A screening list beyond OFAC (screening-list-sources.ts): the newest file by the date in its name. */
const findScreeningList =
  (table: ScreeningListTable): Finder =>
  (files) => {
    const source = SCREENING_LIST_SOURCES[table];
    const best = newest(source.fileNames.flatMap((re) => matches(files, re, (m) => [m[1]])));
    if (!best) return null;
    return {
      table,
      files: [best.file],
      vintage: best.m[1] ?? null,
      // The date in the name is the publisher's (docs/reference-data.md, "Folder layout").
      publishedAt: publisherDate(best.m[1]),
      source: SOURCE_DEFAULTS[table].publisher,
      parse: async () => {
        const { rows, notes } = source.parse((await readText(best.file)).text);
        return { rows, notes };
      },
    };
  };

const FINDERS: Record<RefreshableTable, Finder> = {
  sanctions_un: findScreeningList("sanctions_un"),
  sanctions_eu: findScreeningList("sanctions_eu"),
  sanctions_uk: findScreeningList("sanctions_uk"),
  sanctions_us_csl: findScreeningList("sanctions_us_csl"),
  hs_codes_wco: findWco,
  hs_codes_us: findUs,
  hs_codes_eu: findEu,
  hs_codes_uk: findUk,
  hs_codes_in: findIn,
  port_codes: findPorts,
  sanctions_ofac: findOfac,
  countries: findCountries,
  currencies: findCurrencies,
  hs_search_references: findSearchReferences,
};

function isImportable(name: string): name is RefreshableTable {
  return (REFRESHABLE_TABLES as readonly string[]).includes(name);
}

// ---------- import ----------

/** Which files would be imported for each table (no parsing, no database). */
export async function findReferenceFiles(
  dir: string,
): Promise<Partial<Record<RefreshableTable, { files: string[]; vintage: string | null }>>> {
  const files = await listFiles(dir);
  const out: Partial<Record<RefreshableTable, { files: string[]; vintage: string | null }>> = {};
  for (const table of REFRESHABLE_TABLES) {
    const plan = FINDERS[table](files);
    if (plan) out[table] = { files: plan.files.map((f) => f.rel), vintage: plan.vintage };
  }
  return out;
}

export async function importReferenceDir(db: Db, dir: string, options: ImportOptions = {}): Promise<ReferenceImportResult> {
  const only = options.only?.map((t) => t.trim()).filter(Boolean);
  const unknown = only?.filter((t) => !isImportable(t)) ?? [];
  if (unknown.length > 0)
    throw new Error(`unknown reference table(s): ${unknown.join(", ")}; importable: ${REFRESHABLE_TABLES.join(", ")}`);
  const wanted = only && only.length > 0 ? REFRESHABLE_TABLES.filter((t) => only.includes(t)) : [...REFRESHABLE_TABLES];
  const files = await listFiles(dir);
  const result: ReferenceImportResult = { tables: [], missing: [] };
  let screeningImported = false;
  try {
    for (const table of wanted) {
      const plan = FINDERS[table](files);
      if (!plan) {
        result.missing.push(table);
        continue;
      }
      const rel = plan.files.map((f) => f.rel);
      options.onTableStart?.(table, rel);
      const started = performance.now();
      const summary: TableImportSummary = { table, files: rel, vintage: plan.vintage, rows: 0, seconds: 0, notes: [] };
      // The date the folder states (OFAC: the file names; the others: their vintage), for the tables whose age
      // runs from the data (reference-vintage.ts); the ISO lists' age runs from the import.
      const publishedAt =
        plan.publishedAt !== undefined
          ? plan.publishedAt
          : AGE_FROM[table] === "confirmation"
            ? undefined
            : statedPublicationDate(table, plan.vintage);
      try {
        const { rows, notes } = await plan.parse();
        summary.notes = notes;
        const loaded = await loadReferenceTable(
          db,
          {
            table,
            rows,
            source: plan.source,
            vintage: plan.vintage,
            files: rel,
            // A folder has no download provenance (no checksum: the next refresh imports afresh), only the date it states.
            provenance: publishedAt !== undefined ? { sourceUrls: [], publishedAt, checksum: null } : undefined,
          },
          { batchSize: options.batchSize, onProgress: options.onProgress, deferScreeningIndex: true },
        );
        summary.rows = loaded.rows;
        if (isScreeningTable(table)) screeningImported = true;
      } catch (e) {
        summary.error = e instanceof Error ? e.message : String(e);
        if (!options.continueOnError) {
          throw new Error(`importing ${table} from ${rel.join(", ")} failed: ${summary.error}`, { cause: e });
        }
      } finally {
        summary.seconds = Math.round((performance.now() - started) / 10) / 100;
      }
      result.tables.push(summary);
    }
  } finally {
    // Every screening list of the run is in: the stored index is rebuilt once, then the monitor runs.
    if (screeningImported) await finishScreeningImport(db);
  }
  if (only && only.length > 0 && result.missing.length > 0) {
    throw new Error(`no files for ${result.missing.join(", ")} in ${dir}`);
  }
  return result;
}

/**
 * Imports only the tables that are empty (first start with TDS_REFERENCE_DIR set); tables that hold
 * rows are left alone, so a restart never repeats the import. Failures of one table do not stop the
 * others; they are reported in the summary.
 */
export async function importReferenceDirIfEmpty(
  db: Db,
  dir: string,
  options: Omit<ImportOptions, "only"> = {},
): Promise<ReferenceImportResult> {
  const empty = (await emptyReferenceTables(db)).filter(isImportable);
  if (empty.length === 0) return { tables: [], missing: [] };
  const available = await findReferenceFiles(dir);
  const todo = empty.filter((t) => available[t]);
  const missing = empty.filter((t) => !available[t]);
  if (todo.length === 0) return { tables: [], missing };
  const result = await importReferenceDir(db, dir, { continueOnError: true, ...options, only: todo });
  return { tables: result.tables, missing };
}
