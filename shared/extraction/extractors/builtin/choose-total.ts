/**
 * The total without tax chosen by arithmetic, as a person checks an invoice: the amounts printed
 * beside "net / excl. VAT / HT", "VAT / TVA / BTW / GST" and "total / TTC / amount due" must add up
 * (net + tax = grand total), and the lines must sum to one of them. goods.total_value is the total
 * without tax (rule_total_matches_line_items: the sum of the lines), so:
 *   1. net + tax = grand, all printed → the net, arithmetic agrees;
 *   2. a net printed alone → the net;
 *   3. a grand total and a tax amount → grand − tax (prices that include tax), arithmetic agrees when
 *      the lines sum to either;
 *   4. a total the lines sum to → that total, arithmetic agrees;
 *   5. otherwise nothing here (the label ranking of totals.ts decides).
 * A subtotal counts as the net only when subtotal + tax = grand total.
 */
import { norm } from "./normalize-values.ts";
import { moneyIn } from "./totals.ts";

export type AmountKind = "net" | "tax" | "grand" | "sub" | "total";

export interface LabelledAmount {
  kind: AmountKind;
  value: number;
  label: string;
}

const TAX =
  /^(vat|tva|btw|iva|gst|igst|cgst|sgst|mwst|ust|umsatzsteuer|mehrwertsteuer|steuerbetrag|steuer|tax|sales tax|taxe|impuesto|imposta|moms|total tax|total vat|vat amount|tax amount|btw bedrag|montant tva)\b/;
const NET =
  /\b(net total|total net|netto|nettobetrag|summe netto|total ht|montant ht|ht|excl(usief)?( vat| btw| tax)?|excluding (vat|tax)|ohne (mwst|ust)|without (vat|tax)|grondslag|base imponible|imponibile|taxable (value|amount)|net amount|net value|total before tax|sous total ht|warenwert)\b/;
const GRAND =
  /\b(grand total|amount due|total due|balance due|total amount due|total for this invoice|invoice total|incl(usief)?( vat| btw| tax)?|including (vat|tax)|total ttc|ttc|net a payer|gesamtbetrag|rechnungsbetrag|endbetrag|zu zahlen|zahlbetrag|bruttosumme|brutto|total a pagar|totale fattura|te betalen|totaalbedrag|factuur totaal|total to pay|amount payable|total payable)\b/;
const SUB = /\b(sub ?total|zwischensumme|sous total|subtotale|subtotaal)\b/;
const TOTAL = /\b(total|totaal|totale|summe|gesamt|montant total|importe total)\b/;

/**
 * The sum of the document's charges or of its allowances (EN 16931 BT-107/108: "Gesamtbetrag der
 * Zuschläge", "Sum of allowances"): a part of the totals, whatever total word it carries.
 */
const CHARGES = /\b(zuschlage|abschlage|charges|allowances|remises|rabatte|discounts)\b/;

export function amountKind(label: string): AmountKind | null {
  const n = norm(label);
  if (!/[a-z]/.test(n) || n.split(" ").length > 7 || CHARGES.test(n)) return null;
  if (NET.test(n)) return "net";
  // A rate may come first: "19% VAT" (Business Central), "5,5 % TVA".
  const tax = n.replace(/^\d+(?: \d+)? (?=[a-z])/, "");
  if (TAX.test(tax) && !/\b(total|incl)/.test(tax.replace(/^total (tax|vat)/, ""))) return "tax";
  if (GRAND.test(n)) return "grand";
  if (SUB.test(n)) return "sub";
  if (TOTAL.test(n)) return "total";
  return null;
}

/** A segment of text and its position, as the extractor's lines give it. */
export interface AmountSeg {
  text: string;
  x0: number;
  x1: number;
}

/**
 * "Label  amount" pairs of one line (a label segment and the money amount after it, or both in one
 * segment), and of a small summary table: a line of labels ("BTW % | Grondslag | BTW bedrag | Totaal")
 * with amounts under them on the next lines.
 */
