/**
 * Small, slow-changing code lists the rules need as code (not reference tables): EU membership, the
 * Incoterms sets, transport modes, document type keys and ISO 4217 minor units.
 */

/** The 27 EU member states (ISO 3166-1 alpha-2; Greece is GR, not the EU's internal EL). */
export const EU_MEMBER_STATES = [
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
] as const;

const EU_SET: ReadonlySet<string> = new Set(EU_MEMBER_STATES);
export function isEuMember(country: string | undefined): boolean {
  return country !== undefined && EU_SET.has(country);
}

export const TRANSPORT_MODES = ["sea", "air", "road", "rail", "multimodal"] as const;

export const INCOTERMS_2020 = ["EXW", "FCA", "CPT", "CIP", "DAP", "DPU", "DDP", "FAS", "FOB", "CFR", "CIF"] as const;

/** Incoterms 2020 for sea and inland waterway transport only (the mode enum has no inland waterway: sea only). */
export const INCOTERMS_SEA_ONLY = ["FAS", "FOB", "CFR", "CIF"] as const;

/** Incoterms 2010 (and older) terms that 2020 removed, with the 2020 term that replaces each. */
export const INCOTERMS_2010_REPLACED: Readonly<Record<string, string>> = {
  DAT: "DPU",
  DAF: "DAP",
  DES: "DAP",
  DEQ: "DPU",
  DDU: "DAP",
};

/** The 16 document type keys: one list, kept with the documents. */
export { DOCUMENT_TYPES, isDocumentType, type DocumentType } from "../documents/document-types.ts";

/** USMCA parties: United States, Mexico, Canada. */
export const USMCA_COUNTRIES = ["US", "MX", "CA"] as const;

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

/**
 * HS chapters of plant products for the phytosanitary rule: 06 live plants, 07 vegetables, 08 fruit and nuts,
 * 09 coffee/tea/spices, 10 cereals, 11 milling products, 12 oil seeds and plants, 13 lac/gums/resins,
 * 14 vegetable plaiting materials.
 */
export const PLANT_PRODUCT_CHAPTERS = ["06", "07", "08", "09", "10", "11", "12", "13", "14"] as const;

/** Hazard classes / divisions that have no packing group under the UN Model Regulations. */
export const HAZARD_CLASSES_WITHOUT_PACKING_GROUP = ["1", "2", "7", "5.2", "6.2"] as const;
