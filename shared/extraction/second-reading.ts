/**
 * Two readings as evidence, and as a second opinion. An OCR'd page is read twice at different
 * resolutions (readers/ocr-reader.ts, ocrImageTwice) and the extractor runs on both. For each field:
 *
 * - both readings give the same value: the value stands, with `agreement: true` in its evidence;
 * - they give different values: the one the recogniser is clearly surer of (OCR word confidence at
 *   least SURER higher) is taken — the second reading's only then, since the first reads the page at
 *   the size the recogniser reads best — or the second's when only the first fails its field's
 *   format (a misread name's shape, a country code that is none: confidence.ts formatCheck), with
 *   `agreement: false`;
 * - only the first gives one: it stands without a verdict (a coarser reading misses more, which says
 *   little about what the first one found);
 * - only the second gives one (not a line item: rows of two readings cannot be aligned): it is taken,
 *   with `agreement: false`.
 *
 * The fitted map weighs `agreement` and `secondReading` (calibration.ts). Values read from a text layer (no OCR evidence)
 * are the same in both readings and are left alone.
 */
import type { ExtractedValue, FlatExtraction } from "./extraction-result.ts";
import { formatCheck } from "./confidence.ts";

/** How much surer (OCR word confidence, 0–1) the second reading must be for its value to replace the first's. */
export const SURER = 0.1;

/** Texts compare by their letters and digits, without case or accents; numbers within a millionth. */
export function sameValue(a: ExtractedValue["value"], b: ExtractedValue["value"]): boolean {
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) <= Math.max(1e-9, Math.abs(a) * 1e-6);
  const norm = (v: string | number) =>
    String(v)
      .normalize("NFKD")
      .replace(/[^\p{L}\p{N}]/gu, "")
      .toLowerCase();
  return norm(a) === norm(b);
}

const withAgreement = (v: ExtractedValue, agreement: boolean, secondReading = false): ExtractedValue => ({
  ...v,
  evidence: { ...(v.evidence ?? { source: "unknown" }), agreement, ...(secondReading ? { secondReading } : {}) },
});

/** The two readings' values combined as described above. Returns a new map; the inputs are not changed. */
export function combineReadings(first: FlatExtraction, second: FlatExtraction): FlatExtraction {
  const out: FlatExtraction = new Map();
  for (const [path, v] of first) {
    const other = second.get(path);
    const ocr = v.evidence?.ocr;
    if (ocr === undefined || !other || v.evidence?.agreement !== undefined) {
      out.set(path, v);
      continue;
    }
    if (sameValue(v.value, other.value)) out.set(path, withAgreement(v, true));
    else {
      const otherOcr = other.evidence?.ocr;
      const fails = (x: ExtractedValue) => formatCheck(path, x.value) === false;
      const surer = otherOcr !== undefined && (otherOcr >= ocr + SURER || (fails(v) && !fails(other)));
      out.set(path, surer ? withAgreement(other, false, true) : withAgreement(v, false));
    }
  }
  for (const [path, v] of second) {
    if (out.has(path) || v.evidence?.ocr === undefined || path.startsWith("goods.line_items[")) continue;
    out.set(path, withAgreement(v, false, true));
  }
  return out;
}
