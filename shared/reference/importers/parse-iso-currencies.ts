/**
 * ISO 4217 currencies from the DataHub `currency-codes` CSV, which joins SIX's Table A.1 (current)
 * and Table A.3 (historic, WithdrawalDate set):
 *   Entity,Currency,AlphabeticCode,NumericCode,MinorUnit,WithdrawalDate
 * One row per entity; this folds them into one row per alphabetic code. A code is current when at
 * least one entity uses it without a withdrawal date (EUR is both current and, for some entities,
 * historic). Entities without a currency ("No universal currency") are skipped.
 */
import { parseCsvWithHeader, requireColumns } from "./csv.ts";
import { cleanText } from "./text.ts";

export interface CurrencyRow {
  code: string;
  numeric: string | null;
  name: string;
  /** Decimal places; null where ISO gives "N.A." (gold, SDR, …). */
  minor_units: number | null;
  current: boolean;
  /** Entities using it now (current codes) or that used it (withdrawn codes). */
  countries: string[];
  /** Latest withdrawal date as ISO writes it ("2002-03", "1989 to 1990"); null when current. */
  withdrawal_date: string | null;
}

export function parseIsoCurrenciesCsv(text: string): CurrencyRow[] {
  const { header, rows } = parseCsvWithHeader(text);
  requireColumns(header, ["Entity", "Currency", "AlphabeticCode", "NumericCode", "MinorUnit"], "ISO 4217 CSV");
  const byCode = new Map<string, { current: typeof rows; historic: typeof rows }>();
  for (const r of rows) {
    const code = r.AlphabeticCode.trim().toUpperCase();
    if (!/^[A-Z]{3}$/.test(code)) continue;
    const entry = byCode.get(code) ?? { current: [], historic: [] };
    (r.WithdrawalDate?.trim() ? entry.historic : entry.current).push(r);
    byCode.set(code, entry);
  }
  const out: CurrencyRow[] = [];
  for (const [code, { current, historic }] of byCode) {
    const isCurrent = current.length > 0;
    const source = isCurrent ? current : historic;
    // The current rows carry today's name and minor unit; historic rows often leave MinorUnit blank.
    const best = source.find((r) => /^\d+$/.test(r.MinorUnit.trim())) ?? source[0];
    const numeric = best.NumericCode.trim();
    const minor = best.MinorUnit.trim();
    out.push({
      code,
      numeric: /^\d{1,3}$/.test(numeric) ? numeric.padStart(3, "0") : null,
      name: cleanText(best.Currency),
      minor_units: /^\d+$/.test(minor) ? Number(minor) : null,
      current: isCurrent,
      countries: [...new Set(source.map((r) => cleanText(r.Entity)).filter(Boolean))],
      withdrawal_date: isCurrent
        ? null
        : (historic
            .map((r) => cleanText(r.WithdrawalDate))
            .sort()
            .pop() ?? null),
    });
  }
  return out.sort((a, b) => (a.code < b.code ? -1 : 1));
}
