import type { Finding } from "../rule-types.ts";
import { describeType, isBlank, show } from "../../shipments/shipment-access.ts";
import { formatFieldPath } from "../../text/field-path.ts";
import { labelledTable } from "../../runtime/config/reference-sources.ts";

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

/** How to load one table: the download from its publisher, or a folder of its files (offline). */
export function howToLoad(table: string): string {
  return (
    `Load it: npm run reference:refresh -- --only ${table} (downloads it from its publisher), or ` +
    `npm run reference:import -- --dir <folder> --only ${table} (from a folder or mirror of the files); then validate again.`
  );
}

/**
 * The finding of a lookup rule whose reference table holds no data: a warning, never a pass. It names
 * the table and how to load it; `context.not_checked` marks it so that the record and the hash can say
 * which checks did not run. A table being loaded right now (its first download) says so.
 */
export function notLoaded(at: readonly PropertyKey[], table: string, what: string, facts?: { loading?: readonly string[] }): Finding {
  const loading = facts?.loading?.includes(table) === true;
  const label = labelledTable(table);
  return {
    path: at,
    severity: "warning",
    message: loading
      ? `Reference table ${label} is still loading (its download from the publisher is in progress), so ${what} could not be checked. ` +
        `Expected the table to hold data. Validate again when the load has finished (GET /api/v1/reference-data shows its state).`
      : `Reference table ${label} is not loaded, so ${what} could not be checked. Expected the table to hold data. ${howToLoad(table)}`,
    context: { table, not_checked: true, loading },
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
