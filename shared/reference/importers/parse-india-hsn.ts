/**
 * India 2/4/6/8-digit codes from the "HSN" sheet of the GST portal's HSN master (HSN_SAC.xlsx saved as
 * CSV): header `HSNCode,Description` (the first header cell is really `"\r\nHSNCode"` with a BOM, so
 * header names are trimmed). The 8-digit codes are the Customs Tariff items ITC(HS) uses.
 * Quirks handled: codes written with a space ("2307 00"), codes whose leading zero was lost by the
 * spreadsheet (5 or 7 digits → padded), and the duplicates those fixes create (first one kept).
 * Descriptions carry "~"-joined parent texts and stray line breaks; whitespace is collapsed.
 */
import { parseCsvWithHeader } from "./csv.ts";
import { cleanText, digitsOnly, hsParts, nearestAncestor } from "./text.ts";

export interface IndiaHsnRow {
  code: string;
  description: string;
  level: number;
  parent_code: string | null;
  chapter: string;
  heading: string | null;
  subheading: string | null;
  /** The code as written in the file, when it differs from `code`. */
  raw_code: string | null;
}

export interface IndiaHsnResult {
  rows: IndiaHsnRow[];
  /** Repeated codes (after normalisation) and codes that are not 2–8 digits. */
  skipped: Array<{ raw: string; reason: string }>;
}

export function parseIndiaHsnCsv(text: string): IndiaHsnResult {
  const { header, rows } = parseCsvWithHeader(text);
  const norm = (h: string) => h.toLowerCase().replace(/[^a-z]/g, "");
  const codeCol = header.find((h) => ["hsncode", "hsn", "hsncd", "code"].includes(norm(h)));
  const descCol = header.find((h) => ["description", "hsndescription", "desc"].includes(norm(h)));
  if (!codeCol || !descCol) throw new Error(`India HSN CSV: expected columns HSNCode and Description; header is ${JSON.stringify(header)}`);
  const skipped: IndiaHsnResult["skipped"] = [];
  const byCode = new Map<string, { raw: string; description: string }>();
  for (const r of rows) {
    const raw = r[codeCol].trim();
    if (!raw) continue;
    let code = digitsOnly(raw);
    if (code.length % 2 === 1) code = `0${code}`;
    if (code.length < 2 || code.length > 8 || /[^\d\s.]/.test(raw)) {
      skipped.push({ raw, reason: "not a 2–8 digit code" });
      continue;
    }
    if (byCode.has(code)) {
      skipped.push({ raw, reason: `repeats ${code}` });
      continue;
    }
    byCode.set(code, { raw, description: cleanText(r[descCol]) });
  }
  const known = new Set(byCode.keys());
  const out: IndiaHsnRow[] = [];
  for (const [code, { raw, description }] of byCode) {
    out.push({
      code,
      description,
      level: code.length,
      parent_code: nearestAncestor(code, known),
      ...hsParts(code),
      chapter: code.slice(0, 2),
      raw_code: raw === code ? null : raw,
    });
  }
  return { rows: out, skipped };
}
