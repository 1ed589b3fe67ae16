/** Party blocks (shipper, consignee, …): the lines under the best-ranked label of each party kind. */
import type { FlatExtraction } from "../../../extraction-result.ts";
import { type FieldKey, PARTY_FIELDS, PARTY_LABEL_RANK } from "../labels/fields.ts";
import { type BlockLine, parseParty } from "../party.ts";
import { ocrEvidence } from "../../../value-evidence.ts";
import { type ExtractionContext, type LabelHit, setValue } from "./extraction-context.ts";
import { columnEnd, linesBelow, segRightOf } from "./locate-label-values.ts";

export function readParties(context: ExtractionContext, hits: readonly LabelHit[], out: FlatExtraction): void {
  const { spreadsheet } = context;
  const partyHits = new Map<FieldKey, LabelHit>();
  for (const h of hits) {
    if (!PARTY_FIELDS.has(h.key) || !h.strong) continue;
    const old = partyHits.get(h.key);
    if (!old || (PARTY_LABEL_RANK[h.label] ?? 3) < (PARTY_LABEL_RANK[old.label] ?? 3)) partyHits.set(h.key, h);
  }
  for (const [key, hit] of partyHits) {
    const block: BlockLine[] = [];
    let anchor: { x0: number; x1: number } = hit.seg;
    let end = columnEnd(hit.line, hit.seg);
    // "Käufer/Leistungsempfänger:": a label continued, not the party's name; OCR may lose the colon, not
    // the slash that joins the two ("Kaufer/Leistungsempfinger").
    const at = hit.rest ? hit.seg.text.lastIndexOf(hit.rest) : -1;
    const continued = /:\s*$/.test(hit.seg.text) || (at > 0 && /\/\s*$/.test(hit.seg.text.slice(0, at)));
    const restIsLabel = !!hit.rest && continued && !/\d/.test(hit.rest) && hit.rest.split(/[\s/]+/).length <= 3;
    if (hit.rest && !restIsLabel) block.push({ text: hit.rest, confidence: hit.seg.confidence });
    else {
      const right = segRightOf(context, hit);
      if (right && (spreadsheet || right.x0 - hit.seg.x1 < 15 * hit.line.height)) {
        block.push({ text: right.text, confidence: right.confidence });
        anchor = right;
        end = columnEnd(hit.line, right);
      }
    }
    for (const b of linesBelow(context, hit.line, anchor, end, 8 - block.length, anchor !== hit.seg, true))
      block.push({ text: b.seg.text, confidence: b.seg.confidence });
    for (const f of parseParty(block)) {
      const read = Math.min(...f.source.map((s) => s.confidence));
      setValue(out, `${key}.${f.field}`, f.value, f.base * read, { source: "party", label: true, ...ocrEvidence([read], context.fuzzy) });
    }
  }
}
