/**
 * Machine-readable invoices inside PDFs (Factur-X / ZUGFeRD CII, UBL): exact values first, the page
 * text fills only what they lack. The XML here is written by hand for these tests (made-up parties).
 */
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractionConfigWith } from "../../../shared/extraction/extraction-config.ts";
import { mergeWithEmbedded, readEmbeddedInvoice } from "../../../shared/extraction/embedded/read-embedded-invoice.ts";
import { runExtraction } from "../../../shared/extraction/run-extraction.ts";

const enc = (s: string) => new TextEncoder().encode(s);

const CII = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocument><ram:ID>INV-7781</ram:ID><ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20260312</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:SpecifiedTradeProduct><ram:Name>Ceramic mugs, boxed</ram:Name>
        <ram:DesignatedProductClassification><ram:ClassCode listID="HS">6912.00</ram:ClassCode></ram:DesignatedProductClassification>
        <ram:OriginTradeCountry><ram:ID>PT</ram:ID></ram:OriginTradeCountry></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        <ram:GrossPriceProductTradePrice><ram:ChargeAmount>26.00</ram:ChargeAmount><ram:BasisQuantity unitCode="C62">10</ram:BasisQuantity></ram:GrossPriceProductTradePrice>
        <ram:NetPriceProductTradePrice><ram:ChargeAmount>25.00</ram:ChargeAmount><ram:BasisQuantity unitCode="C62">10</ram:BasisQuantity></ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">400</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:SpecifiedTradeProduct><ram:Name>Glazed tiles</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>12.5</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="MTK">80</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty><ram:Name>Olaria Norte Lda</ram:Name>
        <ram:DefinedTradeContact><ram:PersonName>Rita Sousa</ram:PersonName></ram:DefinedTradeContact>
        <ram:PostalTradeAddress><ram:PostcodeCode>4470-123</ram:PostcodeCode><ram:LineOne>Rua do Forno 12</ram:LineOne><ram:LineTwo>Armazem 2</ram:LineTwo>
          <ram:CityName>Maia</ram:CityName><ram:CountryID>PT</ram:CountryID></ram:PostalTradeAddress>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">501234567</ram:ID></ram:SpecifiedTaxRegistration>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">PT 501234567</ram:ID></ram:SpecifiedTaxRegistration>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Hollis &amp; Mead Ltd</ram:Name>
        <ram:PostalTradeAddress><ram:PostcodeCode>BS1 4DJ</ram:PostcodeCode><ram:LineOne>7 Quay Street</ram:LineOne><ram:CityName>Bristol</ram:CityName><ram:CountryID>GB</ram:CountryID></ram:PostalTradeAddress>
      </ram:BuyerTradeParty>
      <ram:ApplicableTradeDeliveryTerms><ram:DeliveryTypeCode>FCA</ram:DeliveryTypeCode></ram:ApplicableTradeDeliveryTerms>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>GBP</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:TaxTotalAmount currencyID="GBP">400.00</ram:TaxTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">466.00</ram:TaxTotalAmount>
        <ram:GrandTotalAmount currencyID="EUR">2796.00</ram:GrandTotalAmount>
        <ram:GrandTotalAmount currencyID="GBP">2400.00</ram:GrandTotalAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;

const UBL = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>UBL-204</cbc:ID><cbc:IssueDate>2026-02-28</cbc:IssueDate><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party><cac:PartyName><cbc:Name>Brouwerij Kade</cbc:Name></cac:PartyName>
    <cac:PostalAddress><cbc:StreetName>Kade 3</cbc:StreetName><cbc:CityName>Gent</cbc:CityName><cbc:PostalZone>9000</cbc:PostalZone><cac:Country><cbc:IdentificationCode>BE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
    <cac:PartyTaxScheme><cbc:CompanyID>BE0123456749</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>Brouwerij Kade BV</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyName><cbc:Name>Nordic Taps AB</cbc:Name></cac:PartyName>
    <cac:PostalAddress><cbc:CityName>Malmo</cbc:CityName><cac:Country><cbc:IdentificationCode>SE</cbc:IdentificationCode></cac:Country></cac:PostalAddress></cac:Party></cac:AccountingCustomerParty>
  <cac:LegalMonetaryTotal><cbc:TaxExclusiveAmount currencyID="EUR">1000.00</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">1210.00</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="EUR">1210.00</cbc:PayableAmount></cac:LegalMonetaryTotal>
  <cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="LTR">500</cbc:InvoicedQuantity>
    <cac:Item><cbc:Name>Amber ale, kegs</cbc:Name><cac:CommodityClassification><cbc:ItemClassificationCode listID="HS">220300</cbc:ItemClassificationCode></cac:CommodityClassification></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">2.00</cbc:PriceAmount></cac:Price></cac:InvoiceLine>
