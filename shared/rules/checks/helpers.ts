import type { Finding } from "../rule-types.ts";
import { describeType, isBlank, show } from "../shipment-access.ts";
import { formatFieldPath } from "../../http/field-path.ts";

/** "is missing" for blanks, else "is 42 (a number)" — the "what was found" part of a message. */
export function found(value: unknown): string {
  if (isBlank(value)) return "is missing";
  return `is ${show(value)} (${describeType(value)})`;
}

export function path(...parts: PropertyKey[]): PropertyKey[] {
  return parts;
}

export function fieldText(parts: readonly PropertyKey[]): string {
  return formatFieldPath(parts);
}

/** The info finding of a lookup rule whose reference table holds no data. */
export function notLoaded(at: readonly PropertyKey[], table: string, what: string): Finding {
  return {
    path: at,
    severity: "info",
    message:
      `Reference table ${table} not loaded, so ${what} could not be checked. ` +
      `Expected the table to hold data. Import the reference data (npm run reference:import) and validate again.`,
    context: { table },
  };
}

/**
 * Absent in the sense of the soft warnings (shared/documents/data.ts isPresent): missing, null, blank
 * text, an empty list or object. A soft-warning field that is absent is a warning; present and invalid
 * is an error.
 */
export function absent(value: unknown): boolean {
  if (isBlank(value)) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === "object" && value !== null && Object.keys(value).length === 0;
}
