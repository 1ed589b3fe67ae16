/**
 * Two readings as evidence. An OCR'd page is read twice at different resolutions
 * (readers/ocr-reader.ts, ocrImageTwice) and the extractor runs on both; a value the second reading
 * gives alike is less likely a misread, one it gives differently more likely. The outcome goes into
 * the value's evidence (`agreement`), which the fitted map weighs (calibration.ts). A value the second
 * reading does not give at all is left without a verdict: a coarser reading misses more, which says
 * little about the value the first one found.
 */
import type { ExtractedValue, FlatExtraction } from "./extraction-result.ts";

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

/**
 * The first reading's values, each OCR-read one with `agreement` set from the second reading's value at
 * the same path (true: the same, false: another value). Returns a new map; values read from a text
 * layer (no OCR evidence) and values the second reading lacks are unchanged.
 */
export function compareReadings(first: FlatExtraction, second: FlatExtraction): FlatExtraction {
  const out: FlatExtraction = new Map();
  for (const [path, v] of first) {
    const other = second.get(path);
    if (!v.evidence || v.evidence.ocr === undefined || !other || v.evidence.agreement !== undefined) {
      out.set(path, v);
      continue;
    }
    out.set(path, { ...v, evidence: { ...v.evidence, agreement: sameValue(v.value, other.value) } });
  }
  return out;
}
