/**
 * The national currency of each EU member state, the currency VAT must also be stated in when an
 * invoice is in another one (VAT Directive art. 230). Members outside the euro area are listed; every
 * other member uses the euro (Bulgaria since 1 January 2026).
 */
import { isEuMember } from "../trade/countries.ts";

const OUTSIDE_EURO_AREA: Readonly<Record<string, string>> = {
  CZ: "CZK",
  DK: "DKK",
  HU: "HUF",
  PL: "PLN",
  RO: "RON",
  SE: "SEK",
};

export function nationalCurrency(country: string | undefined): string | undefined {
  if (!country || !isEuMember(country)) return undefined;
  return OUTSIDE_EURO_AREA[country] ?? "EUR";
}
