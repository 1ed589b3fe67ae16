/**
 * US Harmonized Tariff Schedule, USITC exports (hts.usitc.gov "Export"):
 * - JSON: an array of {htsno, indent, description, superior, units, general, special, other,
 *   footnotes, quotaQuantity, additionalDuties, addiitionalDuties (sic)}.
 * - CSV: header `HTS Number,Indent,Description,Unit of Quantity,General Rate of Duty,
 *   Special Rate of Duty,Column 2 Rate of Duty,Quota Quantity,Additional Duties` (UTF-8 BOM, CRLF,
 *   line breaks inside quoted descriptions).
 * Every line is kept in file order (`seq`), including the indent-only grouping lines without a code
 * ("Horses:"), so the full description path can be rebuilt from `parent_seq`. Rates are printed on the
 * 8-digit line and inherited by the 10-digit statistical lines below it: the effective_* columns
 * carry the rates that apply to each line and rate_line_code the line they come from.
 */
import { parseCsvWithHeader, requireColumns } from "./csv.ts";
import { cleanText, hsParts, tariffCodeDigits, textOrNull } from "./text.ts";

export interface UsHtsRow {
  seq: number;
  /** Digits only; null for indent-only grouping lines. */
  code: string | null;
  level: number | null;
  indent: number;
  description: string;
  parent_seq: number | null;
  /** Nearest ancestor line that has a code. */
  parent_code: string | null;
  chapter: string | null;
  heading: string | null;
  subheading: string | null;
  units: string[];
  /** As printed on this line (null when blank). */
  general_rate: string | null;
  special_rate: string | null;
  column2_rate: string | null;
  /** The rates in force for this line: its own, or those of the nearest ancestor that prints them. */
  effective_general_rate: string | null;
  effective_special_rate: string | null;
  effective_column2_rate: string | null;
  rate_line_code: string | null;
  quota_quantity: string | null;
  additional_duties: string | null;
  footnotes: unknown[];
}

interface RawLine {
  htsno: string;
  indent: string;
  description: string;
  units: string[];
  general: string;
  special: string;
  other: string;
  quota: string;
  additional: string;
  footnotes: unknown[];
}

const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v));

function buildRows(lines: RawLine[]): UsHtsRow[] {
  const rows: UsHtsRow[] = [];
  // Stack of open ancestors by indent: the parent of a line is the last line with a smaller indent.
  const stack: UsHtsRow[] = [];
  lines.forEach((line, idx) => {
    const code = tariffCodeDigits(line.htsno) || null;
    const indentNum = Number.parseInt(line.indent, 10);
    const indent = Number.isFinite(indentNum) && indentNum >= 0 ? indentNum : 0;
    while (stack.length > 0 && stack[stack.length - 1].indent >= indent) stack.pop();
    const parent = stack.length > 0 ? stack[stack.length - 1] : null;
    // Chapter of a grouping line is that of the coded line it sits under.
    const parts = code
      ? hsParts(code)
      : { chapter: parent?.chapter ?? null, heading: parent?.heading ?? null, subheading: parent?.subheading ?? null };
    const general = textOrNull(line.general);
    const special = textOrNull(line.special);
    const other = textOrNull(line.other);
    const ownsRate = general !== null || other !== null;
    const row: UsHtsRow = {
      seq: idx + 1,
      code,
      level: code ? code.length : null,
      indent,
      description: cleanText(line.description),
      parent_seq: parent?.seq ?? null,
      parent_code: parent ? (parent.code ?? parent.parent_code) : null,
      ...parts,
      units: line.units,
      general_rate: general,
      special_rate: special,
      column2_rate: other,
      effective_general_rate: ownsRate ? general : (parent?.effective_general_rate ?? null),
      effective_special_rate: ownsRate ? special : (parent?.effective_special_rate ?? null),
      effective_column2_rate: ownsRate ? other : (parent?.effective_column2_rate ?? null),
      rate_line_code: ownsRate ? code : (parent?.rate_line_code ?? null),
      quota_quantity: textOrNull(line.quota),
      additional_duties: textOrNull(line.additional),
      footnotes: line.footnotes,
    };
    rows.push(row);
    stack.push(row);
  });
  return rows;
}

function unitsFrom(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((u) => cleanText(str(u))).filter(Boolean);
  const text = str(value).trim();
  if (!text) return [];
  // The CSV writes the list as JSON (`["No."]`); older exports used plain text.
  if (text.startsWith("[")) {
    try {
      const parsed = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map((u) => cleanText(str(u))).filter(Boolean);
    } catch {
      // fall through to the plain reading
    }
  }
  return text
    .split(",")
    .map((u) => cleanText(u))
    .filter(Boolean);
}

export function parseUsitcHtsJson(text: string): UsHtsRow[] {
  const data: unknown = JSON.parse(text.replace(/^\uFEFF/, ""));
  if (!Array.isArray(data)) throw new Error("USITC HTS JSON: expected an array of lines");
  const lines = data.map((item, i): RawLine => {
    if (typeof item !== "object" || item === null || !("htsno" in item) || !("indent" in item)) {
      throw new Error(`USITC HTS JSON: line ${i + 1} has no htsno/indent`);
    }
    const o = item as Record<string, unknown>;
    return {
      htsno: str(o.htsno),
      indent: str(o.indent),
      description: str(o.description),
      units: unitsFrom(o.units),
      general: str(o.general),
      special: str(o.special),
      other: str(o.other),
      quota: str(o.quotaQuantity),
      // USITC's feed really spells the second key "addiitionalDuties"; read either.
      additional: str(o.additionalDuties) || str(o.addiitionalDuties),
      footnotes: Array.isArray(o.footnotes) ? o.footnotes : [],
    };
  });
  return buildRows(lines);
}

export function parseUsitcHtsCsv(text: string): UsHtsRow[] {
  const { header, rows } = parseCsvWithHeader(text);
  requireColumns(header, ["HTS Number", "Indent", "Description", "General Rate of Duty"], "USITC HTS CSV");
  const lines = rows.map(
    (r): RawLine => ({
      htsno: r["HTS Number"],
      indent: r["Indent"],
      description: r["Description"],
      units: unitsFrom(r["Unit of Quantity"]),
      general: r["General Rate of Duty"],
      special: r["Special Rate of Duty"] ?? "",
      other: r["Column 2 Rate of Duty"] ?? "",
      quota: r["Quota Quantity"] ?? "",
      additional: r["Additional Duties"] ?? "",
      footnotes: [],
    }),
  );
  return buildRows(lines);
}

/** Picks the reader by the content: the JSON export starts with "[". */
export function parseUsitcHts(text: string): UsHtsRow[] {
  return text
    .replace(/^\uFEFF/, "")
    .trimStart()
    .startsWith("[")
    ? parseUsitcHtsJson(text)
    : parseUsitcHtsCsv(text);
}
