/**
 * The shapes of contact details, written once for whoever checks them: the party schemas refuse a
 * malformed e-mail or phone number, and the validation rules report one as a finding.
 */

/** local@domain.tld: no whitespace, one @, a dot in the domain, no empty labels, at most 254 characters. */
export function isEmail(value: string): boolean {
  if (value.length > 254) return false;
  const match = /^([^\s@]+)@([^\s@]+)$/.exec(value);
  if (!match || match[1].length > 64) return false;
  const labels = match[2].split(".");
  return (
    labels.length >= 2 && labels.every((l) => l.length > 0 && /^[A-Za-z0-9\u0080-\uffff-]+$/.test(l)) && !/^\.|\.$|\.\./.test(match[1])
  );
}

/** Only digits, spaces, +, -, ( and ), with at least one digit. */
export function isPhone(value: string): boolean {
  return /^[0-9 +\-()]+$/.test(value) && /\d/.test(value);
}
