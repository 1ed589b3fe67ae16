/** One changed leaf between two versions of shipment data; paths use the spec's style: a.b[0].c */
export interface DataChange {
  path: string;
  before: unknown;
  after: unknown;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Pure, deterministic (keys sorted): what changed from `before` to `after`, leaf by leaf. */
export function diffShipmentData(before: unknown, after: unknown, path = ""): DataChange[] {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) => diffShipmentData(before[k], after[k], path ? `${path}.${k}` : k));
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const n = Math.max(before.length, after.length);
    return Array.from({ length: n }, (_, i) => diffShipmentData(before[i], after[i], `${path}[${i}]`)).flat();
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ path, before: before ?? null, after: after ?? null }];
}
