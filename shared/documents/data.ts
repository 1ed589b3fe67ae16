/**
 * Reading values out of a TradeShipment by data path, and deciding what counts as "present".
 * Pure; the layouts and the pre-checks share these so "missing" means the same thing everywhere.
 */
import { pathSegments } from "../pdf/field-paths.ts";

/** The value at a dotted/bracketed snake_case path, or undefined. */
export function getAt(root: unknown, dataPath: string): unknown {
  let node: unknown = root;
  for (const segment of pathSegments(dataPath)) {
    if (node === null || node === undefined) return undefined;
    if (typeof segment === "number") {
      if (!Array.isArray(node)) return undefined;
      node = node[segment];
    } else {
      if (typeof node !== "object" || Array.isArray(node)) return undefined;
      node = (node as Record<string, unknown>)[segment];
    }
  }
  return node;
}

/** Present: a non-blank string, a finite number, a boolean, a non-empty array, or a non-empty object. */
export function isPresent(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return value.trim().length > 0;
  if (typeof value === "number") return Number.isFinite(value);
  if (typeof value === "boolean") return true;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.keys(value as object).length > 0;
  return false;
}

export function hasValue(root: unknown, dataPath: string): boolean {
  return isPresent(getAt(root, dataPath));
}

/** Array at a path, or an empty array. */
export function arrayAt(root: unknown, dataPath: string): unknown[] {
  const value = getAt(root, dataPath);
  return Array.isArray(value) ? value : [];
}

const HAZARD_FLAG = "dgd";

/** A line item is hazardous when compliance_flags includes "dgd" (any case) or is_hazardous is true. */
export function isHazardousItem(item: unknown): boolean {
  if (item === null || typeof item !== "object") return false;
  const record = item as Record<string, unknown>;
  if (record.is_hazardous === true) return true;
  const flags = record.compliance_flags;
  return Array.isArray(flags) && flags.some((flag) => typeof flag === "string" && flag.trim().toLowerCase() === HAZARD_FLAG);
}
