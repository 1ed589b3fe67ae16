/**
 * Whether a listed entry's stated identifiers (registration, tax, passport, IMO numbers: the UN, EU, UK
 * and CSL files state them) rule out the party's. The shipment's parties carry identifiers only as
 * tax_ids (EIN, EORI, IEC, GSTIN, PAN …; no birth date, no IMO number), so those are compared with every
 * number the entry states other than a person's documents (screening leaves those out when it reads the
 * entry): the lists name the other kinds in their own words, and a number is rarely another party's number
 * of another kind.
 */

/** Upper case, letters and digits only: "DE 123.456-789" → "DE123456789". */
export function normaliseIdentifier(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/**
 * The same number, written with or without a two-letter country prefix (an EORI is the country code and
 * a national number; a VAT number is written with or without its prefix). Shorter than 5 characters is no
 * identifier (a "0" or "N/A" in a list's id field).
 */
function sameIdentifier(a: string, b: string): boolean {
  if (a.length < 5 || b.length < 5) return false;
  if (a === b) return true;
  const bare = (s: string) => (/^[A-Z]{2}\d/.test(s) ? s.slice(2) : s);
  return bare(a) === bare(b) && bare(a).length >= 5;
}

/** The party's identifiers: every string value of its tax_ids object, normalised. */
export function partyIdentifierValues(taxIds: unknown): string[] {
  if (taxIds === null || typeof taxIds !== "object" || Array.isArray(taxIds)) return [];
  return Object.values(taxIds as Record<string, unknown>)
    .filter((v): v is string => typeof v === "string")
    .map(normaliseIdentifier)
    .filter((v) => v.length >= 5);
}

export type IdentifierVerdict = "same" | "different" | "unknown";

/**
 * "same" when a number the entry states is one of the party's; "different" when the entry states numbers,
 * the party carries some, and none is the same (the entry points at another party); "unknown" when either
 * side states none. Pure.
 */
export function compareIdentifiers(listed: readonly string[] | undefined, party: readonly string[]): IdentifierVerdict {
  const ids = (listed ?? []).map(normaliseIdentifier).filter((v) => v.length >= 5);
  if (ids.length === 0 || party.length === 0) return "unknown";
  return ids.some((l) => party.some((p) => sameIdentifier(l, p))) ? "same" : "different";
}
