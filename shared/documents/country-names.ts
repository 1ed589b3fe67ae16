/** Display names for alpha-2 codes and the EUR.1 destination test; the country groups are in shared/trade. */
import { EU_MEMBER_STATES, EUR1_PARTNER_COUNTRIES } from "../trade/countries.ts";

export function normalizeCountry(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toUpperCase();
  return code.length > 0 ? code : null;
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
