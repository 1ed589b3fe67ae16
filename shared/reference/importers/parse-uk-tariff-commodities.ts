/**
 * UK Trade Tariff goods nomenclature, DBT dataset `uk-tariff-2021-01-01`, table `commodities-report`
 * (data.api.trade.gov.uk, format=csv):
 *   id,commodity__sid,commodity__code,commodity__suffix,commodity__description,
 *   commodity__validity_start,commodity__validity_end,parent__sid,parent__code,parent__suffix
 * `#NA` is null. Codes are always 10 digits, zero-padded; rows with a suffix other than "80" are
 * indent headings that share the code of a real item. The same code can appear twice with different
 * validity periods, so the row key is the sid. `|` in descriptions is TARIC's hard space.
 */
import { parseCsvWithHeader, requireColumns } from "./csv.ts";
import { cleanText, hsParts, paddedCodeLevel, tariffCodeDigits } from "./text.ts";

export interface UkCommodityRow {
  sid: number;
  code: string;
  suffix: string;
  level: number;
  /** Depth in the parent chain: chapters 0. */
  indent: number;
  description: string;
  parent_sid: number | null;
  parent_code: string | null;
  parent_suffix: string | null;
  chapter: string;
  heading: string | null;
  subheading: string | null;
  validity_start: string | null;
  validity_end: string | null;
  /** A declarable line: suffix 80 and no row below it. */
  is_leaf: boolean;
}

const na = (v: string | undefined): string | null => {
  const t = (v ?? "").trim();
  return t === "" || t === "#NA" ? null : t;
};

function dateOrNull(v: string | undefined, sid: string): string | null {
  const t = na(v);
  if (t === null) return null;
  const m = t.match(/^(\d{4}-\d{2}-\d{2})/);
  if (!m) throw new Error(`UK tariff CSV: sid ${sid}: unreadable date "${t}"`);
  return m[1];
}

export function parseUkTariffCommodities(text: string): UkCommodityRow[] {
  const { header, rows } = parseCsvWithHeader(text);
  requireColumns(
    header,
    [
      "commodity__sid",
      "commodity__code",
      "commodity__suffix",
      "commodity__description",
      "commodity__validity_start",
      "commodity__validity_end",
      "parent__sid",
    ],
    "UK tariff commodities-report CSV",
  );
  const out: UkCommodityRow[] = [];
  const seen = new Set<number>();
  for (const r of rows) {
    const sid = Number.parseInt(r.commodity__sid, 10);
    if (!Number.isInteger(sid)) throw new Error(`UK tariff CSV: bad commodity__sid "${r.commodity__sid}"`);
    if (seen.has(sid)) continue;
    seen.add(sid);
    const code = tariffCodeDigits(r.commodity__code);
    if (code.length !== 10) throw new Error(`UK tariff CSV: sid ${sid}: code "${r.commodity__code}" is not 10 digits`);
    const parentSid = na(r.parent__sid);
    const level = paddedCodeLevel(code);
    out.push({
      sid,
      code,
      suffix: na(r.commodity__suffix) ?? "80",
      level,
      indent: 0,
      description: cleanText(r.commodity__description.replace(/\|/g, " ")),
      parent_sid: parentSid === null ? null : Number.parseInt(parentSid, 10),
      parent_code: na(r.parent__code),
      parent_suffix: na(r.parent__suffix),
      ...hsParts(code.slice(0, level)),
      chapter: code.slice(0, 2),
      validity_start: dateOrNull(r.commodity__validity_start, r.commodity__sid),
      validity_end: dateOrNull(r.commodity__validity_end, r.commodity__sid),
      is_leaf: false,
    });
  }
  const bySid = new Map(out.map((row) => [row.sid, row]));
  const hasChild = new Set<number>();
  for (const row of out) if (row.parent_sid !== null) hasChild.add(row.parent_sid);
  // Depth by walking the parent chain (memoised; a broken or cyclic chain stops the walk).
  const depth = new Map<number, number>();
  const depthOf = (row: UkCommodityRow, guard = 0): number => {
    const known = depth.get(row.sid);
    if (known !== undefined) return known;
    const parent = row.parent_sid === null ? undefined : bySid.get(row.parent_sid);
    const d = parent && guard < 50 ? depthOf(parent, guard + 1) + 1 : 0;
    depth.set(row.sid, d);
    return d;
  };
  for (const row of out) {
    row.indent = depthOf(row);
    row.is_leaf = row.suffix === "80" && !hasChild.has(row.sid);
  }
  return out;
}
