/** Small value clean-ups shared by the reference parsers. */
import { hsCodeDigits } from "../../trade/hs-code.ts";

/** The columns every hs_codes_* row has, as the WCO and India parsers produce them. */
export interface HsCodeRow {
  code: string;
  description: string;
  level: number;
  parent_code: string | null;
  chapter: string;
  heading: string | null;
  subheading: string | null;
}

/** Trims and collapses runs of whitespace (PDF-born descriptions carry stray line breaks). */
export function cleanText(value: string | null | undefined): string {
  return (value ?? "").replace(/\s+/g, " ").trim();
}

/** cleanText, with "" read as null. */
export function textOrNull(value: string | null | undefined): string | null {
  const v = cleanText(value);
  return v === "" ? null : v;
}

/** Digits only: "0101.21.00.10" and "0101 21 00" both give the bare code. */
export function digitsOnly(value: string | null | undefined): string {
  return (value ?? "").replace(/\D/g, "");
}

/**
 * A tariff file's code column as digits, read by the one HS code parser (shared/trade/hs-code.ts):
 * "0101.21.00.10", "2307 00" → digits; text that is not a code ("TOTAL", "") → "".
 */
export function tariffCodeDigits(value: string | null | undefined): string {
  return hsCodeDigits(value ?? "") ?? "";
}

/** Chapter / heading / subheading of a digits-only code; null where the code is shorter. */
export function hsParts(code: string | null): { chapter: string | null; heading: string | null; subheading: string | null } {
  return {
    chapter: code && code.length >= 2 ? code.slice(0, 2) : null,
    heading: code && code.length >= 4 ? code.slice(0, 4) : null,
    subheading: code && code.length >= 6 ? code.slice(0, 6) : null,
  };
}

/**
 * The longest proper prefix of `code` (even lengths, as HS levels go) found in `known`. A 5- or 7-digit
 * group code (India: "08023") has the even-length levels above it as ancestors ("0802").
 */
export function nearestAncestor(code: string, known: Set<string>): string | null {
  for (let len = code.length - 2 + (code.length % 2); len >= 2; len -= 2) {
    const prefix = code.slice(0, len);
    if (known.has(prefix)) return prefix;
  }
  return null;
}

/**
 * Number of significant digits of a zero-padded 10-digit tariff code, rounded up to an HS level:
 * 0100000000 → 2, 0101000000 → 4, 0101210000 → 6, 0101291000 → 8, otherwise 10.
 */
export function paddedCodeLevel(code: string): number {
  const significant = code.replace(/0+$/, "").length;
  return Math.min(code.length, Math.max(2, significant + (significant % 2)));
}
