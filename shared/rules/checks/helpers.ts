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
