/**
 * Shipment → EN 16931 business terms (docs/einvoice.md has the table). Pure: the same shipment and issue
 * date give the same invoice, so the PDF's factur-x.xml, the XML routes and the dashboard all agree.
 *
 * An e-invoice is issued only for a seller (exporter) in the EU, where EN 16931 applies. The VAT category
 * follows from the countries: seller and buyer in the same member state → S (standard rate, the rate from
 * invoice_data.vat_rate or a line's vat_rate); buyer in another member state → K (intra-Community supply,
 * VATEX-EU-IC); goods leaving the EU → G (export, VATEX-EU-G). invoice_data.vat_category overrides it
 * (S, K, G or AE, reverse charge). What the invoice cannot be issued without comes back as missing terms,
 * each naming its BT and the shipment field that supplies it.
 */
import { isEuMember } from "../trade/countries.ts";
import { at, countryCode, isRecord, lineItems, num, prop, str } from "../shipments/shipment-access.ts";
import type { EInvoice, EInvoiceLine, EInvoiceParty, EInvoiceVatBreakdown, VatCategory } from "./einvoice-model.ts";
import { nationalCurrency } from "./national-currency.ts";
import { unitCodeOf } from "./unit-codes.ts";

export type InvoiceKind = "commercial" | "proforma";

export interface MissingTerm {
  /** e.g. "BT-31" */
  bt: string;
  /** The business term's name in EN 16931, e.g. "Seller VAT identifier". */
  term: string;
  /** The shipment field that supplies it. */
  path: (string | number)[];
  /** Why it is needed here (the rule) and what to fill in. */
  hint: string;
}

export type EInvoiceMapping =
  | { applicable: false; reason: string }
  | { applicable: true; invoice: EInvoice; missing: [] }
  | { applicable: true; invoice: null; missing: MissingTerm[] };

const EXEMPTION: Record<Exclude<VatCategory, "S">, { code: string; reason: string }> = {
  K: { code: "VATEX-EU-IC", reason: "Intra-Community supply" },
  G: { code: "VATEX-EU-G", reason: "Export outside the EU" },
  AE: { code: "VATEX-EU-AE", reason: "Reverse charge" },
};

const CATEGORIES: ReadonlySet<string> = new Set(["S", "K", "G", "AE"]);

export function round2(n: number): number {
  return Math.round((n + Number.EPSILON * Math.sign(n)) * 100) / 100;
}

/** The invoice-identity object of the kind: invoice_data or proforma_data. */
export function invoiceDataKey(kind: InvoiceKind): "invoice_data" | "proforma_data" {
  return kind === "proforma" ? "proforma_data" : "invoice_data";
}

function isoDate(value: unknown): string | undefined {
  const s = str(value)?.trim();
  const m = s ? /^(\d{4}-\d{2}-\d{2})(T.*)?$/.exec(s) : null;
  return m && !Number.isNaN(Date.parse(m[1])) ? m[1] : undefined;
}

function text(value: unknown): string | undefined {
  return str(value)?.trim();
}

/** Seller (exporter) or buyer (importer) as BG-4 / BG-7; undefined fields stay out of the XML. */
function partyOf(shipment: unknown, role: "exporter" | "importer"): EInvoiceParty {
  const p = prop(shipment, role);
  const contact = {
    name: text(prop(p, "contact_name")),
    phone: text(prop(p, "contact_phone")),
    email: text(prop(p, "contact_email")),
  };
  const vat = text(at(p, "tax_ids", "vat"))?.replace(/\s+/g, "");
  return {
    name: text(prop(p, "name")) ?? "",
    addressLine: text(prop(p, "address")),
    city: text(prop(p, "city")),
    postcode: text(prop(p, "postal_code")),
    subdivision: text(prop(p, "state")),
    country: countryCode(prop(p, "country")) ?? "",
    ...(vat ? { vatId: vat } : {}),
    ...(contact.name || contact.phone || contact.email ? { contact } : {}),
  };
}

/**
 * VAT facts of the supply (vat_rate, vat_category, exchange_rate, delivery_date) live in invoice_data; a
 * proforma invoice may override them in proforma_data.
 */
function taxFact(shipment: unknown, kind: InvoiceKind, name: string): unknown {
  const own = at(shipment, invoiceDataKey(kind), name);
  return own === undefined || own === null ? at(shipment, "invoice_data", name) : own;
}

/** The VAT category of the supply: an explicit invoice_data.vat_category, else from the countries. */
export function vatCategoryOf(shipment: unknown, kind: InvoiceKind = "commercial"): VatCategory {
  const explicit = text(taxFact(shipment, kind, "vat_category"))?.toUpperCase();
  if (explicit && CATEGORIES.has(explicit)) return explicit as VatCategory;
  const seller = countryCode(at(shipment, "exporter", "country"));
  const buyer = countryCode(at(shipment, "importer", "country"));
  const destination = countryCode(at(shipment, "route", "destination_country")) ?? buyer;
  if (destination && !isEuMember(destination)) return "G";
  if (buyer && seller && buyer !== seller && isEuMember(buyer)) return "K";
  return "S";
}

