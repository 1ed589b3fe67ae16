/**
 * ZUGFeRD 1.0 (urn:ferd:CrossIndustryDocument:invoice:1p0) and invoices a PDF carries outside the
 * EmbeddedFiles name tree (PDF/A-3 associated files, /AF, only). The XML is written by hand for these
 * tests (made-up parties), in the element names of the ZUGFeRD 1.0 schema.
 */
import { PDFDocument, PDFName, PDFString, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractionConfigWith } from "../../../shared/extraction/extraction-config.ts";
import { readEmbeddedInvoice } from "../../../shared/extraction/embedded/read-embedded-invoice.ts";
import { scanEmbeddedFiles } from "../../../shared/extraction/embedded/scan-embedded-files.ts";
import { runExtraction } from "../../../shared/extraction/run-extraction.ts";

const enc = (s: string) => new TextEncoder().encode(s);

const ZUGFERD1 = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15">
  <rsm:SpecifiedExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter>
    <ram:ID>urn:ferd:CrossIndustryDocument:invoice:1p0:comfort</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:SpecifiedExchangedDocumentContext>
  <rsm:HeaderExchangedDocument><ram:ID>RE-2015-117</ram:ID><ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20150214</udt:DateTimeString></ram:IssueDateTime></rsm:HeaderExchangedDocument>
  <rsm:SpecifiedSupplyChainTradeTransaction>
    <ram:ApplicableSupplyChainTradeAgreement>
      <ram:SellerTradeParty><ram:Name>Drahtwerk Lindenau GmbH</ram:Name>
        <ram:PostalTradeAddress><ram:PostcodeCode>04179</ram:PostcodeCode><ram:LineOne>Hafenstraße 3</ram:LineOne><ram:CityName>Leipzig</ram:CityName><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE 123456789</ram:ID></ram:SpecifiedTaxRegistration>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Kettingfabriek Zuid B.V.</ram:Name>
        <ram:PostalTradeAddress><ram:PostcodeCode>5611 AB</ram:PostcodeCode><ram:LineOne>Markt 1</ram:LineOne><ram:CityName>Eindhoven</ram:CityName><ram:CountryID>NL</ram:CountryID></ram:PostalTradeAddress>
      </ram:BuyerTradeParty>
    </ram:ApplicableSupplyChainTradeAgreement>
    <ram:ApplicableSupplyChainTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementMonetarySummation>
        <ram:LineTotalAmount currencyID="EUR">300.00</ram:LineTotalAmount>
        <ram:TaxBasisTotalAmount currencyID="EUR">300.00</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">57.00</ram:TaxTotalAmount>
        <ram:GrandTotalAmount currencyID="EUR">357.00</ram:GrandTotalAmount>
      </ram:SpecifiedTradeSettlementMonetarySummation>
    </ram:ApplicableSupplyChainTradeSettlement>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:SpecifiedSupplyChainTradeAgreement>
        <ram:NetPriceProductTradePrice><ram:ChargeAmount currencyID="EUR">1.50</ram:ChargeAmount></ram:NetPriceProductTradePrice>
      </ram:SpecifiedSupplyChainTradeAgreement>
      <ram:SpecifiedSupplyChainTradeDelivery><ram:BilledQuantity unitCode="KGM">200</ram:BilledQuantity></ram:SpecifiedSupplyChainTradeDelivery>
      <ram:SpecifiedTradeProduct><ram:Name>Stahldraht verzinkt 2 mm</ram:Name></ram:SpecifiedTradeProduct>
    </ram:IncludedSupplyChainTradeLineItem>
  </rsm:SpecifiedSupplyChainTradeTransaction>
