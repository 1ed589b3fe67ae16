/** Values no label gave, found as patterns anywhere in the text, with lower confidence. */
import type { FlatExtraction } from "../../../extraction-result.ts";
import { INCOTERM_WORD } from "../../../../trade/incoterms.ts";
import { findCurrency } from "../normalize-values.ts";
import { type ExtractionContext, setValue } from "./extraction-context.ts";

/** "FOB Hamburg": an Incoterm followed by a capitalised place. */
const INCOTERM_BEFORE_PLACE = new RegExp(`${INCOTERM_WORD.source}\\s+[A-Z][a-zA-Z]+`);

export function applyPatternFallbacks(context: ExtractionContext, currencyFromTable: string | null, out: FlatExtraction): void {
  const { lines } = context;
  const set = (path: string, value: string | number | null | undefined, confidence: number) => setValue(out, path, value, confidence);
  const allText = lines.map((l) => l.segs.map((s) => s.text).join("  "));
  if (!out.has("route.incoterms")) {
    for (const t of allText) {
      const m = INCOTERM_BEFORE_PLACE.exec(t);
      if (m) {
        set("route.incoterms", m[1], 0.6);
        break;
      }
    }
  }
  if (!out.has("goods.currency")) {
    if (currencyFromTable) set("goods.currency", currencyFromTable, 0.75);
    else {
      const counts = new Map<string, number>();
      for (const t of allText) {
        const cur = findCurrency(t);
        if (cur && !cur.ambiguous) counts.set(cur.code, (counts.get(cur.code) ?? 0) + 1);
      }
      const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
      // One currency written again and again, and no other: as good as a label.
      if (ranked[0]) set("goods.currency", ranked[0][0], ranked.length === 1 && ranked[0][1] >= 3 ? 0.85 : 0.6);
    }
  }
}
