/**
 * EU tariff nomenclature.
 *
 * 1. Combined Nomenclature (CN, 8 digits) as JSON arrays parsed from the EU Vocabularies RDF
 *    (php-cncodes layout; one file per level):
 *      codes        {code:"01012100", rawCode:"0101 21 00", name, version, subheading, heading, chapter, section, supplementaryUnit}
 *      subheadings  {code:"010129", rawCode, name, version, heading, chapter, section}
 *      headings     {code:"0101", …}   chapters {code:"01", …}   sections {code:"I", name, …}
 *
 * 2. TARIC (10 digits), which has no free machine-readable file in this workspace. Accepted input: a
 *    CSV with a header row and at least a goods-code column. Recognised headers (case and spacing
 *    ignored): goods code — `GOODS_CODE`, `Goods code`, `goods_nomenclature_item_id`, `code`;
 *    suffix — `SUFFIX`, `producline_suffix`, `productline_suffix`, `Pls`; `INDENT`; `DESCRIPTION`;
 *    `START_DATE` / `Start date` / `validity_start_date`; `END_DATE` / `End date` / `validity_end_date`.
 *    This covers DG TAXUD's "Nomenclature EN.xlsx" export saved as CSV and the
 *    `GOODS_CODE,SUFFIX,INDENT,DESCRIPTION,IS_LEAF,START_DATE` files seen in public repositories. A goods
 *    code written "0101210000 80" carries its suffix; a missing suffix means "80" (a real item).
 */
import { parseCsvWithHeader } from "./csv.ts";
import { cleanText, digitsOnly, hsParts, nearestAncestor, paddedCodeLevel, tariffCodeDigits, textOrNull } from "./text.ts";

export interface EuHsRow {
  code: string;
  /** TARIC product-line suffix; "80" = a real nomenclature item (always "80" for CN rows). */
  suffix: string;
  level: number;
  indent: number | null;
  description: string;
  parent_code: string | null;
  /** Suffix of the parent line (TARIC headings share a code with their first item). */
  parent_suffix: string | null;
  chapter: string;
  heading: string | null;
  subheading: string | null;
  section: string | null;
  section_name: string | null;
  raw_code: string | null;
  supplementary_unit: string | null;
  source: "CN" | "TARIC";
  validity_start: string | null;
  validity_end: string | null;
}

export interface EuCnFiles {
  /** The CN8 codes file (required). */
  codes: string;
  subheadings?: string;
  headings?: string;
  chapters?: string;
  sections?: string;
}

type JsonItem = Record<string, unknown>;

function readArray(text: string | undefined, what: string): JsonItem[] {
  if (text === undefined) return [];
  const data: unknown = JSON.parse(text.replace(/^\uFEFF/, ""));
  if (!Array.isArray(data)) throw new Error(`EU CN JSON (${what}): expected an array`);
  return data.map((item, i) => {
    if (typeof item !== "object" || item === null || typeof (item as JsonItem).code !== "string") {
      throw new Error(`EU CN JSON (${what}): record ${i + 1} has no code`);
    }
    return item as JsonItem;
  });
}

const s = (v: unknown): string | null => (typeof v === "string" ? textOrNull(v) : null);

