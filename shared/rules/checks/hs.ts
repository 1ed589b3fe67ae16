import type { Finding, FindingCheck, RuleContext } from "../rule-types.ts";
import type { HsSchedule } from "../reference-facts.ts";
import { HS_SCHEDULE_TABLES } from "../../runtime/config/reference-sources.ts";
import { destination, lineItems, prop, str } from "../../shipments/shipment-access.ts";
import { parseHsCode, type ParsedHsCode } from "../../trade/hs-code.ts";
import { isEuMember } from "../../trade/countries.ts";
import { found, notLoaded } from "./helpers.ts";

/** Line items with a string hs_code, parsed. */
function codedItems(shipment: unknown): Array<{ index: number; code: ParsedHsCode }> {
  const out: Array<{ index: number; code: ParsedHsCode }> = [];
  for (const { item, index } of lineItems(shipment)) {
    const raw = str(prop(item, "hs_code"));
    if (raw !== undefined) out.push({ index, code: parseHsCode(raw) });
  }
  return out;
}

/**
 * 6 to 10 digits. Dots, hyphens and whitespace are accepted as layout ("8471.30.01.00", "8471-30"; the
 * forms of docs/trade-codes.md, shared/trade/hs-code.ts); any other character, a
 * wrong digit count or a missing code is reported. Only well-formed codes are looked up by other rules.
 */
export const hsCodeFormat: FindingCheck = (shipment) =>
  lineItems(shipment).flatMap(({ item, index }): Finding[] => {
    const value = prop(item, "hs_code");
    const at = ["goods", "line_items", index, "hs_code"];
    const raw = str(value);
    if (raw === undefined) {
      return [
        {
          path: at,
          message:
            `Line item ${index + 1} HS code ${found(value)}. Expected a 6 to 10 digit HS code as text, e.g. "8471300000". ` +
            `Classify the goods and enter the code of the destination's tariff.`,
        },
      ];
    }
    const code = parseHsCode(raw);
    if (code.digits === undefined) {
      return [
        {
          path: at,
          message:
            `Line item ${index + 1} HS code "${raw}" is not written as an HS code. ` +
            `Expected 6 to 10 digits, optionally grouped by dots, hyphens or spaces (e.g. "8471.30.01.00"). Remove letters and other symbols.`,
          context: { hs_code: raw },
        },
      ];
    }
    if (!code.wellFormed) {
      return [
        {
          path: at,
          message:
            `Line item ${index + 1} HS code "${raw}" has ${code.digits.length} digits. Expected 6 to 10 digits. ` +
            `Enter at least the 6-digit HS subheading, extended with national digits where the destination requires them.`,
          context: { hs_code: raw, digits: code.digits.length },
        },
      ];
    }
    return [];
  });

export type DestinationTest = (country: string | undefined) => boolean;
export const toUS: DestinationTest = (c) => c === "US";
export const toEU: DestinationTest = (c) => isEuMember(c);
export const toUK: DestinationTest = (c) => c === "GB";
export const toIN: DestinationTest = (c) => c === "IN";

/** Destination requires codes of exactly `length` digits (well-formed codes only; format errors are reported elsewhere). */
export function hsLengthCheck(applies: DestinationTest, length: number, tariff: string, fix: string): FindingCheck {
  return (shipment) => {
    const dest = destination(shipment);
    if (!applies(dest)) return [];
    return codedItems(shipment).flatMap(({ index, code }): Finding[] => {
      if (!code.wellFormed || code.digits!.length === length) return [];
      return [
        {
          path: ["goods", "line_items", index, "hs_code"],
          message:
            `Line item ${index + 1} HS code "${code.raw}" has ${code.digits!.length} digits. Expected a ${length}-digit ${tariff} code ` +
            `for destination ${dest}. ${fix}`,
          context: { hs_code: code.digits, digits: code.digits!.length, required_digits: length, destination_country: dest },
        },
      ];
    });
  };
}

// How the messages name a schedule; a Record over HsSchedule (the descriptors' group "hs"), so tsc fails until a new one is named.
const SCHEDULE_NAME: Record<HsSchedule, string> = {
  us: "US Harmonized Tariff Schedule",
  eu: "EU Combined Nomenclature/TARIC",
  uk: "UK Trade Tariff",
  in: "Indian Customs Tariff (ITC-HS)",
  wco: "WCO Harmonized System",
};

/** The key under which a parsed code is looked up in a schedule (EU: first euCodeLength digits). */
export function lookupKey(schedule: HsSchedule, digits: string, ctx: Pick<RuleContext, "facts">): string {
  if (schedule === "eu" && ctx.facts.euCodeLength === 8) return digits.slice(0, 8);
  return digits;
}

/**
 * Destination's table contains the code. Only well-formed codes of the destination's required length
 * (US 10, EU 10, IN 8, UK any) are looked up — other lengths are the length rules' findings. An EU table
 * of 8-digit CN codes (facts.euCodeLength 8) is checked against the first 8 digits. An empty table gives
 * one warning naming the table (the codes were not checked), never a pass.
 */
export function hsLookupCheck(schedule: HsSchedule, applies: DestinationTest, requiredLength: number | undefined): FindingCheck {
  return (shipment, ctx) => {
    const dest = destination(shipment);
    if (!applies(dest)) return [];
    const items = codedItems(shipment).filter(
      ({ code }) => code.wellFormed && (requiredLength === undefined || code.digits!.length === requiredLength),
    );
    if (items.length === 0) return [];
    if (!ctx.facts.loaded[schedule]) {
      return [
        notLoaded(["goods", "line_items"], HS_SCHEDULE_TABLES[schedule], `the HS codes against the ${SCHEDULE_NAME[schedule]}`, ctx.facts),
      ];
    }
    const known = ctx.facts.hsCodes[schedule];
    return items.flatMap(({ index, code }): Finding[] => {
      const key = lookupKey(schedule, code.digits!, ctx);
      if (known.has(key)) return [];
      const partial = key !== code.digits ? ` (its first ${key.length} digits ${key})` : "";
      return [
        {
          path: ["goods", "line_items", index, "hs_code"],
          message:
            `Line item ${index + 1} HS code "${code.raw}"${partial} is not in the ${SCHEDULE_NAME[schedule]} used for destination ${dest}. ` +
            `Expected a code that exists in that tariff. Look the goods up with GET /api/v1/hs-codes/search?country=${dest} and use a listed code.`,
          context: { hs_code: code.digits, looked_up: key, schedule, table: HS_SCHEDULE_TABLES[schedule], destination_country: dest },
        },
      ];
    });
  };
}
