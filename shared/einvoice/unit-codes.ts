/**
 * The shipment's unit words → UN/ECE Recommendation 20 codes (and Rec. 21 package codes with the "X"
 * prefix), which BT-130 must hold (BR-CL-23). The inverse of the extractor's unitName for the words it
 * prints, so a generated invoice reads back with the same unit. A three-character Rec. 20 code written
 * as the unit (e.g. "KGM", "H87") is taken as it is.
 */
const CODES: Readonly<Record<string, string>> = {
  pcs: "C62",
  pc: "C62",
  piece: "C62",
  pieces: "C62",
  unit: "C62",
  units: "C62",
  ea: "C62",
  each: "C62",
  kg: "KGM",
  kgs: "KGM",
  g: "GRM",
  t: "TNE",
  m: "MTR",
  m2: "MTK",
  m3: "MTQ",
  l: "LTR",
  h: "HUR",
  day: "DAY",
  days: "DAY",
  month: "MON",
  kwh: "KWH",
  set: "SET",
  sets: "SET",
  pair: "PR",
  pairs: "PR",
  box: "XBX",
  boxes: "XBX",
  carton: "XCT",
  ctn: "XCT",
  ctns: "XCT",
  cartons: "XCT",
  bag: "XBG",
  bags: "XBG",
  pallet: "XPX",
  pallets: "XPX",
  roll: "XRO",
  rolls: "XRO",
  drum: "XDR",
  drums: "XDR",
};

/** Codes the words above map to, and other common Rec. 20 codes accepted when written directly. */
const KNOWN_CODES: ReadonlySet<string> = new Set([
  ...Object.values(CODES),
  "H87",
  "XPP",
  "LTR",
  "MTR",
  "KGM",
  "GRM",
  "TNE",
  "MLT",
  "CMT",
  "MMT",
  "DZN",
  "HUR",
  "MIN",
]);

export function unitCodeOf(unit: string | undefined): string | undefined {
  if (!unit) return undefined;
  const word = unit.trim();
  return CODES[word.toLowerCase()] ?? (KNOWN_CODES.has(word.toUpperCase()) ? word.toUpperCase() : undefined);
}