</rsm:CrossIndustryDocument>`;

/** A PDF whose XML is an embedded-file stream listed only in the catalog's /AF array (no name tree). */
async function pdfWithAssociatedFileOnly(xml: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  ["RECHNUNG RE-2015-117", "Drahtwerk Lindenau GmbH", "Summe netto 300,00 EUR"].forEach((t, i) =>
    page.drawText(t, { x: 50, y: 780 - i * 16, size: 11, font }),
  );
  const stream = doc.context.flateStream(enc(xml), { Type: "EmbeddedFile", Subtype: "text/xml" });
  const streamRef = doc.context.register(stream);
  const spec = doc.context.obj({ Type: "Filespec", F: PDFString.of("invoice-data.xml"), AFRelationship: "Alternative" });
  spec.set(PDFName.of("EF"), doc.context.obj({ F: streamRef }));
  doc.catalog.set(PDFName.of("AF"), doc.context.obj([doc.context.register(spec)]));
  return doc.save({ useObjectStreams: false });
}

describe("ZUGFeRD 1.0 and associated files", () => {
  it("reads a ZUGFeRD 1.0 Cross Industry Document: parties, the total without tax, lines", () => {
    const got = readEmbeddedInvoice([{ name: "ZUGFeRD-invoice.xml", bytes: enc(ZUGFERD1) }]);
    expect(got?.syntax).toBe("cii");
    const v = (p: string) => got?.values.get(p)?.value;
    expect(v("exporter.name")).toBe("Drahtwerk Lindenau GmbH");
    expect(v("exporter.tax_ids.vat")).toBe("DE123456789");
    expect(v("importer.city")).toBe("Eindhoven");
    expect(v("goods.currency")).toBe("EUR");
    expect(v("goods.total_value")).toBe(300);
    expect(v("invoice_data.invoice_number")).toBe("RE-2015-117");
    expect(v("invoice_data.invoice_date")).toBe("2015-02-14");
    expect(v("goods.line_items[0].description")).toBe("Stahldraht verzinkt 2 mm");
    expect(v("goods.line_items[0].quantity")).toBe(200);
    expect(v("goods.line_items[0].unit")).toBe("kg");
    expect(v("goods.line_items[0].unit_price")).toBe(1.5);
  });

  it("a CrossIndustryDocument without a trade transaction is not an invoice", () => {
    const xml = `<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"><rsm:HeaderExchangedDocument/></rsm:CrossIndustryDocument>`;
    expect(readEmbeddedInvoice([{ name: "x.xml", bytes: enc(xml) }])).toBeNull();
  });

  it("prefers the file the standard names over another XML attachment", () => {
    const other = `<?xml version="1.0"?><rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0">${ZUGFERD1.split(
      "<rsm:SpecifiedSupplyChainTradeTransaction>",
    )[1]
      .replace("Drahtwerk Lindenau GmbH", "Copy Ltd")
      .replace(/<\/rsm:CrossIndustryDocument>$/, "")}`;
    const withTx = other.replace(/^(<\?xml[^>]*\?><rsm:CrossIndustryDocument[^>]*>)/, "$1<rsm:SpecifiedSupplyChainTradeTransaction>");
    const got = readEmbeddedInvoice([
      { name: "archive-copy.xml", bytes: enc(withTx) },
      { name: "zugferd-invoice.xml", bytes: enc(ZUGFERD1) },
    ]);
    expect(got?.file).toBe("zugferd-invoice.xml");
    expect(got?.values.get("exporter.name")?.value).toBe("Drahtwerk Lindenau GmbH");
  });

  it("finds embedded-file streams in the bytes, inflated", async () => {
    const files = await scanEmbeddedFiles(await pdfWithAssociatedFileOnly(ZUGFERD1));
    expect(files).toHaveLength(1);
    expect(new TextDecoder().decode(files[0].bytes)).toBe(ZUGFERD1);
  });

  it("a PDF whose ZUGFeRD 1.0 XML is an associated file only (/AF, no name tree) is read as an e-invoice", async () => {
    const outcome = await runExtraction(await pdfWithAssociatedFileOnly(ZUGFERD1), "pdf", extractionConfigWith({ extractor: "builtin" }));
    expect(outcome.embedded?.syntax).toBe("cii");
    expect(outcome.flat.get("goods.total_value")).toMatchObject({ value: 300, confidence: 1 });
    expect(outcome.flat.get("importer.name")?.value).toBe("Kettingfabriek Zuid B.V.");
  });
});
