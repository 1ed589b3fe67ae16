/**
 * WCO Harmonized System, 2/4/6 digits, in the DataHub `harmonized-system` CSV (UN Comtrade H6):
 *   section,hscode,description,parent,level        e.g.  I,0101,"Horses, asses, …; live",01,4
 * plus the optional sections file `section,name`. Comtrade's residual chapter 99 (99, 9999, 999999,
 * section "TOTAL") and the "TOTAL" row are not HS codes and are skipped.
 */
import { parseCsvWithHeader, requireColumns } from "./csv.ts";
import { cleanText, type HsCodeRow, hsParts, tariffCodeDigits } from "./text.ts";

export interface WcoHsRow extends HsCodeRow {
  section: string | null;
  section_name: string | null;
}

export interface WcoHsResult {
  rows: WcoHsRow[];
  /** Rows left out: the TOTAL row and Comtrade's residual chapter 99. */
  skipped: number;
}

/** Section roman numeral → name, from `sections.csv` (`section,name`). */
export function parseWcoSectionsCsv(text: string): Map<string, string> {
  const { header, rows } = parseCsvWithHeader(text);
  requireColumns(header, ["section", "name"], "WCO HS sections CSV");
  return new Map(rows.filter((r) => r.section.trim()).map((r) => [r.section.trim(), cleanText(r.name)]));
}

export function parseWcoHsCsv(text: string, sections: Map<string, string> = new Map()): WcoHsResult {
  const { header, rows } = parseCsvWithHeader(text);
  requireColumns(header, ["section", "hscode", "description", "parent", "level"], "WCO HS CSV");
  const out: WcoHsRow[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const r of rows) {
    const raw = r.hscode.trim();
    const code = tariffCodeDigits(raw);
    const section = r.section.trim();
    if (section === "TOTAL" || raw !== code || code.startsWith("99") || ![2, 4, 6].includes(code.length) || seen.has(code)) {
      skipped++;
      continue;
    }
    seen.add(code);
    const parent = tariffCodeDigits(r.parent.trim());
    out.push({
      code,
      description: cleanText(r.description),
      level: code.length,
      parent_code: code.length > 2 && parent ? parent : null,
      ...hsParts(code),
      chapter: code.slice(0, 2),
      section: section || null,
      section_name: sections.get(section) ?? null,
    });
  }
  return { rows: out, skipped };
}
