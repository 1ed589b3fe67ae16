/**
 * Deterministic checks that adjust every extractor's confidences (the built-in one and the model):
 *
 *   confidence = base × format × consistency, clamped to [0, 1]
 *
 * - base: how the value was found — the model's token probability (exp of the mean log-probability
 *   of the value's tokens) or the built-in extractor's method score times the OCR word confidence.
 * - format: 1 when the value has the shape its field needs (ISO 3166 country, ISO 4217 currency, HS
 *   code of 6–10 digits, UN/LOCODE shape, Incoterms 2020, transport mode, EORI/EIN shapes, e-mail,
 *   phone, ISO 6346 container number with its check digit, positive numbers), FORMAT_FAIL otherwise.
 * - consistency: the sum of quantity × unit price against goods.total_value. A match moves the total
 *   and every quantity and price halfway to 1 (c' = 1 − (1 − c)/2); a mismatch multiplies the total by
 *   TOTAL_MISMATCH and the quantities and prices by ITEM_MISMATCH. Line gross weights against the
 *   total gross weight, and gross ≥ net per line, work the same way.
 */
import type { ExtractedValue, FlatExtraction } from "./extraction-result.ts";
import { clampConfidence } from "./extraction-result.ts";
import { isCountryCode } from "../trade/countries.ts";
import { isCurrencyCode } from "../trade/currencies.ts";
import { isIncoterm2020 } from "../trade/incoterms.ts";
import { isCanonicalLocode } from "../trade/locode.ts";
import { TRANSPORT_MODES } from "../trade/transport-modes.ts";
import { isValidContainerNumber } from "../trade/container-number.ts";
import { nameIsOnlyLegalForm, nameLooksMisread } from "./misread-name.ts";

export const FORMAT_FAIL = 0.5;
export const TOTAL_MISMATCH = 0.6;
export const ITEM_MISMATCH = 0.85;

const POSITIVE_NUMBERS = /(quantity|unit_price|total_value|net_weight_kg|gross_weight_kg|total_packages|total_gross_weight_kg)$/;

/** ISO 6346: owner code + serial + check digit (kept under this name for the extraction checks). */
export const containerCheckDigitOk = isValidContainerNumber;

/** Letters among the characters that are not spaces (0 for an empty text). */
function letterShare(s: string): number {
  const chars = s.replace(/\s/g, "");
  return chars.length === 0 ? 0 : (chars.match(/\p{L}/gu)?.length ?? 0) / chars.length;
}

/** true / false for fields with a format; null when the field has none (or, for names, when it passes). */
export function formatCheck(path: string, value: string | number): boolean | null {
  const s = String(value);
  if (/(^|\.)(country|origin_country|destination_country)$/.test(path)) return isCountryCode(s);
  if (path === "goods.currency") return isCurrencyCode(s);
  if (/\.hs_code$/.test(path)) return /^\d{6,10}$/.test(s);
  if (/route\.port_of_(loading|discharge)$/.test(path)) return isCanonicalLocode(s);
  if (path === "route.incoterms") return isIncoterm2020(s);
  if (path === "route.transport_mode") return (TRANSPORT_MODES as readonly string[]).includes(s);
  if (/tax_ids\.eori$/.test(path)) return /^[A-Z]{2}[0-9A-Z]{1,15}$/.test(s);
  if (/tax_ids\.ein$/.test(path)) return /^\d{2}-\d{7}$/.test(s);
  if (/contact_email$/.test(path)) return /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/.test(s);
  if (/contact_phone$/.test(path)) return /^\+?[\d\s()\-./]{6,}$/.test(s);
  if (/container_number$/.test(path)) return containerCheckDigitOk(s);
  if (POSITIVE_NUMBERS.test(path)) return typeof value === "number" && value > 0;
  // A party's name is written in letters ("20%" or "3/45" is a value from elsewhere on the page), in
  // word shapes that print has and OCR misreads do not, with a word of its own (misread-name.ts). Only the failure is recorded:
  // a legal form is the evidence a name passes with (read-seller.ts).
  if (/(exporter|importer|notify_party)\.name$/.test(path))
    return letterShare(s) >= 0.5 && !nameLooksMisread(s) && !nameIsOnlyLegalForm(s) && !AMOUNT_OR_DATE.test(s) ? null : false;
  return null;
}

/**
 * An amount with its currency or a written date: a name never carries one, a line that ran into the
 * totals or the date does ("Vivelabs Limited TOTAL AMOUNT DUE ON August 3, 2014 $4.11").
 */
