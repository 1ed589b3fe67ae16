/**
 * An extraction result (every leaf {value, confidence}) turned into what the review form shows: the
 * shipment data to prefill, and the confidence of each input. Values below LOW_CONFIDENCE are marked for
 * review. Pure.
 */
import { flattenResultTree } from "../../extraction/extraction-result.ts";
import { normalizeDataPath, pathSegments } from "../../pdf/field-paths.ts";

/**
 * Below this the review form marks a value "check this": the extraction's own mark (the events count
 * the same values), where a calibrated confidence says the value is more likely wrong than right.
 */
export { LOW_CONFIDENCE } from "../../extraction/extraction-events.ts";
import { LOW_CONFIDENCE } from "../../extraction/extraction-events.ts";

export interface ReviewPrefill {
  data: Record<string, unknown>;
  /** input name (dotted data path) -> confidence 0…1 */
  confidence: Record<string, number>;
}

export function reviewPrefill(result: unknown): ReviewPrefill {
  const data: Record<string, unknown> = {};
  const confidence: Record<string, number> = {};
  for (const [path, leaf] of Object.entries(flattenResultTree(result))) {
    const dotted = normalizeDataPath(path);
    const segments = pathSegments(dotted);
    // The model's output is data, not code: keys that could reach Object.prototype are dropped.
    if (segments.length === 0 || segments.some((s) => s === "__proto__" || s === "constructor" || s === "prototype")) continue;
    let node: Record<string | number, unknown> = data;
    segments.forEach((seg, i) => {
      if (i === segments.length - 1) {
        node[seg] =
          seg === "compliance_flags" && typeof leaf.value === "string"
            ? leaf.value
                .split(",")
                .map((s) => s.trim())
                .filter(Boolean)
            : leaf.value;
        return;
      }
      const nextIsIndex = typeof segments[i + 1] === "number";
      const existing = node[seg];
      if (!existing || typeof existing !== "object") node[seg] = nextIsIndex ? [] : {};
      node = node[seg] as Record<string | number, unknown>;
    });
    confidence[dotted] = leaf.confidence;
  }
  return { data, confidence };
}

export function isLowConfidence(c: number): boolean {
  return c < LOW_CONFIDENCE;
}

/** 0.834 -> "83 %" */
export function confidenceText(c: number): string {
  return `${Math.round(c * 100)} %`;
}
