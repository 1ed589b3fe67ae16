/**
 * Countries: the ISO 3166-1 alpha-2 codes and the groups the rules and document pre-checks use. The one
 * list in the code base; `tests/unit/trade/vocabulary.test.ts` compares it with the ISO file of the
 * reference data (which the countries table is imported from) so the two cannot drift.
 */
import { z } from "zod";

const CODES =
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
  "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW";

/** The 249 officially assigned ISO 3166-1 alpha-2 codes. */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(CODES.split(" "));

export function isCountryCode(code: string): boolean {
  return COUNTRY_CODES.has(code);
}

export const CountryCodeSchema = z.string().refine(isCountryCode, { message: "an ISO 3166-1 alpha-2 country code" });

/** Codes people write that are not ISO, with the one they mean (UK, the EU's EL for Greece, XI). */
export const COUNTRY_HINTS: Readonly<Record<string, string>> = { UK: "GB", EL: "GR", XI: "GB" };

/** The 27 EU member states (Greece is GR, not the EU's internal EL). */
export const EU_MEMBER_STATES: ReadonlySet<string> = new Set(
  "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE".split(" "),
);

export function isEuMember(code: string | null | undefined): boolean {
  return code != null && EU_MEMBER_STATES.has(code);
}

/** Non-EU destinations accepted for EUR.1 and the statement on origin (spec: pre-checks). */
export const EUR1_PARTNER_COUNTRIES: ReadonlySet<string> = new Set(["CH", "NO", "IS", "LI", "TR"]);

/** USMCA parties: United States, Mexico, Canada. */
export const USMCA_COUNTRIES: ReadonlySet<string> = new Set(["US", "MX", "CA"]);

export function isUsmcaCountry(code: string | null | undefined): boolean {
  return code != null && USMCA_COUNTRIES.has(code);
}