const AMOUNT_OR_DATE =
  /[$€£¥₹]\s?\d|\d[\d.,]*\s?[$€£¥₹]|\b(?:USD|EUR|GBP|MYR|RM|INR|CNY)\s?\d[\d,]*\.\d{2}\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+(?:19|20)\d{2}\b|\b\d{1,2}[./-]\d{1,2}[./-](?:19|20)?\d{2}\b/i;

function closeEnough(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(0.011, Math.abs(b) * 0.001);
}

/**
 * Records a check's outcome in the value's evidence (the calibration reads it). An extractor's own finding
 * stays, except that a failed format check overrides a pass: the extractor's pass speaks for a part (a
 * name's legal form), the failure for the whole value ("‘OPAC MARKETING SDN BHD").
 */
function note(v: ExtractedValue | undefined, key: "format" | "arithmetic", ok: boolean): void {
  if (!v) return;
  const e = v.evidence ?? { source: "unknown" };
  if (e[key] === undefined || (key === "arithmetic" && ok) || (key === "format" && !ok)) v.evidence = { ...e, [key]: ok };
}

const raise = (v: ExtractedValue | undefined) => {
  if (v) v.confidence = 1 - (1 - v.confidence) / 2;
  note(v, "arithmetic", true);
};
const lower = (v: ExtractedValue | undefined, factor: number) => {
  if (v) v.confidence *= factor;
  note(v, "arithmetic", false);
};

/** Applies the format and consistency checks; returns a new map (the input is not changed). */
export function applyChecks(input: FlatExtraction): FlatExtraction {
  const out: FlatExtraction = new Map([...input].map(([k, v]) => [k, { ...v }]));
  for (const [path, v] of out) {
    const ok = formatCheck(path, v.value);
    if (ok === false) v.confidence *= FORMAT_FAIL;
    if (ok !== null) note(v, "format", ok);
  }
  const items = new Map<number, Record<string, ExtractedValue>>();
  for (const [path, v] of out) {
    const m = /^goods\.line_items\[(\d+)\]\.(\w+)$/.exec(path);
    if (m) items.set(Number(m[1]), { ...(items.get(Number(m[1])) ?? {}), [m[2]]: v });
  }
  const list = [...items.values()];
  const total = out.get("goods.total_value");
  if (
    total &&
    typeof total.value === "number" &&
    list.length > 0 &&
    list.every((i) => typeof i.quantity?.value === "number" && typeof i.unit_price?.value === "number")
  ) {
    const sum = list.reduce((s, i) => s + (i.quantity.value as number) * (i.unit_price.value as number), 0);
    if (closeEnough(sum, total.value)) {
      raise(total);
      for (const i of list) {
        raise(i.quantity);
        raise(i.unit_price);
      }
    } else {
      lower(total, TOTAL_MISMATCH);
      for (const i of list) {
        lower(i.quantity, ITEM_MISMATCH);
        lower(i.unit_price, ITEM_MISMATCH);
      }
    }
    for (const i of list) note(i.description, "arithmetic", closeEnough(sum, total.value));
  } else if (total && typeof total.value === "number") {
    // Some rows without a quantity or a price: the priced rows' sum is evidence only (no confidence
    // moves): equal to the total, it speaks for them; otherwise every row is in doubt — a note or a
    // price line read as an item, or an item missed.
    const priced = list.filter((i) => typeof i.quantity?.value === "number" && typeof i.unit_price?.value === "number");
    const sum = priced.reduce((s, i) => s + (i.quantity.value as number) * (i.unit_price.value as number), 0);
    const ok = priced.length > 0 && closeEnough(sum, total.value);
    if (priced.length > 0)
      for (const i of ok ? priced : list) for (const v of [i.description, i.quantity, i.unit_price]) note(v, "arithmetic", ok);
  }
  const gross = out.get("packaging.total_gross_weight_kg");
  if (gross && typeof gross.value === "number" && list.length > 0 && list.every((i) => typeof i.gross_weight_kg?.value === "number")) {
    const sum = list.reduce((s, i) => s + (i.gross_weight_kg.value as number), 0);
    if (closeEnough(sum, gross.value)) {
      raise(gross);
      for (const i of list) raise(i.gross_weight_kg);
    } else lower(gross, ITEM_MISMATCH);
  }
  for (const i of list) {
    if (
      typeof i.gross_weight_kg?.value === "number" &&
      typeof i.net_weight_kg?.value === "number" &&
      i.gross_weight_kg.value < i.net_weight_kg.value
    ) {
      lower(i.gross_weight_kg, ITEM_MISMATCH);
      lower(i.net_weight_kg, ITEM_MISMATCH);
    }
  }
  for (const v of out.values()) v.confidence = clampConfidence(v.confidence);
  return out;
}
