/**
 * Where a label's value stands on the page: inline after the label, in the next run to its right, or
 * on the lines below it within the label's column (form boxes, party blocks).
 */
import { FORM_LABEL } from "../party.ts";
import { cleanValue, norm } from "../normalize-values.ts";
import type { ExtractionContext, LabelHit, Line, Seg } from "./extraction-context.ts";
import { isLabelSeg, startsField } from "./match-labels.ts";

/** The run right of a label on its line, unless that run is itself a label. */
export function segRightOf(context: ExtractionContext, hit: LabelHit): Seg | null {
  const i = hit.line.segs.indexOf(hit.seg);
  const next = hit.line.segs[i + 1];
  if (!next || isLabelSeg(next, context)) return null;
  return next;
}

/** A party's contact or tax-id line: "Telefon : …", "E-Mail …", "USt.-Id.-Nr. : DE…", "VAT No GB…", "EORI …". */
const ID_LINE =
  /^(tel|telefon|telephone|phone|fax|telefax|mobile|mobil|e ?mail|courriel|web|www|internet|ust( ?id)?( ?nr)?|ust idnr|vat|vat no|vat reg|tva|btw|iva|mwst|uid|eori|gst|gstin|st ?nr|steuernummer|steuer nr|tax id|siret|siren|kvk|nif|cif|p ?iva|partita iva)\b/;
const idLine = (seg: Seg) => ID_LINE.test(seg.n);

/** Below this OCR word confidence a segment is noise (a logo, a stamp, a smudge), not text. */
const OCR_NOISE = 0.3;

/** A block under a label ends where the next thing to its right on the label's line starts. */
export function columnEnd(line: Line, seg: Seg): number {
  const i = line.segs.indexOf(seg);
  // A smudge OCR read with almost no confidence ("oo" at 0.00 beside "Adresse de livraison") starts no
  // column; a text layer's segments are all sure.
  const next = line.segs.slice(i + 1).find((s) => s.confidence >= OCR_NOISE);
  return next ? next.x0 : Infinity;
}

/** A line this many line spacings below the last one has a blank line before it. */
const BLANK_PITCHES = 1.6;

/** Lines under an anchor segment, within its column, until a gap, a label or a table. */
export function linesBelow(
  context: ExtractionContext,
  anchorLine: Line,
  anchor: { x0: number; x1: number },
  end: number,
  max: number,
  /** The anchor is a value right of its label ("Exportador   Milano Design …"): a label left of the column starts the next field. */
  labelsLeft = false,
  /** A party block: after one blank line, its contact and tax-id lines still belong to it (idLine). */
  idsAfterBlank = false,
): { line: Line; seg: Seg }[] {
  const { lines, spreadsheet, tableLines } = context;
  const out: { line: Line; seg: Seg }[] = [];
  const tol = 0.8 * Math.max(anchorLine.height, spreadsheet ? 0.1 : 1);
  let prev = anchorLine;
  let spacing = 0;
  let crossed = false;
  // Nothing right of the anchor on its line, and the first line under it in its column is content, not
  // a form's "Name:" label: a text starting far right of the anchor below is the next column (the
  // billing address beside a delivery address), not this block.
  let right = end - tol / 2;
  if (end === Infinity && !spreadsheet) {
    const far = anchor.x1 + 4 * Math.max(anchorLine.height, 1);
    const below = lines.slice(anchorLine.index + 1, anchorLine.index + 4).filter((l) => l.page === anchorLine.page);
    const line = below.find((l) => l.segs.some((s) => s.x0 >= anchor.x0 - tol && s.x0 < far));
    const first = line?.segs.find((s) => s.x0 >= anchor.x0 - tol && s.x0 < far);
    // A form's title ("Name:", or "Nummer" where OCR lost the colon) has its value far right on its line.
    if (first && !/:\s*$/.test(first.text) && !FORM_LABEL.test(first.text.trim())) right = far;
  }
  for (let k = anchorLine.index + 1; k < lines.length && out.length < max; k++) {
    const line = lines[k];
    if (line.page !== anchorLine.page || tableLines.has(k)) break;
    const segs = line.segs.filter((s) => (spreadsheet ? Math.abs(s.x0 - anchor.x0) < 0.01 : s.x0 >= anchor.x0 - tol && s.x0 < right));
    // A blank line ends the block: more than a line height of space, or on OCR'd text (whose heights
    // are the glyphs') a step down more than 1.6 times the block's own line spacing (the page's pitch
    // until the block has one, and never more).
    const blank = context.pitch
      ? line.y - prev.y > BLANK_PITCHES * Math.min(spacing || context.pitch, context.pitch)
      : line.y - (prev.y + prev.height) > 0.95 * Math.max(prev.height, 1);
    // ZUGFeRD's visualisation (and many letterheads) set a party's phone, mail and VAT id apart from its
    // address by one blank line: past it, only such lines continue the block, and the first other
    // line ends it. Further down is another block (a footer's VAT id is the issuer's, not this party's).
    const oneBlank = context.pitch
      ? line.y - prev.y <= 3 * Math.min(spacing || context.pitch, context.pitch)
      : line.y - (prev.y + prev.height) <= 2.5 * Math.max(prev.height, 1);
    const mayCross = idsAfterBlank && !crossed && oneBlank;
    if (segs.length === 0) {
      if (blank && !mayCross) break;
      continue;
    }
    if (blank && !(mayCross && idLine(segs[0]))) break;
    if (blank) crossed = true;
    else if (crossed && !idLine(segs[0])) break;
    if (segs.some((s) => startsField(s, context))) break;
    if (labelsLeft && line.segs.some((s) => s.x1 <= anchor.x0 && startsField(s, context))) break;
    out.push({
      line,
      seg:
        segs.length === 1
          ? segs[0]
          : {
              ...segs[0],
              text: segs.map((s) => s.text).join(" "),
              n: norm(segs.map((s) => s.text).join(" ")),
              x1: segs[segs.length - 1].x1,
              confidence: Math.min(...segs.map((s) => s.confidence)),
            },
    });
    // A line OCR split off at nearly the same height sets no spacing.
    if (context.pitch && line.y - prev.y >= 0.5 * context.pitch) spacing = line.y - prev.y;
    prev = line;
  }
  return out;
}

/** The value of a single-value label: inline, to the right, or on the line below. */
export function labelValue(context: ExtractionContext, hit: LabelHit): { text: string; confidence: number; base: number } | null {
  const { spreadsheet } = context;
  if (hit.rest) return { text: hit.rest, confidence: hit.seg.confidence, base: 0.9 };
  const right = segRightOf(context, hit);
  // "Invoice Number:  ……  42183017": a label closed by a colon with the line's last run far to its
  // right (summary blocks right-align their values) still pairs, a little less surely.
  const far = right && /:\s*$/.test(hit.seg.text) && hit.line.segs[hit.line.segs.length - 1] === right;
  if (right && (spreadsheet || right.x0 - hit.seg.x1 < 15 * hit.line.height))
    return { text: cleanValue(right.text), confidence: right.confidence, base: 0.88 };
  if (right && far) return { text: cleanValue(right.text), confidence: right.confidence, base: 0.8 };
  const under = linesBelow(context, hit.line, hit.seg, columnEnd(hit.line, hit.seg), 1)[0];
  if (under) return { text: cleanValue(under.seg.text), confidence: under.seg.confidence, base: 0.8 };
  return null;
}
