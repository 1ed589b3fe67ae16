/**
 * HS codes: the one parser for every place that reads one (HS search, validation rules, reference
 * lookups, extraction, the tariff importers). The accepted forms are documented in docs/trade-codes.md.
 *
 * Accepted: digits, optionally grouped by dots, hyphens or whitespace ("847130", "8471.30",
 * "8471 30 01 00", "8471-30", "84713001-00"), starting with a digit; whitespace around the code is
 * ignored. Anything else (letters, "/", ",") is not an HS code. The canonical form is the digits alone.
 * How many digits a caller needs is its own decision (search: a 1–10 digit prefix; a shipment's
 * hs_code: 6–10 digits, see HS_CODE_DIGITS).
 */
import { z } from "zod";

/** A shipment line's HS code: the 6-digit HS subheading up to a 10-digit national code. */
export const HS_CODE_DIGITS = { min: 6, max: 10 } as const;

/** Digits with dots, hyphens or whitespace between or after them; the first character is a digit. */
const HS_CODE_FORM = /^\d[\d.\s-]*$/;

export interface ParsedHsCode {
  /** The code as given. */
  raw: string;
  /** The digits, when the text is in an accepted form; else undefined. */
  digits: string | undefined;
  /** True when `digits` exists and has 6 to 10 digits (HS_CODE_DIGITS). */
  wellFormed: boolean;
}

/** The digits of an HS code written in an accepted form, any number of them; null for any other text. */
export function hsCodeDigits(raw: string): string | null {
  if (typeof raw !== "string") return null;
  const text = raw.trim();
  return HS_CODE_FORM.test(text) ? text.replace(/\D/g, "") : null;
}

export function parseHsCode(raw: string): ParsedHsCode {
  const digits = hsCodeDigits(raw) ?? undefined;
  return { raw, digits, wellFormed: digits !== undefined && digits.length >= HS_CODE_DIGITS.min && digits.length <= HS_CODE_DIGITS.max };
}

/** The digits when the code has `min` to `max` of them (e.g. 2–10 for a table lookup); else null. */
export function hsCodeDigitsBetween(raw: string, min: number, max: number): string | null {
  const digits = hsCodeDigits(raw);
  return digits !== null && digits.length >= min && digits.length <= max ? digits : null;
}

/**
 * A code to look up in a table ("8471.30.01.00" → "8471300100"): its digits when there are 2 to 10 of them,
 * else null. The HS search, the lookups and the rules' reference facts all read codes through it.
 */
export function normaliseHsCode(code: string): string | null {
  return hsCodeDigitsBetween(code, 2, 10);
}

/** The HS chapter (first two digits) of a well-formed code. */
export function hsChapter(parsed: ParsedHsCode): string | undefined {
  return parsed.wellFormed ? parsed.digits!.slice(0, 2) : undefined;
}

/** A shipment line's HS code as a zod schema: accepts the documented forms, outputs the digits. */
export const HsCodeSchema = z
  .string()
  .refine((s) => parseHsCode(s).wellFormed, {
    message: `Expected an HS code of ${HS_CODE_DIGITS.min} to ${HS_CODE_DIGITS.max} digits, optionally grouped by dots, hyphens or spaces`,
  })
  .transform((s) => parseHsCode(s).digits!);
