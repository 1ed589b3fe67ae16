/**
 * Value conditions of tariff lines and the seller's price (issue 41). The US schedule parts sibling
 * lines by value per unit ("Valued not over $40 per piece", "Valued over $3 but not over $6.50/pair",
 * "Valued not over 8 cents per piece", "Valued over $18 per dozen"); the seller knows the price, so a
 * unit price in US dollars decides them. Conditions per kilogram or litre need a weight or volume the
 * attributes rarely hold, and are not read. Pure.
 */
import { memoizeText } from "../../text/memoize.ts";

export interface ValueCondition {
  /** US dollars per unit (a piece, a pair, each), the bounds' amounts divided by the dozen or gross. */
  min?: { amount: number; inclusive: boolean };
  max?: { amount: number; inclusive: boolean };
}

const AMOUNT = String.raw`(\$\s?[0-9][0-9,]*(?:\.[0-9]+)?|[0-9]+(?:\.[0-9]+)?\s?(?:¢|cents?))`;
/** The units a unit price covers; a dozen is 12 of them, a gross 144. */
const UNIT = String.raw`\s*(?:/|per\s+|)\s*(each|piece|pieces|pair|pairs|doz\.?|dozen(?:\s+(?:pieces|pairs))?|gross)\b`;
const PATTERNS: Array<{ re: RegExp; read: (a: number, b: number) => ValueCondition }> = [
  {
    re: new RegExp(`valued\\s+over\\s+${AMOUNT}\\s+but\\s+not\\s+over\\s+${AMOUNT}${UNIT}`, "i"),
    read: (a, b) => ({ min: { amount: a, inclusive: false }, max: { amount: b, inclusive: true } }),
  },
  {
    re: new RegExp(`valued\\s+${AMOUNT}\\s+or\\s+more\\s+but\\s+(?:less|under)\\s+than\\s+${AMOUNT}${UNIT}`, "i"),
    read: (a, b) => ({ min: { amount: a, inclusive: true }, max: { amount: b, inclusive: false } }),
  },
  { re: new RegExp(`valued\\s+not\\s+over\\s+${AMOUNT}${UNIT}`, "i"), read: (a) => ({ max: { amount: a, inclusive: true } }) },
  { re: new RegExp(`valued\\s+(?:under|less\\s+than)\\s+${AMOUNT}${UNIT}`, "i"), read: (a) => ({ max: { amount: a, inclusive: false } }) },
  { re: new RegExp(`valued\\s+${AMOUNT}\\s+or\\s+(?:more|over)${UNIT}`, "i"), read: (a) => ({ min: { amount: a, inclusive: true } }) },
  { re: new RegExp(`valued\\s+over\\s+${AMOUNT}${UNIT}`, "i"), read: (a) => ({ min: { amount: a, inclusive: false } }) },
];

function dollars(text: string): number {
  const t = text.replace(/[\s,$]/g, "");
  return /¢|cent/.test(t) ? Number.parseFloat(t) / 100 : Number.parseFloat(t);
}

const perUnit = (unit: string) => (/^doz/i.test(unit) ? 12 : /^gross/i.test(unit) ? 144 : 1);

/** The value condition a line's text sets per unit, or null (none, or per kilogram or litre). Remembered per text. */
export const readValueCondition: (text: string) => ValueCondition | null = memoizeText((text: string) => {
  for (const { re, read } of PATTERNS) {
    const m = re.exec(text);
    if (!m) continue;
    const unit = m[m.length - 1];
    const amounts = m.slice(1, -1).map((a) => dollars(a) / perUnit(unit));
    return read(amounts[0], amounts[1] ?? Number.NaN);
  }
  return null;
});

/** Whether a unit price (US dollars) meets the condition. */
export function meetsValueCondition(condition: ValueCondition, unitPrice: number): boolean {
  const { min, max } = condition;
  if (min && (min.inclusive ? unitPrice < min.amount : unitPrice <= min.amount)) return false;
  if (max && (max.inclusive ? unitPrice > max.amount : unitPrice >= max.amount)) return false;
  return true;
}

/** Keys a unit price may come under, and keys saying how many units the price covers. */
const PRICE_KEYS = ["unit_price", "price", "price_per_unit", "value"];
const CURRENCY_KEYS = ["currency", "currency_code", "price_currency"];
const UNITS_KEYS = ["each_pack", "pieces_per_pack", "units_per_pack", "pack_quantity", "pieces"];

/**
 * The seller's unit price in US dollars, from the attributes: "4.20", "$4.20", "4.20 USD", "USD 4.20"
 * (with `currency` "USD" or a "$"), divided by the units a pack holds when a pack count is given. null
 * when no price is given or it is in another currency (no exchange rate is assumed).
 */
export function unitPriceUsd(attributes: Readonly<Record<string, string>>): number | null {
  const key = PRICE_KEYS.find((k) => attributes[k] !== undefined && attributes[k].trim() !== "");
  if (!key) return null;
  const raw = attributes[key].trim();
  const m = /^(?:(USD|US\$|\$)\s?)?([0-9]+(?:\.[0-9]+)?)\s*(USD|[A-Z]{3})?$/i.exec(raw.replace(/,/g, ""));
  if (!m) return null;
  const currency = (m[3] ?? CURRENCY_KEYS.map((k) => attributes[k]).find((v) => v && v.trim() !== "") ?? (m[1] ? "USD" : ""))
    .trim()
    .toUpperCase();
  if (currency !== "USD" && currency !== "US$") return null;
  const amount = Number(m[2]);
  const unitsKey = UNITS_KEYS.find((k) => /^[0-9]+$/.test(attributes[k]?.trim() ?? ""));
  const units = unitsKey ? Number(attributes[unitsKey].trim()) : 1;
  return amount > 0 && units > 0 ? amount / units : null;
}
