/**
 * An EN 16931 invoice as business terms (BT-n / BG-n of the semantic model), independent of syntax: the CII
 * and UBL writers serialise exactly this. Amounts are numbers already rounded as the standard requires
 * (BR-DEC: at most 2 decimals for every amount but the item net price).
 */

/** Specification identifier (BT-24) of the EN 16931 core profile; Factur-X EN 16931 uses the same. */
export const EN16931_PROFILE = "urn:cen.eu:en16931:2017";

/** VAT category codes (UNTDID 5305 subset) the mapping produces: standard, intra-EU supply, export, reverse charge. */
export type VatCategory = "S" | "K" | "G" | "AE";

export interface EInvoiceParty {
  /** BT-27 / BT-44 */
  name: string;
  /** BT-35 / BT-50 */
  addressLine?: string;
  /** BT-37 / BT-52 */
  city?: string;
  /** BT-38 / BT-53 */
  postcode?: string;
  /** BT-39 / BT-54 */
  subdivision?: string;
  /** BT-40 / BT-55 */
  country: string;
  /** BT-31 / BT-48, with the country prefix (BR-CO-9). */
  vatId?: string;
  /** BT-41..43 / BT-56..58 */
  contact?: { name?: string; phone?: string; email?: string };
}

export interface EInvoiceLine {
  /** BT-126 */
  id: string;
  /** BT-153 */
  name: string;
  /** BT-158 with scheme HS (UNTDID 7143) */
  hsCode?: string;
  /** BT-159 */
  originCountry?: string;
  /** BT-129 */
  quantity: number;
  /** BT-130, UN/ECE Recommendation 20 */
  unitCode: string;
  /** BT-146 (per one unit: no BT-149 base quantity) */
  netPrice: number;
  /** BT-131 = quantity × net price, rounded to 2 decimals */
  lineAmount: number;
  /** BT-151 / BT-152 */
  vatCategory: VatCategory;
  vatRate: number;
}

export interface EInvoiceVatBreakdown {
  /** BT-118 / BT-119 */
  category: VatCategory;
  rate: number;
  /** BT-116 */
  basis: number;
  /** BT-117 */
  tax: number;
  /** BT-120 / BT-121 */
  exemptionReason?: string;
  exemptionCode?: string;
}

export interface EInvoice {
  /** BT-3: 380 commercial invoice, 325 proforma invoice (UNTDID 1001). */
  typeCode: "380" | "325";
  /** BT-1 */
  number: string;
  /** BT-2, YYYY-MM-DD */
  issueDate: string;
  /** BT-5 */
  currency: string;
  /** BT-6, with BT-111 (the VAT total in that currency), when the VAT must also be stated in the seller's national currency. */
  taxCurrency?: { code: string; taxTotal: number };
  /** BT-10 */
  buyerReference?: string;
  seller: EInvoiceParty;
  buyer: EInvoiceParty;
  /** BT-72 actual delivery date and BT-80 deliver-to country. */
  delivery: { date?: string; country?: string };
  /** BT-20 */
  paymentTerms?: string;
  /** BT-9 */
  dueDate?: string;
  lines: EInvoiceLine[];
  vat: EInvoiceVatBreakdown[];
  totals: {
    /** BT-106 */
    lineTotal: number;
    /** BT-109 */
    taxBasisTotal: number;
    /** BT-110 */
    taxTotal: number;
    /** BT-112 */
    grandTotal: number;
    /** BT-115 */
    duePayable: number;
  };
}
