/**
 * What speaks for an extracted value: pieces of evidence that can be wrong independently of each
 * other. The extractors record them beside every value; the confidence is computed from them
 * (`confidenceFromEvidence`), so a calibration fitted on the development set can replace the mapping
 * without touching the extractors.
 */
export interface ValueEvidence {
  /** A label was found beside the value ("Invoice total", "Consignee", a column title). */
  label?: boolean;
  /** Arithmetic agrees: quantity × unit price = line amount, the lines sum to the total, + tax = grand total. */
  arithmetic?: boolean;
  /** The value parses as its type: a VAT id pattern, an ISO code, a date, an HS code. */
  format?: boolean;
  /** The lowest OCR confidence of the segments it was read from, 0–1; absent for a text layer. */
  ocr?: number;
  /**
   * Readings agree (true) or give other values (false): an OCR'd page read at three sizes
   * (second-reading.ts), the model's value printed in the text it was shown.
   */
  agreement?: boolean;
  /** Taken from an OCR'd page's other readings: the first gave another value, less surely, was outvoted, or gave none (second-reading.ts). */
  secondReading?: boolean;
  /** Which step found it: "table", "labelled", "below-label", "party", "letterhead", "totals", "pattern", "embedded", "model". */
  source: string;
}

/** How sure the finding step is by itself, before any other evidence (today's method scores). */
const SOURCE_BASE: Record<string, number> = {
  embedded: 1,
  labelled: 0.9,
  table: 0.9,
  party: 0.88,
  totals: 0.85,
  "below-label": 0.8,
  "vat-block": 0.85,
  letterhead: 0.75,
  pattern: 0.6,
  model: 0.8,
};

/**
 * The interim map from evidence to confidence (the fitted calibration replaces it): the step's base,
 * moved halfway to 1 by arithmetic or agreement, halved by a failed format, times the OCR confidence.
 */
export function confidenceFromEvidence(e: ValueEvidence): number {
  let c = SOURCE_BASE[e.source] ?? 0.7;
  if (e.label === false) c *= 0.85;
  if (e.arithmetic === true) c = 1 - (1 - c) / 2;
  if (e.arithmetic === false) c *= 0.75;
  if (e.agreement === true) c = 1 - (1 - c) / 2;
  if (e.format === false) c *= 0.5;
  if (typeof e.ocr === "number") c *= Math.max(0, Math.min(1, e.ocr));
  return Math.round(Math.max(0, Math.min(1, c)) * 1000) / 1000;
}

/** The OCR part of a value's evidence from the segments it was read from (text layers carry 1). */
export function ocrEvidence(confidences: readonly number[], fromOcr: boolean): { ocr?: number } {
  if (!fromOcr || confidences.length === 0) return {};
  return { ocr: Math.min(...confidences) };
}
