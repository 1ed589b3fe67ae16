/**
 * Readings as evidence, and as second opinions. An OCR'd page is read three times at different sizes
 * (readers/ocr-reader.ts, ocrImageThrice) and the extractor runs on each. For each field of the first:
 *
 * - another reading gives the same value: the value stands, with `agreement: true` in its evidence;
 * - neither does, but the second and the third agree with each other: two readings outvote the first,
 *   and their value is taken (`agreement: true`, `secondReading: true`);
 * - otherwise the readings differ: the first's value stands unless the recogniser is clearly surer of
 *   the second's (OCR word confidence at least SURER higher; the first reads the page at the size the
 *   recogniser reads best) or only the first fails its field's format (a misread name's shape, a
 *   country code that is none: confidence.ts formatCheck), with `agreement: false`;
 * - no other reading gives one: it stands without a verdict (a coarser reading misses more, which says
 *   little about what the first one found).
 *
 * A field only the second reading gives (not a line item: rows of different readings cannot be aligned)
 * is taken, with `agreement` true when the third gives it alike; the smallest reading alone adds none.
 *
 * The fitted map weighs `agreement` and `secondReading` (calibration.ts). Values read from a text layer (no OCR evidence)
 * are the same in every reading and are left alone. Without a third reading, the rules are those of two.
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

/** The readings' values combined as described above. Returns a new map; the inputs are not changed. */
export function combineReadings(first: FlatExtraction, second: FlatExtraction, third: FlatExtraction = new Map()): FlatExtraction {
  const out: FlatExtraction = new Map();
  for (const [path, v] of first) {
    const a = second.get(path);
    const b = third.get(path);
    const ocr = v.evidence?.ocr;
    if (ocr === undefined || (!a && !b) || v.evidence?.agreement !== undefined) {
      out.set(path, v);
      continue;
    }
    if ((a && sameValue(v.value, a.value)) || (b && sameValue(v.value, b.value))) out.set(path, withAgreement(v, true));
    else if (a && b && sameValue(a.value, b.value)) out.set(path, withAgreement(a, true, true));
    else {
      const other = (a ?? b) as ExtractedValue;
      const otherOcr = other.evidence?.ocr;
      const fails = (x: ExtractedValue) => formatCheck(path, x.value) === false;
      const surer = otherOcr !== undefined && (otherOcr >= ocr + SURER || (fails(v) && !fails(other)));
      out.set(path, surer ? withAgreement(other, false, true) : withAgreement(v, false));
    }
  }
  for (const [path, v] of second) {
    if (out.has(path) || v.evidence?.ocr === undefined || path.startsWith("goods.line_items[")) continue;
    const b = third.get(path);
    out.set(path, withAgreement(v, !!b && sameValue(v.value, b.value), true));
  }
  return out;
}
