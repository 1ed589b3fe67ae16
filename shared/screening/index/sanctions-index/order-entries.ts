/** A fixed order of the entries, whatever the input order: every tie-break of the index depends on it. */
import type { SanctionsEntry } from "./sanctions-index-model.ts";

/** Compares uids numerically when both are decimal numbers ("173" < "306" < "12927"), else by code units. */
function compareUid(a: string, b: string): number {
  const na = /^\d+$/.test(a);
  const nb = /^\d+$/.test(b);
  if (na && nb) {
    const ta = a.replace(/^0+(?=\d)/, "");
    const tb = b.replace(/^0+(?=\d)/, "");
    if (ta.length !== tb.length) return ta.length - tb.length;
    if (ta !== tb) return ta < tb ? -1 : 1;
    return a < b ? -1 : a > b ? 1 : 0; // "007" vs "7": any fixed order
  }
  if (na !== nb) return na ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Entries by uid (numeric when both are numbers), then list, name, type and programs. */
export function orderEntries(input: readonly SanctionsEntry[]): SanctionsEntry[] {
  return [...input].sort(
    (a, b) =>
      compareUid(a.uid, b.uid) ||
      compareStrings(a.list, b.list) ||
      compareStrings(a.name, b.name) ||
      compareStrings(a.type, b.type) ||
      compareStrings(a.programs.join("\u0000"), b.programs.join("\u0000")),
  );
}
