/** Country groups the document pre-checks and layouts need, and display names for alpha-2 codes. */

export const EU_MEMBER_STATES: ReadonlySet<string> = new Set([
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
]);

/** Non-EU destinations accepted for EUR.1 and the statement on origin (spec: pre-checks). */
export const EUR1_PARTNER_COUNTRIES: ReadonlySet<string> = new Set(["CH", "NO", "IS", "LI", "TR"]);

export const USMCA_COUNTRIES: ReadonlySet<string> = new Set(["US", "CA", "MX"]);

export function normalizeCountry(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toUpperCase();
  return code.length > 0 ? code : null;
}

export function isEuMember(code: string | null): boolean {
  return code !== null && EU_MEMBER_STATES.has(code);
}

export function isEur1Destination(code: string | null): boolean {
  return code !== null && (EU_MEMBER_STATES.has(code) || EUR1_PARTNER_COUNTRIES.has(code));
}

let displayNames: Intl.DisplayNames | null | undefined;

/** "DE" -> "Germany" (English, from the runtime's ICU data); unknown codes come back unchanged. */
export function countryName(code: string): string {
  const normalized = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(normalized)) return code;
  if (displayNames === undefined) {
    try {
      displayNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
    } catch {
      displayNames = null;
    }
  }
  try {
    return displayNames?.of(normalized) ?? normalized;
  } catch {
    return normalized;
  }
}

/** "DE" -> "DE – Germany" */
export function countryLabel(code: string): string {
  const name = countryName(code);
  return name === code.trim().toUpperCase() ? name : `${code.trim().toUpperCase()} – ${name}`;
}
