/**
 * Currencies: ISO 4217 codes in use and their minor units. The currencies reference table is imported
 * from the same ISO file (`tests/unit/trade/vocabulary.test.ts` compares them).
 */

/**
 * Current ISO 4217 currencies (funds codes, precious metals and SDR left out) plus recently withdrawn
 * codes still seen on documents written before the change (ANG, BGN, CUC, SLL).
 */
export const CURRENCY_CODES: ReadonlySet<string> = new Set(
  (
    "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CLP " +
    "CNY COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF " +
    "IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK " +
    "MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR " +
    "SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS " +
    "VED VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG"
  ).split(" "),
);

export function isCurrencyCode(code: string): boolean {
  return CURRENCY_CODES.has(code);
}

/**
 * ISO 4217 minor units (exponent) that differ from 2. The currencies reference table only says which
 * codes are current, so the exponents live here; any other code is treated as 2 decimals.
 */
const MINOR_UNITS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

export function currencyMinorUnits(currency: string | undefined): number {
  return currency !== undefined && Object.hasOwn(MINOR_UNITS, currency) ? MINOR_UNITS[currency] : 2;
}
