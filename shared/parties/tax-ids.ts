/**
 * Tax identifiers of a party profile: normalisation and format checks. Pure functions.
 *
 * The formats are those of the rule library (shared/rules/checks/country.ts), so a stored profile never
 * fails those rules when it is copied into a shipment; the GSTIN is also checked against its check
 * character and against the PAN it contains. Other keys (vat, abn, cnpj …) are accepted as free text.
 */
import { isCountryCode as isIsoCountry } from "../trade/countries.ts";

export const KNOWN_TAX_IDS = ["ein", "eori", "iec", "gstin", "pan"] as const;
export type KnownTaxId = (typeof KNOWN_TAX_IDS)[number];

/** Any other key: lower-case letters, digits and underscores, starting with a letter. */
export const TAX_ID_KEY = /^[a-z][a-z0-9_]{0,31}$/;
export const MAX_TAX_IDS = 20;
export const MAX_TAX_ID_LENGTH = 64;

/** What each known id looks like, for error messages and the documentation. */
export const TAX_ID_FORMATS: Readonly<Record<KnownTaxId, string>> = {
  ein: 'US Employer Identification Number: 9 digits written XX-XXXXXXX, e.g. "12-3456789" ("123456789" is accepted and stored with the hyphen)',
  eori: 'EORI: the issuing country\'s ISO code (or XI for Northern Ireland) followed by 1 to 15 digits, e.g. "DE1234567890123"; a GB EORI is GB followed by 9 or 12 digits, e.g. "GB123456789000"',
  iec: 'Indian Importer-Exporter Code: 10 upper-case letters and digits, e.g. "AAPFU0939F"',
  gstin:
    'Indian GSTIN: 15 characters, 2-digit state code, the 10-character PAN, entity number, "Z" and a check character, e.g. "27AAPFU0939F1ZV"',
  pan: 'Indian Permanent Account Number: 5 letters, 4 digits, 1 letter, e.g. "AAPFU0939F"',
};

export function isKnownTaxId(key: string): key is KnownTaxId {
  return (KNOWN_TAX_IDS as readonly string[]).includes(key);
}

/**
 * Trimmed; the known ids also upper-cased and without the spaces, dots and hyphens of printed forms
 * ("DE 1234 5678", "aapfu-0939-f"). An EIN keeps (or gets) its hyphen: "123456789" → "12-3456789".
 */
export function normalizeTaxId(key: string, value: string): string {
  const v = value.trim();
  if (!isKnownTaxId(key)) return v.replace(/\s+/g, " ");
  if (key === "ein") {
    const compact = v.replace(/\s+/g, "");
    return /^\d{9}$/.test(compact) ? `${compact.slice(0, 2)}-${compact.slice(2)}` : compact;
  }
  return v.replace(/[\s.-]+/g, "").toUpperCase();
}

const GSTIN_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The GSTIN check character of the first 14 characters (mod-36 scheme of the GST network). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const v = GSTIN_CHARS.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(v / 36) + (v % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36];
}

/** Why a normalised known id is wrong, or null when it is fine. */
export function taxIdProblem(key: KnownTaxId, value: string): string | null {
  const shown = JSON.stringify(value);
  const expected = `Expected the ${TAX_ID_FORMATS[key]}.`;
  switch (key) {
    case "ein":
      return /^\d{2}-\d{7}$/.test(value) ? null : `${shown} is not an EIN. ${expected}`;
    case "eori": {
      if (value.startsWith("GB")) return /^GB(\d{9}|\d{12})$/.test(value) ? null : `${shown} is not a GB EORI. ${expected}`;
      const m = /^([A-Z]{2})(\d{1,15})$/.exec(value);
      if (!m) return `${shown} is not an EORI. ${expected}`;
      if (m[1] !== "XI" && !isIsoCountry(m[1])) return `${shown} is not an EORI: "${m[1]}" is not a country code. ${expected}`;
      return null;
    }
    case "iec":
      return /^[A-Z0-9]{10}$/.test(value) ? null : `${shown} is not an IEC. ${expected}`;
    case "pan":
      return /^[A-Z]{5}\d{4}[A-Z]$/.test(value) ? null : `${shown} is not a PAN. ${expected}`;
    case "gstin": {
      if (!/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(value)) return `${shown} is not a GSTIN. ${expected}`;
      const check = gstinCheckCharacter(value.slice(0, 14));
      return value[14] === check
        ? null
        : `${shown} is not a valid GSTIN: its check character should be "${check}" (a digit is probably mistyped).`;
    }
  }
}

export interface TaxIdIssue {
  key: string;
  message: string;
}

/**
 * Checks a complete, normalised tax_ids object: every known id's format, and that a GSTIN contains the
 * PAN when both are given. Returns the problems (empty when all is well).
 */
export function checkTaxIds(taxIds: Readonly<Record<string, string>>): TaxIdIssue[] {
  const issues: TaxIdIssue[] = [];
  for (const [key, value] of Object.entries(taxIds)) {
    if (!isKnownTaxId(key)) continue;
    const problem = taxIdProblem(key, value);
    if (problem) issues.push({ key, message: problem });
  }
  const { gstin, pan } = taxIds;
  if (gstin && pan && issues.length === 0 && gstin.slice(2, 12) !== pan) {
    issues.push({
      key: "gstin",
      message: `GSTIN "${gstin}" contains the PAN "${gstin.slice(2, 12)}", not tax_ids.pan "${pan}"; one of them is wrong.`,
    });
  }
  return issues;
}
