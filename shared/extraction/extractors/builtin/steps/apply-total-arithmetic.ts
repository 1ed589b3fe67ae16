/**
 * goods.total_value by arithmetic (choose-total.ts): the labelled net, tax and grand amounts outside
 * the line-item tables, checked against each other and against the sum of the lines. It replaces the
 * total the labels alone ranked when the amounts say which one is the total without tax.
 */
import type { FlatExtraction } from "../../../extraction-result.ts";
import { confidenceFromEvidence, type ValueEvidence } from "../../../value-evidence.ts";
import { chooseTotal, labelledAmounts } from "../choose-total.ts";
import type { ExtractionContext } from "./extraction-context.ts";

export function applyTotalArithmetic(context: ExtractionContext, lineAmounts: readonly number[], out: FlatExtraction): void {
  const lines = context.lines.filter((l) => !context.tableLines.has(l.index) || isTotalsLine(l.segs.map((s) => s.n)));
  const amounts = labelledAmounts(
    lines.map((l) => l.segs),
    context.decimalComma,
  );
  const sums: number[] = [];
  if (lineAmounts.length) sums.push(round(lineAmounts.reduce((a, b) => a + b, 0)));
  const products = itemProducts(out);
  if (products !== null) sums.push(products);
  const chosen = chooseTotal(amounts, sums);
  if (!chosen) return;
  const ocr = context.fuzzy ? { ocr: Math.min(...lines.flatMap((l) => l.segs.map((s) => s.confidence))) } : {};
  const evidence: ValueEvidence = { source: "totals", label: true, arithmetic: chosen.arithmetic, ...ocr };
  const old = out.get("goods.total_value");
  const confidence = confidenceFromEvidence(evidence);
  // Amounts that agree beat a label's rank; a lone net total only fills a gap or confirms.
  if (!old || chosen.arithmetic || chosen.how === "net" || chosen.how === "grand-tax" || Math.abs(Number(old.value) - chosen.value) < 0.011)
    out.set("goods.total_value", { value: chosen.value, confidence, evidence });
}

function isTotalsLine(texts: string[]): boolean {
  return texts.some((t) => /\b(total|totaal|summe|subtotal)\b/.test(t));
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Σ quantity × unit price over the line items, when every item has both. */
function itemProducts(out: FlatExtraction): number | null {
  const items = new Map<string, { q?: number; p?: number }>();
  for (const [path, v] of out) {
    const m = /^goods\.line_items\[(\d+)\]\.(quantity|unit_price)$/.exec(path);
    if (!m || typeof v.value !== "number") continue;
    const it = items.get(m[1]) ?? {};
    if (m[2] === "quantity") it.q = v.value;
    else it.p = v.value;
    items.set(m[1], it);
  }
  if (items.size === 0 || [...items.values()].some((i) => i.q === undefined || i.p === undefined)) return null;
  return round([...items.values()].reduce((s, i) => s + (i.q as number) * (i.p as number), 0));
}
