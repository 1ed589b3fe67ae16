/**
 * OCR reads a thermal print's 8 as "&" or "£" (the same two closed loops): a postcode group that starts
 * with one of them and goes on with four digits, before a place name ("£1100 JOHOR BAHRU",
 * "Tampoi,&1200 Johor Bahru"), gets its 8 back. Used on OCR text only: a text layer spells what the
 * issuer typed, and a price ("£1100 net") is not followed by a place name there.
 */
const EIGHT_LOOKALIKE = /(^|[\s,.])[£&](\d{4})(?=[\s,]+\p{L})/gu;

/** The text with an 8 read as "&" or "£" at the start of a postcode group given back; unchanged otherwise. */
export function repairPostcodeDigits(text: string): string {
  return text.replace(EIGHT_LOOKALIKE, "$18$2");
}