/** Whether EN 16931 applies: the seller is established in an EU member state. */
export function eInvoiceApplies(shipment: unknown): boolean {
  return isEuMember(countryCode(at(shipment, "exporter", "country")));
}

export function mapShipmentToEInvoice(shipment: unknown, options: { kind: InvoiceKind; issueDate: Date }): EInvoiceMapping {
  if (!eInvoiceApplies(shipment)) {
    return { applicable: false, reason: "the exporter (seller) is not in an EU member state, where EN 16931 applies" };
  }
  const { kind } = options;
  const data = invoiceDataKey(kind);
  const missing: MissingTerm[] = [];
  const need = (bt: string, term: string, path: (string | number)[], hint: string) => missing.push({ bt, term, path, hint });

  const numberKey = kind === "proforma" ? "proforma_number" : "invoice_number";
  const number = text(at(shipment, data, numberKey));
  if (!number) need("BT-1", "Invoice number", [data, numberKey], "BR-02: every invoice has a number");
  const issueDate =
    isoDate(at(shipment, data, kind === "proforma" ? "proforma_date" : "invoice_date")) ?? options.issueDate.toISOString().slice(0, 10);

  const currency = text(at(shipment, "goods", "currency"))?.toUpperCase();
  if (!currency || !/^[A-Z]{3}$/.test(currency)) need("BT-5", "Invoice currency code", ["goods", "currency"], "BR-05: an ISO 4217 code");

  const category = vatCategoryOf(shipment, kind);
  const seller = partyOf(shipment, "exporter");
  const buyer = partyOf(shipment, "importer");
  if (!seller.name) need("BT-27", "Seller name", ["exporter", "name"], "BR-06");
  if (!buyer.name) need("BT-44", "Buyer name", ["importer", "name"], "BR-07");
  if (!buyer.country) need("BT-55", "Buyer country code", ["importer", "country"], "BR-11: an ISO 3166-1 alpha-2 code");
  const vatIdHint = (rule: string) => `${rule}: the VAT identification number with its country prefix (e.g. DE123456789)`;
  if (!seller.vatId)
    need("BT-31", "Seller VAT identifier", ["exporter", "tax_ids", "vat"], vatIdHint(`BR-${category === "K" ? "IC" : category}-02`));
  else if (!/^[A-Z]{2}[0-9A-Za-z+*.]{2,}$/.test(seller.vatId))
    need("BT-31", "Seller VAT identifier", ["exporter", "tax_ids", "vat"], vatIdHint("BR-CO-09"));
  if (category === "K" || category === "AE") {
    const rule = category === "K" ? "BR-IC-02" : "BR-AE-02";
    if (!buyer.vatId) need("BT-48", "Buyer VAT identifier", ["importer", "tax_ids", "vat"], vatIdHint(rule));
    else if (!/^[A-Z]{2}[0-9A-Za-z+*.]{2,}$/.test(buyer.vatId))
      need("BT-48", "Buyer VAT identifier", ["importer", "tax_ids", "vat"], vatIdHint("BR-CO-09"));
  } else if (buyer.vatId && !/^[A-Z]{2}[0-9A-Za-z+*.]{2,}$/.test(buyer.vatId)) {
    delete buyer.vatId; // a buyer VAT id the rules would reject is optional here: leave it out (not an error)
  }

  const deliveryCountry = countryCode(at(shipment, "route", "destination_country")) ?? (buyer.country || undefined);
  const deliveryDate = isoDate(taxFact(shipment, kind, "delivery_date")) ?? isoDate(at(shipment, "route", "departure_date"));
  if (category === "K") {
    if (!deliveryDate)
      need(
        "BT-72",
        "Actual delivery date",
        ["invoice_data", "delivery_date"],
        "BR-IC-11: the date the goods were dispatched (or route.departure_date)",
      );
    if (!deliveryCountry) need("BT-80", "Deliver to country code", ["route", "destination_country"], "BR-IC-12");
  }

  const invoiceRate = num(taxFact(shipment, kind, "vat_rate"));
  const lines: EInvoiceLine[] = [];
  const items = lineItems(shipment);
  if (items.length === 0) need("BG-25", "Invoice line", ["goods", "line_items"], "BR-16: at least one line");
  for (const { item, index } of items) {
    const path = (field: string) => ["goods", "line_items", index, field];
    if (!isRecord(item)) {
      need("BG-25", "Invoice line", ["goods", "line_items", index], "BR-16: a line item object");
      continue;
    }
    const name = text(item.description);
    if (!name) need("BT-153", "Item name", path("description"), "BR-25");
    const quantity = num(item.quantity);
    if (quantity === undefined || quantity <= 0) need("BT-129", "Invoiced quantity", path("quantity"), "BR-22: a positive number");
    const unit = text(item.unit);
    const unitCode = unitCodeOf(unit);
    if (!unitCode)
      need(
        "BT-130",
        "Invoiced quantity unit of measure code",
        path("unit"),
        `BR-23: a unit with a UN/ECE Rec. 20 code (e.g. pcs, kg, m)${unit ? `; "${unit}" has none` : ""}`,
      );
    const price = num(item.unit_price);
    if (price === undefined || price < 0) need("BT-146", "Item net price", path("unit_price"), "BR-26/BR-27: a price that is not negative");
    let rate = 0;
    if (category === "S") {
      const lineRate = num(item.vat_rate) ?? invoiceRate;
      if (lineRate === undefined || lineRate <= 0)
        need(
          "BT-152",
          "Invoiced item VAT rate",
          ["invoice_data", "vat_rate"],
          "BR-S-05: the VAT rate in percent, greater than zero (or a line's vat_rate)",
        );
      else rate = lineRate;
    }
    if (name && quantity !== undefined && quantity > 0 && unitCode && price !== undefined && price >= 0) {
      const hs = text(item.hs_code)?.replace(/\D/g, "");
      const origin = countryCode(item.origin_country);
      lines.push({
        id: String(index + 1),
        name,
        ...(hs ? { hsCode: hs } : {}),
        ...(origin ? { originCountry: origin } : {}),
        quantity,
        unitCode,
        netPrice: price,
        lineAmount: round2(quantity * price),
        vatCategory: category,
        vatRate: rate,
      });
    }
  }

  const paymentTerms = text(at(shipment, data, "payment_terms"));
  const dueDate = isoDate(at(shipment, data, "due_date"));
  if (!paymentTerms && !dueDate)
    need(
      "BT-20",
      "Payment terms",
      [data, "payment_terms"],
      `BR-CO-25: payment terms or a due date (${data}.due_date) when an amount is due`,
    );

  const vat = vatBreakdown(lines, category);
  const lineTotal = round2(lines.reduce((s, l) => s + l.lineAmount, 0));
  const taxTotal = round2(vat.reduce((s, v) => s + v.tax, 0));

  // The VAT must also be stated in the national currency of the seller's member state (VAT Directive
  // art. 230) when the invoice is in another currency: BT-6 with BT-111.
  let taxCurrency: EInvoice["taxCurrency"];
  const national = nationalCurrency(seller.country);
  if (currency && national && currency !== national) {
    if (taxTotal === 0) taxCurrency = { code: national, taxTotal: 0 };
    else {
      const rate = num(taxFact(shipment, kind, "exchange_rate"));
      if (rate === undefined || rate <= 0)
        need(
          "BT-111",
          "Invoice total VAT amount in accounting currency",
          ["invoice_data", "exchange_rate"],
          `art. 230 VAT Directive, BR-53: the ${national} per 1 ${currency} exchange rate`,
        );
      else taxCurrency = { code: national, taxTotal: round2(taxTotal * rate) };
    }
  }

  if (missing.length > 0 || !number || !currency) return { applicable: true, invoice: null, missing };
  const grandTotal = round2(lineTotal + taxTotal);
  return {
    applicable: true,
    missing: [],
    invoice: {
      typeCode: kind === "proforma" ? "325" : "380",
      number,
      issueDate,
      currency,
      ...(taxCurrency ? { taxCurrency } : {}),
      ...(text(at(shipment, data, "buyer_reference")) ? { buyerReference: text(at(shipment, data, "buyer_reference")) } : {}),
      seller,
      buyer,
      delivery: { date: deliveryDate, country: deliveryCountry },
      ...(paymentTerms ? { paymentTerms } : {}),
      ...(dueDate ? { dueDate } : {}),
      lines,
      vat,
      totals: { lineTotal, taxBasisTotal: lineTotal, taxTotal, grandTotal, duePayable: grandTotal },
    },
  };
}

/** BG-23: one entry per category and rate, basis = sum of its line amounts, tax = basis × rate (BR-CO-17). */
function vatBreakdown(lines: EInvoiceLine[], category: VatCategory): EInvoiceVatBreakdown[] {
  const byRate = new Map<number, number>();
  for (const l of lines) byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + l.lineAmount);
  return [...byRate.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([rate, sum]) => {
      const basis = round2(sum);
      return {
        category,
        rate,
        basis,
        tax: round2((basis * rate) / 100),
        ...(category === "S" ? {} : { exemptionCode: EXEMPTION[category].code, exemptionReason: EXEMPTION[category].reason }),
      };
    });
}