export function labelledAmounts(lines: readonly AmountSeg[][], decimalComma: boolean): LabelledAmount[] {
  const out: LabelledAmount[] = [];
  // A rate is no amount ("TVA 20 %", "BTW 21%"); its three letters are no currency either.
  const moneyOf = (text: string) => moneyIn(text.replace(/\d+(?:[.,]\d+)?\s?%/g, " "), decimalComma);
  lines.forEach((segs, i) => {
    let label: string | null = null;
    for (const s of segs) {
      const money = moneyOf(s.text);
      const words = s.text.replace(/[-€£$¥₹]?\s?-?\d[\d.,' ]*\s?[€£$¥₹]?/g, " ").trim();
      const ownKind = words ? amountKind(words) : null;
      if (money && ownKind && money.certainty >= 0.9) out.push({ kind: ownKind, value: money.value, label: words });
      else if (money && label && money.certainty >= 0.9) {
        const k = amountKind(label);
        if (k) out.push({ kind: k, value: money.value, label });
      }
      // "BTW 21%", "TVA 20 % :": a rate inside a label is not an amount.
      // A label in several runs ("Steuerbetrag  in") is one label; a currency standing between it and
      // the amount ("…  EUR   70,00") keeps it.
      if (money && money.certainty >= 0.9) label = null;
      else if (!/^\s*(?:[A-Z]{3}|[€£$¥₹])\s*$/.test(s.text))
        label = label !== null && !/\d/.test(label + s.text) ? `${label} ${s.text}` : s.text;
    }
    // A header of amount labels of different kinds (net, tax, total) with the amounts under it; a
    // line-item table's header ("P.U. HT | Montant HT") names one kind only.
    if (segs.some((s) => moneyOf(s.text))) return;
    const kinds = segs.map((s) => amountKind(s.text));
    if (new Set(kinds.filter(Boolean).map((k) => (k === "grand" ? "total" : k))).size < 2) return;
    const rows = lines.slice(i + 1, i + 5).map((below) =>
      below.flatMap((s) => {
        const money = moneyOf(s.text);
        if (!money || money.certainty < 0.9) return [];
        const j = segs.findIndex((h) => s.x1 >= h.x0 - 2 && s.x0 <= h.x1 + 2);
        const kind = j >= 0 ? kinds[j] : null;
        return kind ? [{ kind, value: money.value, label: segs[j].text, j }] : [];
      }),
    );
    // The rows of amounts under the labels, from the first one on.
    const first = rows.findIndex((r) => r.length > 0);
    if (first < 0) return;
    const amountRows: typeof rows = [];
    for (const r of rows.slice(first)) {
      if (r.length === 0) break;
      amountRows.push(r);
    }
    // Several rows are a breakdown by tax rate ("Warenwert" per rate): parts of the invoice's totals. Its
    // totals are the last row only when that row is the sum of the others, column by column.
    const last = amountRows[amountRows.length - 1];
    const parts = amountRows.slice(0, -1);
    const sumsUp = last.every((a) => {
      const column = parts.flatMap((r) => r.filter((b) => b.j === a.j).map((b) => b.value));
      return column.length === parts.length && Math.abs(column.reduce((x, y) => x + y, 0) - a.value) <= 0.011;
    });
    if (parts.length > 0 && !sumsUp) return;
    // A totals row may print only some columns ("Summe gesamt" under the gross); a column it leaves out
    // totals to the sum of the rows above it.
    const totals = [...last];
    const single = (r: (typeof rows)[number], j: number) => r.filter((b) => b.j === j);
    for (const j of new Set(parts.flatMap((r) => r.map((b) => b.j)))) {
      if (last.some((b) => b.j === j) || parts.some((r) => single(r, j).length !== 1)) continue;
      const [a] = single(parts[0], j);
      totals.push({ ...a, value: Math.round(parts.reduce((x, r) => x + single(r, j)[0].value, 0) * 100) / 100 });
    }
    // Two amounts under one label: the label is two titles run together ("Warenwert Zu-/Abschlag"),
    // and which amount is which is unknown.
    for (const a of totals) if (single(totals, a.j).length === 1) out.push({ kind: a.kind, value: a.value, label: a.label });
  });
  return out;
}

const close = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.011, Math.abs(b) * 0.001);

export interface ChosenTotal {
  value: number;
  /** The amounts agree (net + tax = grand, or the lines sum to it). */
  arithmetic: boolean;
  how: "net+tax=grand" | "net" | "grand-tax" | "lines";
}

/** `lineSums`: the sums the line items give (their amounts; quantity × unit price), when known. */
export function chooseTotal(amounts: readonly LabelledAmount[], lineSums: readonly number[]): ChosenTotal | null {
  const of = (k: AmountKind) => amounts.filter((a) => a.kind === k && a.value >= 0);
  const nets = of("net");
  const taxes = of("tax");
  const grands = [...of("grand"), ...of("total")];
  const linesAgree = (v: number) => lineSums.some((s) => close(s, v));
  for (const n of [...nets, ...of("sub")])
    for (const t of taxes)
      if (grands.some((g) => close(n.value + t.value, g.value)) && n.value > 0)
        return { value: n.value, arithmetic: true, how: "net+tax=grand" };
  const net = nets.find((n) => n.value > 0);
  if (net) return { value: net.value, arithmetic: linesAgree(net.value), how: "net" };
  // One tax amount (the sum of several rates is printed as one line, or its rows add up).
  const taxTotal = taxes.length ? Math.max(...taxes.map((t) => t.value)) : null;
  const grand = grands.reduce<LabelledAmount | null>((best, g) => (!best || g.value > best.value ? g : best), null);
  if (grand && taxTotal !== null && taxTotal < grand.value) {
    const value = Math.round((grand.value - taxTotal) * 100) / 100;
    return { value, arithmetic: linesAgree(value) || linesAgree(grand.value), how: "grand-tax" };
  }
  const summed = grands.find((g) => linesAgree(g.value));
  if (summed) return { value: summed.value, arithmetic: true, how: "lines" };
  return null;
}
