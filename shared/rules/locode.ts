/**
 * UN/LOCODE input handling: "DE HAM", "deham" and "DEHAM" are the same location. Whitespace is removed and
 * letters upper-cased for lookups; the result must be 2 letters (country) + 3 letters or digits 2-9.
 */
export function normaliseLocode(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}

export function isLocodeShape(code: string): boolean {
  return /^[A-Z]{2}[A-Z2-9]{3}$/.test(code);
}
