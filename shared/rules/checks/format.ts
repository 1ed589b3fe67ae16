import type { Finding, FindingCheck } from "../rule-types.ts";
import { isEmail, isPhone } from "../../text/contact-formats.ts";
import { at, countryCode, isBlank, PARTY_KEYS, PARTY_LABEL, prop, walkMembers } from "../../shipments/shipment-access.ts";
import { fieldText, found, notLoaded } from "./helpers.ts";

/** Country fields: any member named `country`, ending in `_country` or starting with `country_of_`, at any depth. */
export function isCountryKey(key: string): boolean {
  return key === "country" || key.endsWith("_country") || key.startsWith("country_of_");
}

/** Currency fields: any member named `currency` or ending in `_currency`, at any depth. */
export function isCurrencyKey(key: string): boolean {
  return key === "currency" || key.endsWith("_currency");
}

/** Date fields: any member named `date` or ending in `_date`, at any depth (e.g. veterinary_data.inspection_date). */
export function isDateKey(key: string): boolean {
  return key === "date" || key.endsWith("_date");
}

/** Without the countries table, well-formed codes are not looked up: one warning says so (the whole document). */
export const isoCountry: FindingCheck = (shipment, { facts }) => {
  const out: Finding[] = [];
  const unchecked: string[] = [];
  walkMembers(shipment, (key, value, pathOf) => {
    if (!isCountryKey(key) || isBlank(value)) return;
    const path = pathOf();
    if (typeof value === "string" && /^[A-Z]{2}$/.test(value)) {
      if (!facts.loaded.countries) {
        if (!unchecked.includes(value)) unchecked.push(value);
        return;
      }
      if (facts.countries.has(value)) return;
      out.push({
        path,
        message:
          `${fieldText(path)} is "${value}", which is not an ISO 3166-1 country code${value === "UK" ? ' (the United Kingdom is "GB")' : ""}. ` +
          `Expected an existing two-letter code, e.g. "DE". Correct the country code.`,
        context: { country: value },
      });
      return;
    }
    const upper = typeof value === "string" ? value.trim().toUpperCase() : "";
    const hint = /^[A-Z]{2}$/.test(upper)
      ? ` Write it as "${upper === "UK" ? "GB" : upper}".`
      : " Use the ISO 3166-1 alpha-2 code, not the country name.";
    out.push({
      path,
      message: `${fieldText(path)} ${found(value)}. Expected two uppercase letters (ISO 3166-1 alpha-2), e.g. "DE".${hint}`,
    });
  });
  if (unchecked.length > 0) out.push(notLoaded([], "countries", `the country codes ${unchecked.join(", ")}`, facts));
  return out;
};

export const isoCurrency: FindingCheck = (shipment) => {
  const out: Finding[] = [];
  walkMembers(shipment, (key, value, pathOf) => {
    if (!isCurrencyKey(key) || isBlank(value)) return;
    if (typeof value === "string" && /^[A-Z]{3}$/.test(value)) return;
    const path = pathOf();
    const upper = typeof value === "string" ? value.trim().toUpperCase() : "";
    const hint = /^[A-Z]{3}$/.test(upper) ? ` Write it as "${upper}".` : " Use the ISO 4217 code, not the currency name or symbol.";
    out.push({
      path,
      message: `${fieldText(path)} ${found(value)}. Expected three uppercase letters (ISO 4217), e.g. "EUR".${hint}`,
    });
  });
  return out;
};

function partyContactCheck(keys: readonly string[], valid: (value: string) => boolean, expected: string): FindingCheck {
  return (shipment) => {
    const out: Finding[] = [];
    for (const party of PARTY_KEYS) {
      for (const key of keys) {
        const value = at(shipment, party, key);
        if (isBlank(value)) continue;
        if (typeof value === "string" && valid(value.trim())) continue;
        out.push({
          path: [party, key],
          message: `${PARTY_LABEL[party]} ${key.replace(/_/g, " ")} ${found(value)}. Expected ${expected}. Correct ${party}.${key}.`,
        });
      }
    }
    return out;
  };
}

export const emailFormat = partyContactCheck(["contact_email", "email"], isEmail, 'a valid e-mail address such as "export@example.com"');
export const phoneFormat = partyContactCheck(
  ["contact_phone", "phone", "mobile", "fax"],
  isPhone,
  'a phone number of digits, spaces, +, -, ( and ) only, e.g. "+49 40 123456-0"',
);

function daysInMonth(year: number, month: number): number {
  return [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

/**
 * ISO 8601 extended calendar date "YYYY-MM-DD", optionally with time "THH:MM", "THH:MM:SS" or
 * "THH:MM:SS.fff" and optional zone "Z" or "±HH:MM". The date must exist (no 2026-02-30).
 */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))?)?$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || (m[6] !== undefined && Number(m[6]) > 59))) return false;
  if (m[8] !== undefined && (Number(m[8]) > 23 || Number(m[9]) > 59)) return false;
  return true;
}

export const dateIso8601: FindingCheck = (shipment) => {
  const out: Finding[] = [];
  walkMembers(shipment, (key, value, pathOf) => {
    if (!isDateKey(key) || isBlank(value)) return;
    if (typeof value === "string" && isIsoDate(value)) return;
    const path = pathOf();
    out.push({
      path,
      message:
        `${fieldText(path)} ${found(value)}. Expected an ISO 8601 date "YYYY-MM-DD" (optionally with time, e.g. "2026-11-20T14:30:00Z") ` +
        `that exists in the calendar. Rewrite the date in that format.`,
    });
  });
  return out;
};

export const postalCodeUs: FindingCheck = (shipment) =>
  PARTY_KEYS.flatMap((party): Finding[] => {
    if (countryCode(at(shipment, party, "country")) !== "US") return [];
    const value = prop(prop(shipment, party), "postal_code");
    if (isBlank(value)) return [];
    if (typeof value === "string" && /^\d{5}(-?\d{4})?$/.test(value.trim())) return [];
    return [
      {
        path: [party, "postal_code"],
        message:
          `${PARTY_LABEL[party]} ZIP code ${found(value)}. Expected a US ZIP code of 5 or 9 digits as text, e.g. "10001" or "10001-1234". ` +
          `Correct ${party}.postal_code.`,
      },
    ];
  });
