/**
 * EN 16931 invoice → OASIS UBL 2.1 Invoice, the EN 16931 UBL syntax binding that Peppol BIS Billing 3.0
 * and XRechnung-UBL build on (CustomizationID = the EN 16931 specification identifier, BT-24). Element
 * order follows the UBL 2.1 Invoice schema.
 */
import { EN16931_PROFILE, type EInvoice, type EInvoiceParty } from "./einvoice-model.ts";
import { amount, decimal, el, xmlText } from "./xml-text.ts";

const NS =
  'xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" ' +
  'xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" ' +
  'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"';

const VAT_SCHEME = "<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>";

function party(tag: string, p: EInvoiceParty): string {
  const contact = p.contact
    ? `<cac:Contact>${el("cbc:Name", p.contact.name)}${el("cbc:Telephone", p.contact.phone)}${el("cbc:ElectronicMail", p.contact.email)}</cac:Contact>`
    : "";
  return (
    `<${tag}><cac:Party>` +
    `<cac:PostalAddress>${el("cbc:StreetName", p.addressLine)}${el("cbc:CityName", p.city)}${el("cbc:PostalZone", p.postcode)}` +
    `${el("cbc:CountrySubentity", p.subdivision)}<cac:Country>${el("cbc:IdentificationCode", p.country)}</cac:Country></cac:PostalAddress>` +
    (p.vatId ? `<cac:PartyTaxScheme>${el("cbc:CompanyID", p.vatId)}${VAT_SCHEME}</cac:PartyTaxScheme>` : "") +
    `<cac:PartyLegalEntity>${el("cbc:RegistrationName", p.name)}</cac:PartyLegalEntity>${contact}` +
    `</cac:Party></${tag}>`
  );
}

export function writeUbl(inv: EInvoice): string {
  const cur = ` currencyID="${xmlText(inv.currency)}"`;
  const money = (tag: string, n: number, currency = cur) => `<${tag}${currency}>${amount(n)}</${tag}>`;
  const category = (c: string, rate: number, reason?: { code?: string; text?: string }, tag = "cac:TaxCategory") =>
    `<${tag}><cbc:ID>${c}</cbc:ID><cbc:Percent>${decimal(rate)}</cbc:Percent>` +
    `${el("cbc:TaxExemptionReasonCode", reason?.code)}${el("cbc:TaxExemptionReason", reason?.text)}${VAT_SCHEME}</${tag}>`;
  const t = inv.totals;
  const delivery =
    inv.delivery.date || inv.delivery.country
      ? `<cac:Delivery>${el("cbc:ActualDeliveryDate", inv.delivery.date)}` +
        (inv.delivery.country
          ? `<cac:DeliveryLocation><cac:Address><cac:Country>${el("cbc:IdentificationCode", inv.delivery.country)}</cac:Country></cac:Address></cac:DeliveryLocation>`
          : "") +
        `</cac:Delivery>`
      : "";
  const taxTotal =
    `<cac:TaxTotal>${money("cbc:TaxAmount", t.taxTotal)}` +
    inv.vat
      .map(
        (v) =>
          `<cac:TaxSubtotal>${money("cbc:TaxableAmount", v.basis)}${money("cbc:TaxAmount", v.tax)}` +
          `${category(v.category, v.rate, { code: v.exemptionCode, text: v.exemptionReason })}</cac:TaxSubtotal>`,
      )
      .join("") +
    `</cac:TaxTotal>` +
    (inv.taxCurrency
      ? `<cac:TaxTotal>${money("cbc:TaxAmount", inv.taxCurrency.taxTotal, ` currencyID="${xmlText(inv.taxCurrency.code)}"`)}</cac:TaxTotal>`
      : "");
  const lines = inv.lines.map(
    (l) =>
      `<cac:InvoiceLine>${el("cbc:ID", l.id)}<cbc:InvoicedQuantity unitCode="${xmlText(l.unitCode)}">${decimal(l.quantity)}</cbc:InvoicedQuantity>` +
      money("cbc:LineExtensionAmount", l.lineAmount) +
      `<cac:Item>${el("cbc:Name", l.name)}` +
      (l.originCountry ? `<cac:OriginCountry>${el("cbc:IdentificationCode", l.originCountry)}</cac:OriginCountry>` : "") +
      (l.hsCode
        ? `<cac:CommodityClassification>${el("cbc:ItemClassificationCode", l.hsCode, ' listID="HS"')}</cac:CommodityClassification>`
        : "") +
      category(l.vatCategory, l.vatRate, undefined, "cac:ClassifiedTaxCategory") +
      `</cac:Item><cac:Price><cbc:PriceAmount${cur}>${decimal(l.netPrice)}</cbc:PriceAmount></cac:Price></cac:InvoiceLine>`,
  );
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<Invoice ${NS}>` +
    `<cbc:CustomizationID>${EN16931_PROFILE}</cbc:CustomizationID>${el("cbc:ID", inv.number)}` +
    `<cbc:IssueDate>${inv.issueDate}</cbc:IssueDate>${el("cbc:DueDate", inv.dueDate)}<cbc:InvoiceTypeCode>${inv.typeCode}</cbc:InvoiceTypeCode>` +
    `${el("cbc:DocumentCurrencyCode", inv.currency)}${inv.taxCurrency ? el("cbc:TaxCurrencyCode", inv.taxCurrency.code) : ""}${el("cbc:BuyerReference", inv.buyerReference)}` +
    party("cac:AccountingSupplierParty", inv.seller) +
    party("cac:AccountingCustomerParty", inv.buyer) +
    delivery +
    (inv.paymentTerms ? `<cac:PaymentTerms>${el("cbc:Note", inv.paymentTerms)}</cac:PaymentTerms>` : "") +
    taxTotal +
    `<cac:LegalMonetaryTotal>${money("cbc:LineExtensionAmount", t.lineTotal)}${money("cbc:TaxExclusiveAmount", t.taxBasisTotal)}` +
    `${money("cbc:TaxInclusiveAmount", t.grandTotal)}${money("cbc:PayableAmount", t.duePayable)}</cac:LegalMonetaryTotal>` +
    `${lines.join("")}</Invoice>\n`
  );
}
