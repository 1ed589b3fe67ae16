/** Helpers shared by the origin documents (EUR.1, statement on origin, certificate of origin, USMCA). Pure. */
import { countryName, normalizeCountry } from "../country-names.ts";
import { isEuMember } from "../../trade/countries.ts";
import type { Reader } from "./common.ts";

/** "European Union" for an EU member state, else the country's name; null when unknown. */
export function originZone(code: unknown): string | null {
  const c = normalizeCountry(code);
  if (c === null) return null;
  return isEuMember(c) ? "the European Union" : countryName(c);
}

/** "9403.60" from "9403601000" (6-digit HS subheading). */
export function hs6(value: unknown): string | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const digits = String(value).replace(/\D/g, "");
  if (digits.length < 6) return String(value).trim() || null;
  return `${digits.slice(0, 4)}.${digits.slice(4, 6)}`;
}

/** Invoice reference line for origin documents: "FV/2025/03/0117 of 2025-03-11". */
export function invoiceRef(r: Reader): string | null {
  const number = r.str("invoice_data.invoice_number");
  if (!number) return null;
  return `${number} of ${r.str("invoice_data.invoice_date") ?? r.issueDate()}`;
}
