/**
 * UN/CEFACT Cross Industry Invoice (the XML inside Factur-X and ZUGFeRD 2.x PDFs, and XRechnung CII)
 * and its predecessor, the ZUGFeRD 1.0 Cross Industry Document (urn:ferd:CrossIndustryDocument:
 * invoice:1p0: the same parties, prices and totals under older element names) → shipment paths. Every value is exact data written by the seller's system, so it is returned with
 * confidence 1.0; the text reading of the page only fills what the XML lacks.
 */
import type { FlatExtraction } from "../extraction-result.ts";
import { all, attr, decimal, first, text, type XmlNode } from "../../text/xml-tree.ts";
import { compactDate, unitName } from "./invoice-codes.ts";

const EXACT = 1;

/** The element names that differ between CII D16B (ZUGFeRD 2.x, Factur-X) and ZUGFeRD 1.0. */
const NAMES = {
  cii: {
    root: "CrossIndustryInvoice",
    document: "ExchangedDocument",
    transaction: "SupplyChainTradeTransaction",
    agreement: "ApplicableHeaderTradeAgreement",
    settlement: "ApplicableHeaderTradeSettlement",
    summation: "SpecifiedTradeSettlementHeaderMonetarySummation",
    lineAgreement: "SpecifiedLineTradeAgreement",
    lineDelivery: "SpecifiedLineTradeDelivery",
  },
  zugferd1: {
    root: "CrossIndustryDocument",
    document: "HeaderExchangedDocument",
    transaction: "SpecifiedSupplyChainTradeTransaction",
    agreement: "ApplicableSupplyChainTradeAgreement",
    settlement: "ApplicableSupplyChainTradeSettlement",
    summation: "SpecifiedTradeSettlementMonetarySummation",
    lineAgreement: "SpecifiedSupplyChainTradeAgreement",
    lineDelivery: "SpecifiedSupplyChainTradeDelivery",
  },
} as const;

function namesOf(root: XmlNode): (typeof NAMES)[keyof typeof NAMES] | null {
  if (Array.isArray(root.CrossIndustryInvoice)) return NAMES.cii;
  // ZUGFeRD 1.0: the root is CrossIndustryDocument; a transaction marks it as an invoice.
  if (Array.isArray(root.CrossIndustryDocument) && first(root, `CrossIndustryDocument/${NAMES.zugferd1.transaction}`))
    return NAMES.zugferd1;
  return null;
}

export function isCiiInvoice(root: XmlNode): boolean {
  return namesOf(root) !== null;
}

export function readCiiInvoice(root: XmlNode): FlatExtraction {
  const out: FlatExtraction = new Map();
  const set = (path: string, value: string | number | undefined) => {
    if (value !== undefined && value !== "" && !out.has(path)) out.set(path, { value, confidence: EXACT });
  };
  const names = namesOf(root) ?? NAMES.cii;
  const invoice = first(root, names.root);
  const doc = first(invoice, names.document);
  set("invoice_data.invoice_number", text(doc, "ID"));
  const issued = first(doc, "IssueDateTime/DateTimeString");
  set("invoice_data.invoice_date", compactDate(text(issued), attr(issued, "format")));

  const tx = first(invoice, names.transaction);
  const agreement = first(tx, names.agreement);
  party(first(agreement, "SellerTradeParty"), "exporter", set);
  party(first(agreement, "BuyerTradeParty"), "importer", set);
  const incoterm = text(agreement, "ApplicableTradeDeliveryTerms/DeliveryTypeCode");
  if (incoterm && /^[A-Z]{3}$/.test(incoterm)) set("route.incoterms", incoterm);

  const settlement = first(tx, names.settlement);
  const currency = text(settlement, "InvoiceCurrencyCode");
  set("goods.currency", currency);
  // goods.total_value is the sum of the lines (rule_total_matches_line_items), so the total without VAT
  // (BT-109) comes first; the grand total only when the invoice lacks it. Foreign-currency invoices may
  // state a total twice (invoice and accounting currency): take the one in the invoice currency.
  const summation = first(settlement, names.summation);
  const inInvoiceCurrency = (tag: string) => {
    const totals = all(summation, tag);
    return totals.find((t) => !attr(t, "currencyID") || attr(t, "currencyID") === currency) ?? totals[0];
  };
  set("goods.total_value", decimal(text(inInvoiceCurrency("TaxBasisTotalAmount"))) ?? decimal(text(inInvoiceCurrency("GrandTotalAmount"))));

  all(tx, "IncludedSupplyChainTradeLineItem").forEach((line, i) => {
    const p = `goods.line_items[${i}]`;
    const product = first(line, "SpecifiedTradeProduct");
    set(`${p}.description`, text(product, "Name"));
    const hs = all(product, "DesignatedProductClassification/ClassCode").find((c) => /^HS$/i.test(attr(c, "listID") ?? ""));
    set(`${p}.hs_code`, text(hs)?.replace(/\D/g, ""));
    set(`${p}.origin_country`, text(product, "OriginTradeCountry/ID"));
    const quantity = first(line, `${names.lineDelivery}/BilledQuantity`);
    set(`${p}.quantity`, decimal(text(quantity)));
    set(`${p}.unit`, unitName(attr(quantity, "unitCode")));
    const lineAgreement = first(line, names.lineAgreement);
    const price = first(lineAgreement, "NetPriceProductTradePrice") ?? first(lineAgreement, "GrossPriceProductTradePrice");
    const amount = decimal(text(price, "ChargeAmount"));
    const basis = decimal(text(price, "BasisQuantity")) ?? 1;
    if (amount !== undefined && basis > 0) set(`${p}.unit_price`, round(amount / basis));
  });
  return out;
}

function party(node: XmlNode | undefined, role: "exporter" | "importer", set: (path: string, value: string | undefined) => void): void {
  if (!node) return;
  set(`${role}.name`, text(node, "Name"));
  const address = first(node, "PostalTradeAddress");
  const street = [text(address, "LineOne"), text(address, "LineTwo"), text(address, "LineThree")].filter(Boolean).join(", ");
  set(`${role}.address`, street || undefined);
  set(`${role}.postal_code`, text(address, "PostcodeCode"));
  set(`${role}.city`, text(address, "CityName"));
  set(`${role}.state`, text(address, "CountrySubDivisionName"));
  set(`${role}.country`, text(address, "CountryID")?.toUpperCase());
  for (const reg of all(node, "SpecifiedTaxRegistration/ID")) {
    // VA: VAT identification number; FC: the national tax number, which has no field of its own.
    if (attr(reg, "schemeID") === "VA") set(`${role}.tax_ids.vat`, text(reg)?.replace(/\s+/g, ""));
  }
  const contact = first(node, "DefinedTradeContact");
  set(`${role}.contact_name`, text(contact, "PersonName"));
  set(`${role}.contact_phone`, text(contact, "TelephoneUniversalCommunication/CompleteNumber"));
  set(`${role}.contact_email`, text(contact, "EmailURIUniversalCommunication/URIID") ?? text(node, "URIUniversalCommunication/URIID"));
}

function round(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}
