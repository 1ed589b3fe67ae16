/**
 * India 2/4/6/8-digit codes from the "HSN" sheet of the GST portal's HSN master (HSN_SAC.xlsx saved as
 * CSV): header `HSNCode,Description` (the first header cell is really `"\r\nHSNCode"` with a BOM, so
 * header names are trimmed). The 8-digit codes are the Customs Tariff items ITC(HS) uses.
 * Quirks handled: codes written with a space ("2307 00"), codes whose leading zero was lost by the
 * spreadsheet, and the duplicates those fixes create (first one kept). A lost zero shows in two ways:
 *   - an odd length: "30559" is 030559 (5 or 7 digits → padded);
 *   - an even length, when the code was itself a 5- or 7-digit group of the tariff (one-dash
 *     subheadings such as 0802.3 "Walnuts"): "8023", "3023" (tunas), "802901" (betel nuts). Such a
 *     code sits in a chapter where it does not belong (80 is tin, 30 pharmaceuticals), has no lines
 *     below it, and its zero-prefixed form continues the hierarchy of chapters 01–09: lines start with
 *     it (080231, 080232 under 08023) or its heading exists (0802 for 0802901). It is restored to its
 *     5 or 7 digits ("08023"), which is how the Customs Tariff writes these groups.
 * Descriptions carry "~"-joined parent texts and stray line breaks; whitespace is collapsed.
 */
import { parseCsvWithHeader } from "./csv.ts";
import { cleanText, type HsCodeRow, hsParts, nearestAncestor, tariffCodeDigits } from "./text.ts";

export interface IndiaHsnRow extends HsCodeRow {
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
    let code = tariffCodeDigits(raw);
    if (code.length % 2 === 1) code = `0${code}`;
    if (code.length < 2 || code.length > 8) {
      skipped.push({ raw, reason: "not a 2–8 digit code" });
      continue;
    }
    if (byCode.has(code)) {
      skipped.push({ raw, reason: `repeats ${code}` });
      continue;
    }
    byCode.set(code, { raw, description: cleanText(r[descCol]) });
  }
  restoreLostLeadingZeros(byCode, skipped);
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

/** Even-length codes that lost the leading zero of a 5- or 7-digit group (see the module comment), renamed in place. */
function restoreLostLeadingZeros(byCode: Map<string, { raw: string; description: string }>, skipped: IndiaHsnResult["skipped"]): void {
  // Repeated until nothing changes: a stray "303799" (0303799) hides that "3037" (03037) has no lines below.
  while (restoreOnePass(byCode, skipped) > 0);
}

function restoreOnePass(byCode: Map<string, { raw: string; description: string }>, skipped: IndiaHsnResult["skipped"]): number {
  const codes = [...byCode.keys()].sort();
  const hasLinesBelow = (prefix: string): boolean => {
    // Sorted codes: the first code after `prefix` is below it when any is.
    let lo = 0;
    let hi = codes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (codes[mid] <= prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo < codes.length && codes[lo].startsWith(prefix);
  };
  const renames: Array<[string, string]> = [];
  for (const code of codes) {
    if ((code.length !== 4 && code.length !== 6) || code.startsWith("0") || hasLinesBelow(code)) continue;
    const restored = `0${code}`;
    const fits = hasLinesBelow(restored) || (code.length === 6 && !byCode.has(code.slice(0, 4)) && byCode.has(restored.slice(0, 4)));
    if (fits) renames.push([code, restored]);
  }
  for (const [code, restored] of renames) {
    const entry = byCode.get(code)!;
    byCode.delete(code);
    if (byCode.has(restored)) skipped.push({ raw: entry.raw, reason: `repeats ${restored}` });
    else byCode.set(restored, entry);
  }
  return renames.length;
}
