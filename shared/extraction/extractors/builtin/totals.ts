/**
 * Choosing the invoice total among the amounts a page labels "total": the label says how final it is
 * (amount due / grand total / total incl. tax > total > net total), a subtotal never counts, and a
 * number is an amount only if it looks like money (decimals, or a currency beside it) — never a year
 * or a day of a date printed on the same line ("TOTAL AMOUNT DUE ON August 3, 2014   $4.11").
 */
import { norm, parseNumber } from "./normalize-values.ts";

const FINAL =
  /\b(amount due|total due|balance due|grand total|total amount due|total for this invoice|invoice total|total incl|incl vat|incl tax|including vat|total ttc|ttc|net a payer|a payer|montant du|gesamtbetrag|rechnungsbetrag|endbetrag|zu zahlen|zahlbetrag|brutto|total a pagar|importe total|totale fattura|totale da pagare|te betalen|totaal incl|totaalbedrag|total to pay|amount payable)\b/;
const NET = /\b(total ht|ht|net total|total net|netto|nettobetrag|total excl|excl vat|excl tax|imponibile|base imponible|totaal excl)\b/;
const SUB = /\b(sub ?total|zwischensumme|sous total|subtotale|subtotaal)\b/;

/** Higher is more final; negative means "not the invoice total". */
export function totalRank(label: string): number {
  const n = norm(label);
  if (SUB.test(n)) return -1;
  if (FINAL.test(n)) return 3;
  if (NET.test(n)) return 1;
  return 2;
}

const MONTH_WORD =
  /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|januar|februar|marz|mai|juni|juli|okt|dez|janvier|fevrier|mars|avril|juin|juillet|aout|septembre|octobre|novembre|decembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|gennaio|giugno|luglio|maggio|januari|februari|maart|mei|augustus)[a-z]*\b/;

/**
 * The money amount in a text: a number with a currency sign or code next to it, or with two decimals;
 * a bare integer only when nothing on the line could make it part of a date. `certainty` is lower for
 * the bare integer.
 */
export function moneyIn(text: string, decimalComma: boolean): { value: number; certainty: number } | null {
  const candidates: { value: number; certainty: number }[] = [];
  const dateLike = MONTH_WORD.test(norm(text)) || /\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b/.test(text);
  const withoutDates = text.replace(/\b\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\b/g, " ");
  for (const m of withoutDates.matchAll(/([€£$¥₹]|\b[A-Z]{3}\b)?\s?(-?\d[\d.,' \u00a0]*\d|\d)\s?([€£$¥₹]|\b[A-Z]{3}\b)?/g)) {
    const raw = m[2].trim();
    const value = parseNumber(raw, decimalComma);
    if (value === null) continue;
    const currency = Boolean(m[1] || m[3]);
    const decimals = /[.,]\d{2}$/.test(raw);
    if (currency || decimals) candidates.push({ value, certainty: currency && decimals ? 1 : 0.9 });
    else if (!dateLike && !/^(19|20)\d{2}$/.test(raw)) candidates.push({ value, certainty: 0.6 });
  }
  // The last amount on a total line is the total (a rate or a count may come first).
  return candidates.length ? candidates[candidates.length - 1] : null;
}

export function bestTotal<T extends { value: number; confidence: number; rank: number }>(totals: T[]): T | null {
  let best: T | null = null;
  for (const t of totals) {
    if (t.rank < 0 || t.value <= 0) continue;
    // A higher rank wins; among equals the larger amount (a total including tax, charges, freight).
    if (!best || t.rank > best.rank || (t.rank === best.rank && t.value > best.value)) best = t;
  }
  if (!best) return null;
  // Two different totals with the same rank: the choice is less sure.
  const rivals = totals.filter((t) => t !== best && t.rank === best!.rank && Math.abs(t.value - best!.value) > 0.011);
  return rivals.length ? { ...best, confidence: best.confidence * 0.75 } : best;
}
