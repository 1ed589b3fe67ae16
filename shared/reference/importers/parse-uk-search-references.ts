/**
 * The UK Trade Tariff's search references (search_references.json: {"term": "10-digit code"}) and brand
 * examples (brands.csv: CMDTYCODE, GDSDESC, "GDSDESC (Brand / Product)", "Description for context /
 * augmenting", …) of HMRC's trade-tariff-lambdas-fpo-search repository → rows of hs_search_references.
 * Pure functions; the files' provenance is in docs/hs-codes.md.
 */
import { parseCsv } from "./csv.ts";

export interface SearchReferenceRow {
  kind: "reference" | "brand";
  term: string;
  code: string;
  brand: string | null;
  context: string | null;
}

const clean = (s: string) => s.replace(/\s+/g, " ").trim();

/** search_references.json → rows; a code that is not 6–10 digits, or an empty term, is skipped and counted. */
export function parseUkSearchReferencesJson(text: string): { rows: SearchReferenceRow[]; skipped: number } {
  const data: unknown = JSON.parse(text);
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new Error('expected a JSON object of "term": "commodity code" pairs');
  }
  const rows: SearchReferenceRow[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const [rawTerm, rawCode] of Object.entries(data as Record<string, unknown>)) {
    const term = clean(rawTerm.toLowerCase());
    const code = typeof rawCode === "string" || typeof rawCode === "number" ? String(rawCode).replace(/[^0-9]/g, "") : "";
    if (term === "" || !/^[0-9]{6,10}$/.test(code) || seen.has(term)) {
      skipped++;
      continue;
    }
    seen.add(term);
    rows.push({ kind: "reference", term, code, brand: null, context: null });
  }
  if (rows.length === 0) throw new Error("no search references in the file");
  return { rows, skipped };
}

/** brands.csv → rows (kind 'brand'); the header names the columns. */
export function parseUkBrandsCsv(text: string): { rows: SearchReferenceRow[]; skipped: number } {
  const [header, ...records] = parseCsv(text);
  const col = (name: RegExp) => header?.findIndex((h) => name.test(h.trim())) ?? -1;
  const code = col(/^CMDTYCODE$/i);
  const desc = col(/^GDSDESC$/i);
  const brand = col(/^GDSDESC \(Brand/i);
  const context = col(/^Description for context/i);
  if (code < 0 || desc < 0) throw new Error("expected the columns CMDTYCODE and GDSDESC");
  const rows: SearchReferenceRow[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const r of records) {
    const term = clean(r[desc] ?? "");
    const digits = (r[code] ?? "").replace(/[^0-9]/g, "");
    if (term === "" || !/^[0-9]{6,10}$/.test(digits) || seen.has(term.toLowerCase())) {
      skipped++;
      continue;
    }
    seen.add(term.toLowerCase());
    const opt = (i: number) => (i >= 0 && clean(r[i] ?? "") !== "" ? clean(r[i]) : null);
    rows.push({ kind: "brand", term, code: digits, brand: opt(brand), context: opt(context) });
  }
  return { rows, skipped };
}
