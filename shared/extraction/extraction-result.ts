/**
 * The result of an extraction: the TradeShipment structure (parties, route, goods with line items,
 * packaging) where every leaf is {value, confidence}, 0 ≤ confidence ≤ 1. Extractors work on a flat
 * map keyed by path ("goods.line_items[0].quantity"); the tree is built at the end.
 */
import type { ValueEvidence } from "./value-evidence.ts";

export interface ExtractedValue {
  value: string | number;
  confidence: number;
  /** What speaks for the value (internal: calibration input; never part of the API result). */
  evidence?: ValueEvidence;
}

export type FlatExtraction = Map<string, ExtractedValue>;

const SEGMENT = /([A-Za-z_][A-Za-z0-9_]*)(?:\[(\d+)\])?/g;

function segments(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of path.matchAll(SEGMENT)) {
    out.push(m[1]);
    if (m[2] !== undefined) out.push(Number(m[2]));
  }
  return out;
}

export function clampConfidence(c: number): number {
  if (!Number.isFinite(c)) return 0;
  return Math.round(Math.max(0, Math.min(1, c)) * 1000) / 1000;
}

/** Flat paths → nested objects and arrays (array holes are dropped, order kept). */
export function toResultTree(flat: FlatExtraction): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  const keys = [...flat.keys()].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  for (const path of keys) {
    const v = flat.get(path)!;
    const parts = segments(path);
    let node: Record<string | number, unknown> = root;
    for (let i = 0; i < parts.length - 1; i++) {
      const key = parts[i];
      const nextIsIndex = typeof parts[i + 1] === "number";
      node[key] ??= nextIsIndex ? [] : {};
      node = node[key] as Record<string | number, unknown>;
    }
    node[parts[parts.length - 1]] = { value: v.value, confidence: clampConfidence(v.confidence) };
  }
  const compact = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.filter((x) => x !== undefined).map(compact);
    if (value && typeof value === "object" && !("confidence" in value)) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
    }
    return value;
  };
  return compact(root) as Record<string, unknown>;
}

function isLeaf(value: unknown): value is ExtractedValue {
  return !!value && typeof value === "object" && "value" in value && "confidence" in value;
}

/** The inverse of toResultTree (tests, the accuracy benchmark). */
export function flattenResultTree(tree: unknown, prefix = "", out: Record<string, ExtractedValue> = {}): Record<string, ExtractedValue> {
  if (isLeaf(tree)) out[prefix] = { value: tree.value, confidence: tree.confidence };
  else if (Array.isArray(tree)) tree.forEach((v, i) => flattenResultTree(v, `${prefix}[${i}]`, out));
  else if (tree && typeof tree === "object") {
    for (const [k, v] of Object.entries(tree)) flattenResultTree(v, prefix ? `${prefix}.${k}` : k, out);
  }
  return out;
}
