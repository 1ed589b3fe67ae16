/**
 * Evidence for the model's values, from the same document text the model was shown, so they are
 * calibrated by the same map as the built-in extractor's (calibration.ts):
 *
 * - agreement: the value is printed in the text (text values compared without case, accents and
 *   punctuation; numbers by their digits) — the model read it rather than made it up;
 * - ocr: the lowest OCR word confidence of the segments it was found in (absent for a text layer);
 * - the format and arithmetic checks are added later by applyChecks, as for every extractor.
 */
import type { DocumentText, TextSegment } from "../document-text.ts";
import type { FlatExtraction } from "../extraction-result.ts";
import { stripAccents } from "../../text/fold.ts";

const foldText = (s: string) =>
  stripAccents(s)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");
const digits = (s: string) => s.replace(/\D+/g, "");

/** Text values must be at least this long (folded) to count as found: "1" or "EU" is everywhere. */
const MIN_FOUND_LENGTH = 3;

function foundIn(segments: readonly TextSegment[], value: string | number): TextSegment[] {
  if (typeof value === "number") {
    // 1234.5 is printed as 1,234.50 or 1.234,50: compare the digits without trailing zeros of decimals.
    const want = digits(value.toFixed(2)).replace(/0+$/, "");
    if (want.length < 2) return [];
    return segments.filter((s) => digits(s.text).replace(/0+$/, "").includes(want));
  }
  const want = foldText(value);
  if (want.length < MIN_FOUND_LENGTH) return [];
  // A value may run over several segments (a name in two runs): compare with each line's text too.
  return segments.filter(
    (s) => foldText(s.text).includes(want) || (want.includes(foldText(s.text)) && foldText(s.text).length >= want.length / 2),
  );
}

/** Returns a new map whose values carry model evidence. */
export function withModelEvidence(flat: FlatExtraction, doc: DocumentText): FlatExtraction {
  const fromOcr = doc.source === "pdf-ocr" || doc.source === "image-ocr";
  const segments = doc.lines.flatMap((l) => l.segments);
  const out: FlatExtraction = new Map();
  for (const [path, v] of flat) {
    const hits = foundIn(segments, v.value);
    const ocr = fromOcr && hits.length ? { ocr: Math.max(...hits.map((s) => s.confidence)) } : {};
    out.set(path, { ...v, evidence: { source: "model", agreement: hits.length > 0, ...ocr } });
  }
  return out;
}
