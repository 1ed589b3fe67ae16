/** Labels outside the tables (and on their totals line): each with its field, strength and inline rest. */
import type { ExtractionContext, LabelHit, Table } from "./extraction-context.ts";
import { isLabelSeg, labelAt, restAfterLabel } from "./match-labels.ts";

export function findLabelHits(context: ExtractionContext, tables: readonly Table[]): LabelHit[] {
  const { lines, tableLines } = context;
  const hits: LabelHit[] = [];
  for (const line of lines) {
    if (tableLines.has(line.index) && !tables.some((t) => t.totals === line)) continue;
    for (const seg of line.segs) {
      const l = labelAt(seg.n, context);
      if (!l) continue;
      const rest = restAfterLabel(seg.text, l.label);
      // A label alone (perhaps with its "(name, address, …)" hint), a short label, or "label: value".
      const strong = !rest || isLabelSeg(seg, context) || /^[^:]{1,45}:/.test(seg.text);
      // A long run that merely starts with a label word ("Origin of the goods is…") is kept only for
      // value fields, never for "other" labels.
      if (!strong && l.key === "other") continue;
      hits.push({ strong, key: l.key, label: l.label, line, seg, rest });
    }
  }
  return hits;
}
