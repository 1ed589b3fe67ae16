/**
 * Code lists only the rules use. The trade vocabulary (countries and their groups, currencies, Incoterms,
 * transport modes, document types) is in shared/trade.
 */

/** HS chapters of plant products (a phytosanitary certificate is expected). */
export const PLANT_PRODUCT_CHAPTERS = ["06", "07", "08", "09", "10", "11", "12", "13", "14"] as const;

/** Hazard classes / divisions that have no packing group under the UN Model Regulations. */
export const HAZARD_CLASSES_WITHOUT_PACKING_GROUP = ["1", "2", "7", "5.2", "6.2"] as const;