export function parseEuCnJson(files: EuCnFiles): EuHsRow[] {
  const sectionNames = new Map(readArray(files.sections, "sections").map((x) => [String(x.code), cleanText(String(x.name ?? ""))]));
  const levels: Array<[string, string | undefined, number]> = [
    ["chapters", files.chapters, 2],
    ["headings", files.headings, 4],
    ["subheadings", files.subheadings, 6],
    ["codes", files.codes, 8],
  ];
  const items: Array<{ item: JsonItem; code: string }> = [];
  for (const [what, text, len] of levels) {
    for (const item of readArray(text, what)) {
      const code = tariffCodeDigits(String(item.code));
      if (code.length !== len) throw new Error(`EU CN JSON (${what}): code "${String(item.code)}" is not ${len} digits`);
      items.push({ item, code });
    }
  }
  if (files.codes !== undefined && !items.some((x) => x.code.length === 8))
    throw new Error("EU CN JSON: the codes file holds no CN8 codes");
  const known = new Set(items.map((x) => x.code));
  const seen = new Set<string>();
  const rows: EuHsRow[] = [];
  for (const { item, code } of items) {
    if (seen.has(code)) continue;
    seen.add(code);
    const section = s(item.section);
    const parent = nearestAncestor(code, known);
    rows.push({
      code,
      suffix: "80",
      level: code.length,
      indent: null,
      description: cleanText(String(item.name ?? "")),
      // The RDF skips intermediate nodes that have no text of their own, so the nearest code present is the parent.
      parent_code: parent,
      parent_suffix: parent ? "80" : null,
      ...hsParts(code),
      chapter: code.slice(0, 2),
      section,
      section_name: section ? (sectionNames.get(section) ?? null) : null,
      raw_code: s(item.rawCode),
      supplementary_unit: s(item.supplementaryUnit),
      source: "CN",
      validity_start: null,
      validity_end: null,
    });
  }
  return rows.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

const TARIC_HEADERS: Record<string, string[]> = {
  code: ["goods_code", "goods_nomenclature_item_id", "goods_nomenclature_code", "commodity_code", "code"],
  suffix: ["suffix", "producline_suffix", "productline_suffix", "product_line_suffix", "pls"],
  indent: ["indent", "indents", "number_indents"],
  description: ["description", "desc"],
  start: ["start_date", "validity_start_date", "date_start"],
  end: ["end_date", "validity_end_date", "date_end"],
};

const headerKey = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");

/** Accepts ISO dates and the DD/MM/YYYY or DD-MM-YYYY dates of the TARIC spreadsheet exports. */
function dateOrNull(value: string | undefined): string | null {
  const v = (value ?? "").trim();
  if (!v) return null;
  let m = v.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = v.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/);
  if (m) return `${m[3]}-${m[2].padStart(2, "0")}-${m[1].padStart(2, "0")}`;
  throw new Error(`EU TARIC CSV: unreadable date "${v}"`);
}

export function parseEuTaricCsv(text: string): EuHsRow[] {
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const delimiter = firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
  const { header, rows } = parseCsvWithHeader(text, { delimiter });
  const col = (name: keyof typeof TARIC_HEADERS) => header.find((h) => TARIC_HEADERS[name].includes(headerKey(h)));
  const codeCol = col("code");
  if (!codeCol)
    throw new Error(`EU TARIC CSV: no goods-code column (one of ${TARIC_HEADERS.code.join(", ")}); header is ${JSON.stringify(header)}`);
  const [suffixCol, indentCol, descCol, startCol, endCol] = (["suffix", "indent", "description", "start", "end"] as const).map(col);
  const out: EuHsRow[] = [];
  const stack: Array<{ depth: number; code: string; suffix: string }> = [];
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    let digits = tariffCodeDigits(r[codeCol]);
    let suffix = suffixCol ? digitsOnly(r[suffixCol]) : "";
    // "0101210000 80": the code column carries the suffix.
    if (digits.length === 12 && !suffix) {
      suffix = digits.slice(10);
      digits = digits.slice(0, 10);
    }
    if (digits === "" && !r[codeCol].trim()) return; // blank line
    if (digits.length !== 10) throw new Error(`EU TARIC CSV: row ${i + 2}: goods code "${r[codeCol]}" is not 10 digits`);
    suffix = suffix || "80";
    const key = `${digits}/${suffix}`;
    if (seen.has(key)) return;
    seen.add(key);
    const indentRaw = indentCol ? Number.parseInt(digitsOnly(r[indentCol]) || "", 10) : Number.NaN;
    const indent = Number.isFinite(indentRaw) ? indentRaw : null;
    const level = paddedCodeLevel(digits);
    let parent: { code: string; suffix: string } | null = null;
    if (indent !== null) {
      // TARIC gives chapters and headings indent 0 and counts indents from the heading down.
      const depth = level <= 2 ? 0 : level <= 4 ? 1 : indent + 1;
      while (stack.length > 0 && stack[stack.length - 1].depth >= depth) stack.pop();
      parent = stack.length > 0 ? stack[stack.length - 1] : null;
      stack.push({ depth, code: digits, suffix });
    }
    out.push({
      code: digits,
      suffix,
      level,
      indent,
      // TARIC writes a hard space as "|".
      description: cleanText((descCol ? r[descCol] : "").replace(/\|/g, " ")),
      parent_code: parent?.code ?? null,
      parent_suffix: parent?.suffix ?? null,
      // Zero padding is not a heading: 0100000000 is chapter 01 only.
      ...hsParts(digits.slice(0, level)),
      chapter: digits.slice(0, 2),
      section: null,
      section_name: null,
      raw_code: r[codeCol].trim() || null,
      supplementary_unit: null,
      source: "TARIC",
      validity_start: startCol ? dateOrNull(r[startCol]) : null,
      validity_end: endCol ? dateOrNull(r[endCol]) : null,
    });
  });
  return out;
}
