/** The document's lines, with runs split at inner labels ("Port of loading: Shanghai   Incoterms: FOB") and normalised. */
import type { DocumentText, TextLine, TextSegment } from "../../../document-text.ts";
import { FIELD_LABELS } from "../labels/fields.ts";
import { norm } from "../normalize-values.ts";
import type { Line } from "./extraction-context.ts";

/** Splits "Port of loading: Shanghai   Incoterms: FOB" style runs at each known "label:" inside them. */
function splitAtInnerLabels(seg: TextSegment): TextSegment[] {
  const text = seg.text;
  const cuts: number[] = [];
  for (const m of text.matchAll(/([A-Za-zÀ-ÿ°º][A-Za-zÀ-ÿ°º./' -]{1,40}?)\s*:/g)) {
    if (m.index === undefined || m.index === 0) continue;
    const before = text.slice(0, m.index + m[1].length);
    // The longest known label that ends right before the colon and starts at a word boundary.
    for (const { label } of FIELD_LABELS) {
      const words = label.split(" ").length;
      const tail = before.split(/\s+/).slice(-words).join(" ");
      if (norm(tail) === label) {
        const start = before.length - tail.length;
        if (start > 0 && /\s/.test(text[start - 1])) cuts.push(start);
        break;
      }
    }
  }
  if (cuts.length === 0) return [seg];
  const perChar = (seg.x1 - seg.x0) / Math.max(1, text.length);
  const bounds = [0, ...cuts, text.length];
  const out: TextSegment[] = [];
  for (let i = 0; i < bounds.length - 1; i++) {
    const part = text.slice(bounds[i], bounds[i + 1]).trim();
    if (part) out.push({ ...seg, text: part, x0: seg.x0 + bounds[i] * perChar, x1: seg.x0 + bounds[i + 1] * perChar });
  }
  return out;
}

/** Numbered form boxes: "1 Exporter", "10. Vessel", "(8) Port of loading". */
const BOX_NUMBER = /^(?:[1-9]|1\d|20) (?=[a-z])/;

export function readDocumentLines(doc: DocumentText): Line[] {
  return doc.lines.map((l: TextLine, index) => ({
    index,
    page: l.page,
    y: l.y,
    height: l.height,
    segs: l.segments.flatMap(splitAtInnerLabels).map((s) => ({ ...s, n: norm(s.text).replace(BOX_NUMBER, "") })),
  }));
}
