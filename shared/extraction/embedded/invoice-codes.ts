/** Small code translations shared by the CII and UBL readers. */

/** UN/ECE Recommendation 20 unit codes that invoices use most, as the words a shipment prints. */
const UNITS: Record<string, string> = {
  C62: "pcs",
  H87: "pcs",
  EA: "pcs",
  XPP: "pcs",
  KGM: "kg",
  GRM: "g",
  TNE: "t",
  MTR: "m",
  MTK: "m2",
  MTQ: "m3",
  LTR: "l",
  HUR: "h",
  DAY: "day",
  MON: "month",
  KWH: "kWh",
  SET: "set",
  PR: "pair",
  // UN/ECE Rec. 21 package codes (with the "X" prefix Rec. 20 allows), as the e-invoice writer emits them.
  XCT: "ctn",
  XBX: "box",
  XBG: "bag",
  XPX: "pallet",
  XRO: "roll",
  XDR: "drum",
};

export function unitName(code: string | undefined): string | undefined {
  if (!code) return undefined;
  return UNITS[code.toUpperCase()] ?? code;
}

/** CII dates: format 102 is YYYYMMDD; an ISO date passes through. Returns YYYY-MM-DD. */
export function compactDate(value: string | undefined, format?: string): string | undefined {
  if (!value) return undefined;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (compact && (!format || format === "102")) return `${compact[1]}-${compact[2]}-${compact[3]}`;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return iso ? `${iso[1]}-${iso[2]}-${iso[3]}` : undefined;
}
