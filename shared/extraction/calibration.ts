/**
 * Calibrated confidences: each value's evidence (value-evidence.ts, plus the outcome of the format and
 * consistency checks) and the finding step's own score become features; a logistic model fitted on
 * the development half maps them to the probability that the value is right. The fitted weights are
 * data (confidence-map.ts), refitted by `npm run extraction:calibrate`
 * (bench/fit-extraction-confidence.ts); this module only computes features and applies the map.
 *
 * Logistic rather than a binned map: with a few hundred judged values per input kind, bins per
 * evidence combination would be mostly empty, while a weight per piece of evidence is estimated from
 * every value that has it.
 */
import type { ExtractedValue, FlatExtraction } from "./extraction-result.ts";
import { clampConfidence } from "./extraction-result.ts";
import { CONFIDENCE_MAP } from "./confidence-map.ts";
import type { ConfidenceMap } from "./confidence-map-type.ts";

/** Coarse field groups: how hard a field is to read differs by kind (a name more than a currency code). */
const FIELD_GROUPS: [string, RegExp][] = [
  ["name", /(exporter|importer|notify_party)\.name$/],
  ["address", /(exporter|importer|notify_party)\.(address|city|postal_code|state)$/],
  ["country", /country$/],
  ["tax id", /tax_ids\./],
  ["contact", /contact_(email|phone)$/],
  ["currency", /^goods\.currency$/],
  ["total", /^goods\.total_value$|total_packages$|total_gross_weight_kg$/],
  ["line description", /line_items\[\d+\]\.description$/],
  ["line number", /line_items\[\d+\]\.(quantity|unit_price|net_weight_kg|gross_weight_kg)$/],
  ["line code", /line_items\[\d+\]\.(hs_code|unit)$/],
  ["invoice", /^invoice_data\./],
  ["route", /^route\.|^bl_data\.|containers/],
];

const SOURCES = ["table", "labelled", "below-label", "party", "letterhead", "vat-block", "totals", "pattern", "model"];

/** Feature names, in the order of the weights in confidence-map.ts. */
export const FEATURE_NAMES: readonly string[] = [
  "bias",
  "logit(step score)",
  ...SOURCES.map((s) => `source ${s}`),
  "label found",
  "label missing",
  "arithmetic agrees",
  "arithmetic disagrees",
  "format parses",
  "format fails",
  "readings agree",
  "readings disagree",
  "from the second reading",
  "read by OCR",
  "OCR confidence",
  "OCR confidence < 0.8",
  ...FIELD_GROUPS.map(([g]) => `field ${g}`),
];

const logit = (p: number) => {
  const q = Math.min(0.98, Math.max(0.02, p));
  return Math.log(q / (1 - q));
};

/** The feature vector of one value (its path and its value with evidence and uncalibrated confidence). */
export function features(path: string, v: ExtractedValue): number[] {
  const e = v.evidence;
  const ocr = typeof e?.ocr === "number" ? Math.max(0, Math.min(1, e.ocr)) : null;
  return [
    1,
    logit(v.confidence),
    ...SOURCES.map((s) => (e?.source === s ? 1 : 0)),
    e?.label === true ? 1 : 0,
    e?.label === false ? 1 : 0,
    e?.arithmetic === true ? 1 : 0,
    e?.arithmetic === false ? 1 : 0,
    e?.format === true ? 1 : 0,
    e?.format === false ? 1 : 0,
    e?.agreement === true ? 1 : 0,
    e?.agreement === false ? 1 : 0,
    e?.secondReading === true ? 1 : 0,
    ocr === null ? 0 : 1,
    ocr ?? 0,
    ocr !== null && ocr < 0.8 ? 1 : 0,
    ...FIELD_GROUPS.map(([, re]) => (re.test(path) ? 1 : 0)),
  ];
}

export type { ConfidenceMap };

/** A map fitted for other features is not used (a stale map must never produce nonsense). */
const usable = (map: ConfidenceMap) =>
  map.features.length === FEATURE_NAMES.length &&
  map.weights.length === FEATURE_NAMES.length &&
  map.features.every((f, i) => f === FEATURE_NAMES[i]);

/** The probability that the value is right under the fitted map (the step score when the map does not fit). */
export function calibratedConfidence(path: string, v: ExtractedValue, map: ConfidenceMap = CONFIDENCE_MAP): number {
  if (!usable(map)) return v.confidence;
  const x = features(path, v);
  let z = 0;
  for (let i = 0; i < x.length; i++) z += x[i] * (map.weights[i] ?? 0);
  return clampConfidence(1 / (1 + Math.exp(-z)));
}

/** Applies the map to every value read from text (the step scores stay when the map does not fit). Returns a new map. */
export function calibrate(flat: FlatExtraction, map: ConfidenceMap = CONFIDENCE_MAP): FlatExtraction {
  if (!usable(map)) return flat;
  return new Map([...flat].map(([path, v]) => [path, { ...v, confidence: calibratedConfidence(path, v, map) }]));
}

/**
 * L2-regularised logistic regression by Newton's method (a few hundred rows, ~40 features: each step
 * solves a small linear system). Used by the refit script; pure.
 */
export function fitLogistic(rows: number[][], labels: boolean[], lambda = 1, iterations = 25): number[] {
  const d = rows[0]?.length ?? 0;
  const w = new Array<number>(d).fill(0);
  for (let it = 0; it < iterations; it++) {
    const grad = new Array<number>(d).fill(0);
    const hess = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    for (let r = 0; r < rows.length; r++) {
      const x = rows[r];
      let z = 0;
      for (let i = 0; i < d; i++) z += x[i] * w[i];
      const p = 1 / (1 + Math.exp(-z));
      const g = p - (labels[r] ? 1 : 0);
      const h = p * (1 - p);
      for (let i = 0; i < d; i++) {
        if (x[i] === 0) continue;
        grad[i] += g * x[i];
        for (let j = 0; j < d; j++) if (x[j] !== 0) hess[i][j] += h * x[i] * x[j];
      }
    }
    // The bias is not shrunk; every other weight is.
    for (let i = 0; i < d; i++) {
      const l = i === 0 ? 1e-6 : lambda;
      grad[i] += l * w[i];
      hess[i][i] += l;
    }
    const step = solve(hess, grad);
    let size = 0;
    for (let i = 0; i < d; i++) {
      w[i] -= step[i];
      size = Math.max(size, Math.abs(step[i]));
    }
    if (size < 1e-8) break;
  }
  return w.map((x) => Math.round(x * 10000) / 10000);
}

/** Gaussian elimination with partial pivoting (A is symmetric positive definite here). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    [m[c], m[p]] = [m[p], m[c]];
    const pivot = m[c][c] || 1e-12;
    for (let r = c + 1; r < n; r++) {
      const f = m[r][c] / pivot;
      if (f === 0) continue;
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r][n];
    for (let k = r + 1; k < n; k++) s -= m[r][k] * x[k];
    x[r] = s / (m[r][r] || 1e-12);
  }
  return x;
}
