/**
 * EN 16931 invoice → UN/CEFACT Cross Industry Invoice D16B (the CII syntax binding of EN 16931, the XML
 * inside Factur-X / ZUGFeRD as factur-x.xml). Element order follows the D16B schema; only elements of the
 * EN 16931 core are written, so CEN's CII syntax rules have nothing to warn about.
 */
import { EN16931_PROFILE, type EInvoice, type EInvoiceParty } from "./einvoice-model.ts";
import { amount, compact, decimal, el, xmlText } from "./xml-text.ts";

const NS =
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ' +
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" ' +
  'xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" ' +
  'xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"';

const date = (tag: string, value: string) => `<${tag}><udt:DateTimeString format="102">${compact(value)}</udt:DateTimeString></${tag}>`;

function party(tag: string, p: EInvoiceParty): string {
  const contact = p.contact
    ? `<ram:DefinedTradeContact>${el("ram:PersonName", p.contact.name)}` +
      (p.contact.phone
        ? `<ram:TelephoneUniversalCommunication>${el("ram:CompleteNumber", p.contact.phone)}</ram:TelephoneUniversalCommunication>`
        : "") +
      (p.contact.email
        ? `<ram:EmailURIUniversalCommunication>${el("ram:URIID", p.contact.email)}</ram:EmailURIUniversalCommunication>`
        : "") +
      `</ram:DefinedTradeContact>`
    : "";
  return (
    `<${tag}>${el("ram:Name", p.name)}${contact}` +
    `<ram:PostalTradeAddress>${el("ram:PostcodeCode", p.postcode)}${el("ram:LineOne", p.addressLine)}${el("ram:CityName", p.city)}` +
    `${el("ram:CountryID", p.country)}${el("ram:CountrySubDivisionName", p.subdivision)}</ram:PostalTradeAddress>` +
    (p.vatId ? `<ram:SpecifiedTaxRegistration>${el("ram:ID", p.vatId, ' schemeID="VA"')}</ram:SpecifiedTaxRegistration>` : "") +
    `</${tag}>`
  );
}

export function writeCii(inv: EInvoice): string {
  const cur = ` currencyID="${xmlText(inv.currency)}"`;
  const lines = inv.lines.map(
    (l) =>
      `<ram:IncludedSupplyChainTradeLineItem>` +
      `<ram:AssociatedDocumentLineDocument><ram:LineID>${xmlText(l.id)}</ram:LineID></ram:AssociatedDocumentLineDocument>` +
      `<ram:SpecifiedTradeProduct>${el("ram:Name", l.name)}` +
      (l.hsCode
        ? `<ram:DesignatedProductClassification>${el("ram:ClassCode", l.hsCode, ' listID="HS"')}</ram:DesignatedProductClassification>`
        : "") +
      (l.originCountry ? `<ram:OriginTradeCountry>${el("ram:ID", l.originCountry)}</ram:OriginTradeCountry>` : "") +
      `</ram:SpecifiedTradeProduct>` +
      `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${decimal(l.netPrice)}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>` +
      `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="${xmlText(l.unitCode)}">${decimal(l.quantity)}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>` +
      `<ram:SpecifiedLineTradeSettlement>` +
      `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${l.vatCategory}</ram:CategoryCode><ram:RateApplicablePercent>${decimal(l.vatRate)}</ram:RateApplicablePercent></ram:ApplicableTradeTax>` +
      `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${amount(l.lineAmount)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>` +
      `</ram:SpecifiedLineTradeSettlement>` +
      `</ram:IncludedSupplyChainTradeLineItem>`,
  );
  const taxes = inv.vat.map(
    (v) =>
      `<ram:ApplicableTradeTax><ram:CalculatedAmount>${amount(v.tax)}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>` +
      el("ram:ExemptionReason", v.exemptionReason) +
      `<ram:BasisAmount>${amount(v.basis)}</ram:BasisAmount><ram:CategoryCode>${v.category}</ram:CategoryCode>` +
      el("ram:ExemptionReasonCode", v.exemptionCode) +
      `<ram:RateApplicablePercent>${decimal(v.rate)}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`,
  );
  const payment =
    inv.paymentTerms || inv.dueDate
      ? `<ram:SpecifiedTradePaymentTerms>${el("ram:Description", inv.paymentTerms)}${inv.dueDate ? date("ram:DueDateDateTime", inv.dueDate) : ""}</ram:SpecifiedTradePaymentTerms>`
      : "";
  const t = inv.totals;
  const delivery =
    (inv.delivery.country
      ? `<ram:ShipToTradeParty><ram:PostalTradeAddress>${el("ram:CountryID", inv.delivery.country)}</ram:PostalTradeAddress></ram:ShipToTradeParty>`
      : "") +
    (inv.delivery.date
      ? `<ram:ActualDeliverySupplyChainEvent>${date("ram:OccurrenceDateTime", inv.delivery.date)}</ram:ActualDeliverySupplyChainEvent>`
      : "");
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<rsm:CrossIndustryInvoice ${NS}>` +
    `<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${EN16931_PROFILE}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>` +
    `<rsm:ExchangedDocument>${el("ram:ID", inv.number)}<ram:TypeCode>${inv.typeCode}</ram:TypeCode>${date("ram:IssueDateTime", inv.issueDate)}</rsm:ExchangedDocument>` +
    `<rsm:SupplyChainTradeTransaction>${lines.join("")}` +
    `<ram:ApplicableHeaderTradeAgreement>${el("ram:BuyerReference", inv.buyerReference)}${party("ram:SellerTradeParty", inv.seller)}${party("ram:BuyerTradeParty", inv.buyer)}</ram:ApplicableHeaderTradeAgreement>` +
    `<ram:ApplicableHeaderTradeDelivery>${delivery}</ram:ApplicableHeaderTradeDelivery>` +
    `<ram:ApplicableHeaderTradeSettlement>${inv.taxCurrency ? el("ram:TaxCurrencyCode", inv.taxCurrency.code) : ""}${el("ram:InvoiceCurrencyCode", inv.currency)}` +
    `${taxes.join("")}${payment}` +
    `<ram:SpecifiedTradeSettlementHeaderMonetarySummation>` +
    `<ram:LineTotalAmount>${amount(t.lineTotal)}</ram:LineTotalAmount>` +
    `<ram:TaxBasisTotalAmount>${amount(t.taxBasisTotal)}</ram:TaxBasisTotalAmount>` +
    `<ram:TaxTotalAmount${cur}>${amount(t.taxTotal)}</ram:TaxTotalAmount>` +
    (inv.taxCurrency
      ? `<ram:TaxTotalAmount currencyID="${xmlText(inv.taxCurrency.code)}">${amount(inv.taxCurrency.taxTotal)}</ram:TaxTotalAmount>`
      : "") +
    `<ram:GrandTotalAmount>${amount(t.grandTotal)}</ram:GrandTotalAmount>` +
    `<ram:DuePayableAmount>${amount(t.duePayable)}</ram:DuePayableAmount>` +
    `</ram:SpecifiedTradeSettlementHeaderMonetarySummation>` +
    `</ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>\n`
  );
}
