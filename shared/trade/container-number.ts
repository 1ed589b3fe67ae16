/** ISO 6346 freight container numbers: owner code (3 letters + category letter), 6-digit serial, check digit. */

/** Letter values of ISO 6346: A = 10 … Z = 38, skipping multiples of 11. */
function letterValue(ch: string): number {
  if (/\d/.test(ch)) return Number(ch);
  let v = 10;
  for (let c = 65; c < ch.charCodeAt(0); c++) {
    v++;
    if (v % 11 === 0) v++;
  }
  return v;
}

/** The check digit of the first ten characters (owner code + serial), or null when they are malformed. */
export function containerCheckDigit(ownerAndSerial: string): number | null {
  if (!/^[A-Z]{4}\d{6}$/.test(ownerAndSerial)) return null;
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += letterValue(ownerAndSerial[i]) * 2 ** i;
  return (sum % 11) % 10;
}

/** A whole container number (11 characters) whose check digit is right. */
export function isValidContainerNumber(code: string): boolean {
  if (!/^[A-Z]{4}\d{7}$/.test(code)) return false;
  return containerCheckDigit(code.slice(0, 10)) === Number(code[10]);
}
