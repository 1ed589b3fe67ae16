/**
 * Values of the line-item tables: one line item per row (description, HS code, quantity and unit,
 * unit price, origin, weights), its confidence raised or lowered by the row's own arithmetic, and the
 * totals line read by the columns its amounts sit under.
 */
import type { FlatExtraction } from "../../../extraction-result.ts";
import type { ColumnKey } from "../labels/columns.ts";
import { allNumbers, cleanValue, countryCode, findCurrency, findHsCode, trailingCountry } from "../normalize-values.ts";
import { ocrEvidence } from "../../../value-evidence.ts";
import { readElisions } from "../repair-misread-words.ts";
import { type Cell, type ExtractionContext, numberOf, setValue, type Table, TOTAL_WORDS } from "./extraction-context.ts";
import { assignColumn } from "./find-tables.ts";

/**
 * Records the tables' values in `out`; returns the currency their header or totals line names, if any,
 * and the rows' line amounts (for the total's arithmetic).
 */
export function readLineItems(
  context: ExtractionContext,
  tables: readonly Table[],
  out: FlatExtraction,
): { currency: string | null; lineAmounts: number[] } {
  const lineAmounts: number[] = [];
  const { spreadsheet, decimalComma } = context;
  const num = (seg: { text: string; number?: number }) => numberOf(seg, decimalComma);
  // A cell sits under its column's title (the label); OCR adds its word confidence.
  const set = (path: string, value: string | number | null | undefined, base: number, read: number, source = "table") =>
    setValue(out, path, value, base * read, { source, label: true, ...ocrEvidence([read], context.fuzzy) });
  let item = 0;
  let currencyFromTable: string | null = null;
  for (const t of tables) {
    for (const s of t.header.segs) currencyFromTable ??= findCurrency(s.text)?.code ?? null;
    for (const row of t.rows) {
      const p = `goods.line_items[${item}]`;
      const get = (k: ColumnKey): Cell | undefined => row.get(k);
      const desc = get("description");
      if (desc) {
        const text = cleanValue(desc.text.replace(/^\d{1,3}[.)]?\s+(?=\D)/, ""));
        set(`${p}.description`, context.fuzzy && text ? readElisions(text) : text, 0.9, desc.confidence);
      }
      const hs = get("hs_code");
      const hsCode = hs ? findHsCode(hs.text) : null;
      if (hs && hsCode) set(`${p}.hs_code`, hsCode, 0.92, hs.confidence);
      let q = get("quantity");
      let u = get("unit");
      // "70 PCS" in one cell (narrow gap between two columns): split into quantity and unit.
      const merged = !q && u ? /^([\d.,' ]*\d)\s*([A-Za-z][A-Za-z0-9.]{0,7})$/.exec(u.text) : null;
      if (merged && u) {
        q = { text: merged[1], confidence: u.confidence };
        u = { text: merged[2], confidence: u.confidence };
      }
      const qty = q ? num(q) : null;
      if (q && qty !== null) {
        set(`${p}.quantity`, qty, 0.9, q.confidence);
        const unitInQty = /^[\d.,\s]+\s*([A-Za-z]{1,8}\.?)$/.exec(q.text);
        if (unitInQty && !row.has("unit")) set(`${p}.unit`, unitInQty[1].replace(/\.$/, ""), 0.8, q.confidence);
      }
      if (u && /[A-Za-z]/.test(u.text)) set(`${p}.unit`, cleanValue(u.text), 0.88, u.confidence);
      const up = get("unit_price");
      const price = up ? num(up) : null;
      if (up && price !== null) set(`${p}.unit_price`, price, 0.9, up.confidence);
      const amt = get("amount");
      const amount = amt ? num(amt) : null;
      if (amount !== null) lineAmounts.push(amount);
      const origin = get("origin_country");
      if (origin)
        set(`${p}.origin_country`, countryCode(origin.text) ?? trailingCountry(origin.text)?.code ?? null, 0.88, origin.confidence);
      const nw = get("net_weight");
      if (nw) set(`${p}.net_weight_kg`, num(nw), 0.88, nw.confidence);
      const gw = get("gross_weight");
      if (gw) set(`${p}.gross_weight_kg`, num(gw), 0.88, gw.confidence);
      // The row's own arithmetic: quantity × unit price = line amount.
      if (qty !== null && price !== null && amount !== null) {
        const ok = Math.abs(qty * price - amount) <= Math.max(0.011, Math.abs(amount) * 0.001);
        for (const k of ["quantity", "unit_price"]) {
          const v = out.get(`${p}.${k}`);
          if (v) v.confidence = ok ? 1 - (1 - v.confidence) * 0.5 : v.confidence * 0.75;
        }
        const d = out.get(`${p}.description`);
        if (d) d.confidence = ok ? 1 - (1 - d.confidence) * 0.5 : d.confidence * 0.8;
        // The outcome is evidence of its own for the calibration (value-evidence.ts).
        for (const k of ["quantity", "unit_price", "description"]) {
          const v = out.get(`${p}.${k}`);
          if (v?.evidence) v.evidence = { ...v.evidence, arithmetic: ok };
        }
      } else if (price === null && amount === null) {
        // A row with no price at all in an invoice table: a component line, a note or a header
        // fragment as often as a real item.
        for (const [path, v] of out) if (path.startsWith(`${p}.`)) v.confidence *= 0.6;
      }
      item++;
    }
    // Totals row: amounts under the amount, package and weight columns.
    if (t.totals) {
      for (const s of t.totals.segs) {
        if (TOTAL_WORDS.test(s.n) && !/\d/.test(s.text)) continue;
        const c = assignColumn(s, t.columns, spreadsheet);
        const n = num(s) ?? allNumbers(s.text, decimalComma).pop() ?? null;
        if (!c || n === null) continue;
        if (c.key === "amount") set("goods.total_value", n, 0.8, s.confidence, "totals");
        if (c.key === "packages") set("packaging.total_packages", n, 0.75, s.confidence, "totals");
        if (c.key === "gross_weight") set("packaging.total_gross_weight_kg", n, 0.75, s.confidence, "totals");
      }
      const cur = t.totals.segs.map((s) => findCurrency(s.text)).find((c) => c && !c.ambiguous);
      if (cur) currencyFromTable ??= cur.code;
    }
  }
  return { currency: currencyFromTable, lineAmounts };
}
