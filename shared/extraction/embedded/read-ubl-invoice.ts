/**
 * OASIS UBL 2.1 Invoice (Peppol BIS, XRechnung UBL, and the UBL variant some PDFs embed) → shipment
 * paths, every value exact (confidence 1.0).
 */
import type { FlatExtraction } from "../extraction-result.ts";
import { all, attr, decimal, first, text, type XmlNode } from "../../text/xml-tree.ts";
import { compactDate, unitName } from "./invoice-codes.ts";

export function isUblInvoice(root: XmlNode): boolean {
  return Array.isArray(root.Invoice) && !!first(root, "Invoice/ID");
}

export function readUblInvoice(root: XmlNode): FlatExtraction {
  const out: FlatExtraction = new Map();
  const set = (path: string, value: string | number | undefined) => {
    if (value !== undefined && value !== "" && !out.has(path)) out.set(path, { value, confidence: 1 });
  };
  const inv = first(root, "Invoice");
  set("invoice_data.invoice_number", text(inv, "ID"));
  set("invoice_data.invoice_date", compactDate(text(inv, "IssueDate")));
  const currency = text(inv, "DocumentCurrencyCode");
  set("goods.currency", currency);
  party(first(inv, "AccountingSupplierParty/Party"), "exporter", set);
  party(first(inv, "AccountingCustomerParty/Party"), "importer", set);
  const totals = first(inv, "LegalMonetaryTotal");
  // The total without VAT (BT-109) first: goods.total_value is the sum of the lines.
  set(
    "goods.total_value",
    decimal(text(totals, "TaxExclusiveAmount")) ?? decimal(text(totals, "TaxInclusiveAmount")) ?? decimal(text(totals, "PayableAmount")),
  );
  all(inv, "InvoiceLine").forEach((line, i) => {
    const p = `goods.line_items[${i}]`;
    const item = first(line, "Item");
    set(`${p}.description`, text(item, "Name") ?? text(item, "Description"));
    const hs = all(item, "CommodityClassification/ItemClassificationCode").find((c) => /^HS$/i.test(attr(c, "listID") ?? ""));
    set(`${p}.hs_code`, text(hs)?.replace(/\D/g, ""));
    set(`${p}.origin_country`, text(item, "OriginCountry/IdentificationCode"));
    const q = first(line, "InvoicedQuantity");
    set(`${p}.quantity`, decimal(text(q)));
    set(`${p}.unit`, unitName(attr(q, "unitCode")));
    const price = decimal(text(line, "Price/PriceAmount"));
    const basis = decimal(text(line, "Price/BaseQuantity")) ?? 1;
    if (price !== undefined && basis > 0) set(`${p}.unit_price`, Math.round((price / basis) * 1e6) / 1e6);
  });
  return out;
}

function party(node: XmlNode | undefined, role: "exporter" | "importer", set: (path: string, value: string | undefined) => void): void {
  if (!node) return;
  set(`${role}.name`, text(node, "PartyLegalEntity/RegistrationName") ?? text(node, "PartyName/Name"));
  const a = first(node, "PostalAddress");
  const street = [text(a, "StreetName"), text(a, "AdditionalStreetName")].filter(Boolean).join(", ");
  set(`${role}.address`, street || undefined);
  set(`${role}.postal_code`, text(a, "PostalZone"));
  set(`${role}.city`, text(a, "CityName"));
  set(`${role}.state`, text(a, "CountrySubentity"));
  set(`${role}.country`, text(a, "Country/IdentificationCode")?.toUpperCase());
  const vat = all(node, "PartyTaxScheme").find((s) => (text(s, "TaxScheme/ID") ?? "VAT").toUpperCase() === "VAT");
  set(`${role}.tax_ids.vat`, text(vat, "CompanyID")?.replace(/\s+/g, ""));
  const contact = first(node, "Contact");
  set(`${role}.contact_name`, text(contact, "Name"));
  set(`${role}.contact_phone`, text(contact, "Telephone"));
  set(`${role}.contact_email`, text(contact, "ElectronicMail"));
}
