/**
 * HS code input handling. Senders write codes as "847130", "8471.30.01.00" or "8471 30 01 00": dots and
 * whitespace are layout and are removed for lookups. Anything else (letters, hyphens, slashes) makes the
 * code malformed, which rule_hs_code_format reports; such codes are not looked up.
 */

export interface ParsedHsCode {
  /** The code as given. */
  raw: string;
  /** Digits only, when the code has only digits, dots and whitespace; else undefined. */
  digits: string | undefined;
  /** True when `digits` exists and has 6 to 10 digits. */
  wellFormed: boolean;
}

export function parseHsCode(raw: string): ParsedHsCode {
  const stripped = raw.replace(/[.\s]/g, "");
  const digits = /^\d+$/.test(stripped) ? stripped : undefined;
  return { raw, digits, wellFormed: digits !== undefined && digits.length >= 6 && digits.length <= 10 };
}

/** The HS chapter (first two digits) of a well-formed code. */
export function hsChapter(parsed: ParsedHsCode): string | undefined {
  return parsed.wellFormed ? parsed.digits!.slice(0, 2) : undefined;
}