</Invoice>`;

async function pdfWith(lines: string[], attachments: { name: string; xml: string }[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((t, i) => page.drawText(t, { x: 50, y: 780 - i * 16, size: 11, font }));
  for (const a of attachments) await doc.attach(enc(a.xml), a.name, { mimeType: "text/xml", description: "invoice data" });
  return doc.save();
}

describe("embedded e-invoices", () => {
  it("reads a CII invoice: parties, invoice number and date, the total in the invoice currency, lines with net unit prices", () => {
    const got = readEmbeddedInvoice([{ name: "factur-x.xml", bytes: enc(CII) }])!;
    expect(got.syntax).toBe("cii");
    const v = (p: string) => got.values.get(p)?.value;
    expect(v("invoice_data.invoice_number")).toBe("INV-7781");
    expect(v("invoice_data.invoice_date")).toBe("2026-03-12");
    expect(v("exporter.name")).toBe("Olaria Norte Lda");
    expect(v("exporter.address")).toBe("Rua do Forno 12, Armazem 2");
    expect(v("exporter.postal_code")).toBe("4470-123");
    expect(v("exporter.country")).toBe("PT");
    expect(v("exporter.tax_ids.vat")).toBe("PT501234567");
    expect(v("exporter.contact_name")).toBe("Rita Sousa");
    expect(v("importer.name")).toBe("Hollis & Mead Ltd");
    expect(v("route.incoterms")).toBe("FCA");
    expect(v("goods.currency")).toBe("GBP");
    expect(v("goods.total_value")).toBe(2400);
    expect(v("goods.line_items[0].description")).toBe("Ceramic mugs, boxed");
    expect(v("goods.line_items[0].quantity")).toBe(400);
    expect(v("goods.line_items[0].unit")).toBe("pcs");
    expect(v("goods.line_items[0].unit_price")).toBe(2.5);
    expect(v("goods.line_items[0].hs_code")).toBe("691200");
    expect(v("goods.line_items[0].origin_country")).toBe("PT");
    expect(v("goods.line_items[1].unit")).toBe("m2");
    expect(v("goods.line_items[1].unit_price")).toBe(12.5);
    expect([...got.values.values()].every((x) => x.confidence === 1)).toBe(true);
  });

  it("reads a UBL invoice (legal name, VAT, the total without VAT as goods.total_value, HS classification)", () => {
    const got = readEmbeddedInvoice([{ name: "invoice.xml", bytes: enc(UBL) }])!;
    expect(got.syntax).toBe("ubl");
    const v = (p: string) => got.values.get(p)?.value;
    expect(v("exporter.name")).toBe("Brouwerij Kade BV");
    expect(v("exporter.tax_ids.vat")).toBe("BE0123456749");
    expect(v("importer.country")).toBe("SE");
    expect(v("goods.total_value")).toBe(1000); // TaxExclusiveAmount: the sum of the lines, as the shipment holds it
    expect(v("goods.line_items[0].hs_code")).toBe("220300");
    expect(v("goods.line_items[0].unit")).toBe("l");
    expect(v("invoice_data.invoice_date")).toBe("2026-02-28");
  });

  it("ignores attachments that are not invoices or not XML, and broken XML", () => {
    expect(readEmbeddedInvoice([])).toBeNull();
    expect(readEmbeddedInvoice([{ name: "logo.png", bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) }])).toBeNull();
    expect(readEmbeddedInvoice([{ name: "notes.xml", bytes: enc("<notes><n>hello</n></notes>") }])).toBeNull();
    expect(readEmbeddedInvoice([{ name: "factur-x.xml", bytes: enc("<rsm:CrossIndustryInvoice><unclosed") }])).toBeNull();
  });

  it("merge: embedded values win, text fills what they lack, text rows never mix with embedded rows", () => {
    const embedded = new Map([
      ["exporter.name", { value: "Exact Name", confidence: 1 }],
      ["goods.line_items[0].description", { value: "A", confidence: 1 }],
    ]);
    const text = new Map([
      ["exporter.name", { value: "Read Name", confidence: 0.9 }],
      ["route.port_of_loading", { value: "PTLEI", confidence: 0.8 }],
      ["goods.line_items[0].description", { value: "B", confidence: 0.9 }],
      ["goods.line_items[1].description", { value: "C", confidence: 0.9 }],
    ]);
    const merged = mergeWithEmbedded(embedded, text);
    expect(merged.get("exporter.name")!.value).toBe("Exact Name");
    expect(merged.get("route.port_of_loading")!.value).toBe("PTLEI");
    expect(merged.has("goods.line_items[1].description")).toBe(false);
    expect(merged.get("goods.line_items[0].description")!.value).toBe("A");
  });

  it("a PDF carrying a Factur-X XML: exact values at confidence 1, the page text fills a field the XML lacks", async () => {
    const pdf = await pdfWith(
      [
        "COMMERCIAL INVOICE",
        "Seller: Olaria Norte Lda",
        "Port of loading: PTLEI",
        "Total: GBP 2,400.00",
        "Description   Qty   Unit price   Amount",
        "Something else   3   1.00   3.00",
      ],
      [{ name: "factur-x.xml", xml: CII }],
    );
    const outcome = await runExtraction(pdf, "pdf", extractionConfigWith({ extractor: "builtin" }));
    expect(outcome.embedded).toEqual({ file: "factur-x.xml", syntax: "cii" });
    const flat = outcome.flat;
    expect(flat.get("exporter.tax_ids.vat")).toEqual({ value: "PT501234567", confidence: 1 });
    expect(flat.get("goods.total_value")).toEqual({ value: 2400, confidence: 1 });
    expect(flat.get("route.port_of_loading")!.value).toBe("PTLEI");
    expect(flat.get("route.port_of_loading")!.confidence).toBeLessThan(1);
    expect(flat.get("goods.line_items[0].description")!.value).toBe("Ceramic mugs, boxed");
    expect([...flat.values()].filter((v) => v.value === "Something else")).toEqual([]);
  });

  it("the same PDF with a broken attachment is read from its text alone", async () => {
    const pdf = await pdfWith(
      ["COMMERCIAL INVOICE", "Invoice No.: INV-9", "Port of loading: PTLEI"],
      [{ name: "factur-x.xml", xml: "<rsm:CrossIndustryInvoice" }],
    );
    const outcome = await runExtraction(pdf, "pdf", extractionConfigWith({ extractor: "builtin" }));
    expect(outcome.embedded).toBeUndefined();
    expect(outcome.flat.get("invoice_data.invoice_number")!.value).toBe("INV-9");
  });
});
