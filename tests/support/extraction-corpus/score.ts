/** Field-level comparison of an extraction with a label file: true/false positives, false negatives. */
import { flattenResultTree } from "../../../shared/extraction/extraction-result.ts";
import { stripAccents } from "../../../shared/text/fold.ts";

export type Expected = Record<string, string | number>;

export interface FieldScore {
  tp: number;
  fp: number;
  fn: number;
  mismatches: { path: string; expected?: string | number; got?: string | number }[];
}

function normText(v: string): string {
  return stripAccents(v)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

export function sameValue(expected: string | number, got: string | number): boolean {
  if (typeof expected === "number") {
    const n = typeof got === "number" ? got : Number(String(got).replace(/,/g, ""));
    return Number.isFinite(n) && Math.abs(n - expected) <= Math.max(0.005, Math.abs(expected) * 1e-6);
  }
  return normText(expected) === normText(String(got));
}

/** The top-level group of a path ("exporter", "goods", "invoice_data" …). */
const groupOf = (path: string) => path.split(/[.[]/)[0];

/** Scores a result tree (or a flat path → value map) against the expected values. */
export function scoreExtraction(result: unknown, expected: Expected): FieldScore {
  const flat = flattenResultTree(result);
  const got = new Map(Object.entries(flat).map(([k, v]) => [k, v.value]));
  const s: FieldScore = { tp: 0, fp: 0, fn: 0, mismatches: [] };
  for (const [path, want] of Object.entries(expected)) {
    const have = got.get(path);
    if (have === undefined) {
      s.fn++;
      s.mismatches.push({ path, expected: want });
    } else if (sameValue(want, have)) s.tp++;
    else {
      s.fp++;
      s.fn++;
      s.mismatches.push({ path, expected: want, got: have });
    }
  }
  // The corpus labels the shipment's fields; a group it labels nowhere in a document (the invoice's
  // number and date, read since) is outside what the label file states, not a wrong value.
  const labelled = new Set(Object.keys(expected).map(groupOf));
  for (const [path, have] of got) {
    if (!(path in expected) && labelled.has(groupOf(path))) {
      s.fp++;
      s.mismatches.push({ path, got: have });
    }
  }
  return s;
}

export function precisionRecall(s: { tp: number; fp: number; fn: number }): { precision: number; recall: number; f1: number } {
  const precision = s.tp + s.fp === 0 ? 1 : s.tp / (s.tp + s.fp);
  const recall = s.tp + s.fn === 0 ? 1 : s.tp / (s.tp + s.fn);
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
}
