/**
 * Shipment → EN 16931 → CII and UBL, for the cross-border and reverse-charge cases: every CII validates
 * against the D16B schema (xmllint) and keeps every business rule of the families the mapping touches; a
 * broken value makes the rule that guards it fire; both syntaxes read back (the embedded-invoice readers)
 * as the shipment.
 */
import { describe, expect, it } from "vitest";
import { mapShipmentToEInvoice } from "../../../shared/einvoice/map-shipment.ts";
import { writeCii } from "../../../shared/einvoice/write-cii.ts";
import { writeUbl } from "../../../shared/einvoice/write-ubl.ts";
import type { EInvoice } from "../../../shared/einvoice/einvoice-model.ts";
import { readEmbeddedInvoice } from "../../../shared/extraction/embedded/read-embedded-invoice.ts";
import { brokenRules, hasCiiXsd, xsdErrors } from "../../support/einvoice-checks.ts";
import { sharedDataName } from "../../support/shared-data.ts";
import {
  CASES,
  domesticShipment,
  exportShipment,
  foreignCurrencyShipment,
  intraEuShipment,
  ISSUE_DATE,
} from "../../support/einvoice-cases.ts";

function invoiceOf(shipment: unknown, kind: "commercial" | "proforma" = "commercial"): EInvoice {
  const m = mapShipmentToEInvoice(shipment, { kind, issueDate: ISSUE_DATE });
  if (!m.applicable || !m.invoice) throw new Error(`not an e-invoice: ${JSON.stringify(m)}`);
  return m.invoice;
}

/** The shipment paths an invoice carries, as the extractor names them. */
function expectedValues(s: Record<string, Record<string, unknown>>): Map<string, unknown> {
  const out = new Map<string, unknown>([
    ["invoice_data.invoice_number", s.invoice_data.invoice_number],
    ["goods.currency", s.goods.currency],
    ["goods.total_value", s.goods.total_value],
  ]);
  for (const role of ["exporter", "importer"] as const) {
    const p = s[role];
    for (const f of ["name", "address", "city", "postal_code", "country", "contact_name", "contact_email", "contact_phone"])
      if (p[f] !== undefined) out.set(`${role}.${f}`, p[f]);
    out.set(`${role}.tax_ids.vat`, (p.tax_ids as Record<string, unknown>).vat);
  }
  (s.goods.line_items as Record<string, unknown>[]).forEach((item, i) => {
    for (const f of ["description", "hs_code", "quantity", "unit", "unit_price", "origin_country"])
      out.set(`goods.line_items[${i}].${f}`, item[f]);
  });
  return out;
}

describe.each(Object.entries(CASES))("%s invoice", (_name, c) => {
  const shipment = c.shipment();
  const invoice = invoiceOf(shipment);
  const cii = writeCii(invoice);

  it(`is VAT category ${c.category}`, () => {
    expect(invoice.vat.map((v) => v.category)).toEqual([c.category]);
  });

  it.runIf(hasCiiXsd)(sharedDataName("validates against the CII D16B schema", hasCiiXsd), () => {
    expect(xsdErrors(cii)).toEqual([]);
  });

  it("keeps every business rule of the core, BR-CO, BR-DEC, its VAT category and BR-53", () => {
    expect(brokenRules(cii)).toEqual([]);
  });

  it("reads back, CII and UBL alike, as the shipment's values with confidence 1.0", () => {
    for (const [file, xml] of [
      ["factur-x.xml", cii],
      ["invoice.ubl.xml", writeUbl(invoice)],
    ]) {
      const read = readEmbeddedInvoice([{ name: file, bytes: new TextEncoder().encode(xml) }]);
      expect(read, file).not.toBeNull();
      for (const [path, value] of expectedValues(shipment))
        expect(read!.values.get(path), `${file} ${path}`).toEqual({ value, confidence: 1 });
      expect(read!.values.get("invoice_data.invoice_date")).toEqual({ value: "2025-03-11", confidence: 1 });
    }
  });
});

describe("the cross-border cases' own terms", () => {
  it("intra-Community supply: K at 0 %, VATEX-EU-IC, both VAT ids, actual delivery date and deliver-to country", () => {
    const inv = invoiceOf(intraEuShipment());
    expect(inv.vat).toEqual([
      { category: "K", rate: 0, basis: 53340, tax: 0, exemptionCode: "VATEX-EU-IC", exemptionReason: "Intra-Community supply" },
    ]);
    expect([inv.seller.vatId, inv.buyer.vatId]).toEqual(["PL7251234567", "DE123456789"]);
    expect(inv.delivery).toEqual({ date: "2025-03-12", country: "DE" });
    // A Polish seller invoicing in EUR states the (zero) VAT in PLN too.
    expect(inv.taxCurrency).toEqual({ code: "PLN", taxTotal: 0 });
  });

  it("export: G at 0 %, VATEX-EU-G, no VAT id needed from the buyer", () => {
    const s = exportShipment();
    delete (s.importer.tax_ids as Record<string, unknown>).vat;
    const inv = invoiceOf(s);
    expect(inv.vat).toEqual([
      { category: "G", rate: 0, basis: 53340, tax: 0, exemptionCode: "VATEX-EU-G", exemptionReason: "Export outside the EU" },
    ]);
    expect(brokenRules(writeCii(inv))).toEqual([]);
  });

  it("domestic: S at 19 %, tax = basis × rate; a line's own rate gets its own breakdown row", () => {
    const inv = invoiceOf(domesticShipment());
    expect(inv.vat).toEqual([{ category: "S", rate: 19, basis: 53340, tax: 10134.6 }]);
    expect(inv.totals).toEqual({ lineTotal: 53340, taxBasisTotal: 53340, taxTotal: 10134.6, grandTotal: 63474.6, duePayable: 63474.6 });
    const s = domesticShipment();
    (s.goods.line_items as Record<string, unknown>[])[2].vat_rate = 7;
    const mixed = invoiceOf(s);
    expect(mixed.vat.map((v) => [v.rate, v.basis, v.tax])).toEqual([
      [19, 40740, 7740.6],
      [7, 12600, 882],
    ]);
    expect(brokenRules(writeCii(mixed))).toEqual([]);
  });

  it("foreign currency: invoiced in USD, the VAT total also in PLN (BT-6, BT-111 = BT-110 × rate)", () => {
    const inv = invoiceOf(foreignCurrencyShipment());
    expect(inv.currency).toBe("USD");
    expect(inv.taxCurrency).toEqual({ code: "PLN", taxTotal: 49223.7 }); // 12,268.20 × 4.0123 = 49,223.698
    const cii = writeCii(inv);
    expect(cii).toContain("<ram:TaxCurrencyCode>PLN</ram:TaxCurrencyCode><ram:InvoiceCurrencyCode>USD</ram:InvoiceCurrencyCode>");
    expect(cii).toContain('<ram:TaxTotalAmount currencyID="PLN">49223.70</ram:TaxTotalAmount>');
    // An export in USD has no VAT: BT-111 is 0.00 PLN and no exchange rate is needed.
    const s = exportShipment();
    s.goods.currency = "USD";
    expect(invoiceOf(s).taxCurrency).toEqual({ code: "PLN", taxTotal: 0 });
  });

  const reverseCharge = () => {
    const s = domesticShipment();
    s.invoice_data = { ...s.invoice_data, vat_category: "AE" };
    return s;
  };
  const proforma = () => {
    const s = intraEuShipment();
    s.proforma_data = { proforma_number: "PF/2025/03/0042", payment_terms: "100 % in advance" };
    return s;
  };

  it.runIf(hasCiiXsd)(sharedDataName("the reverse-charge and the proforma invoice validate against the CII D16B schema", hasCiiXsd), () => {
    expect(xsdErrors(writeCii(invoiceOf(reverseCharge())))).toEqual([]);
    expect(xsdErrors(writeCii(invoiceOf(proforma(), "proforma")))).toEqual([]);
  });

  it("reverse charge when the shipment says so: AE at 0 %, VATEX-EU-AE, both VAT ids required", () => {
    const s = reverseCharge();
    const inv = invoiceOf(s);
    expect(inv.vat).toEqual([
      { category: "AE", rate: 0, basis: 53340, tax: 0, exemptionCode: "VATEX-EU-AE", exemptionReason: "Reverse charge" },
    ]);
    const cii = writeCii(inv);
    expect(brokenRules(cii)).toEqual([]);
    expect(
      brokenRules(
        cii.replace(/<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE123456789<\/ram:ID><\/ram:SpecifiedTaxRegistration>/, ""),
      ),
    ).toEqual(["BR-AE-02"]);
    delete (s.importer.tax_ids as Record<string, unknown>).vat;
    const m = mapShipmentToEInvoice(s, { kind: "commercial", issueDate: ISSUE_DATE });
    expect(m.applicable && m.missing.map((t) => t.bt)).toEqual(["BT-48"]);
  });

  it("a proforma invoice is type 325 with its own number, and keeps the business rules too", () => {
    const inv = invoiceOf(proforma(), "proforma");
    expect([inv.typeCode, inv.number, inv.paymentTerms]).toEqual(["325", "PF/2025/03/0042", "100 % in advance"]);
    const cii = writeCii(inv);
    expect(brokenRules(cii)).toEqual([]);
  });
});

describe("a broken value makes its rule fire", () => {
  const k = writeCii(invoiceOf(intraEuShipment()));
  const s = writeCii(invoiceOf(domesticShipment()));
  const g = writeCii(invoiceOf(exportShipment()));
  const fx = writeCii(invoiceOf(foreignCurrencyShipment()));
  const replace = (xml: string, from: string | RegExp, to: string) => {
    const out = xml.replace(from, to);
    expect(out, `${from} not found`).not.toBe(xml);
    return out;
  };

  it.each([
    [
      "a line amount that is not quantity × price",
      k,
      "<ram:LineTotalAmount>18000.00</ram:LineTotalAmount>",
      "<ram:LineTotalAmount>18000.01</ram:LineTotalAmount>",
      ["BR-24", "BR-CO-10", "BR-IC-08"],
    ],
    [
      "the K breakdown with VAT charged",
      k,
      "<ram:CalculatedAmount>0.00</ram:CalculatedAmount>",
      "<ram:CalculatedAmount>10.00</ram:CalculatedAmount>",
      ["BR-CO-14", "BR-CO-17", "BR-IC-09"],
    ],
    [
      "the buyer's VAT id gone from an intra-EU supply",
      k,
      /<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE123456789<\/ram:ID><\/ram:SpecifiedTaxRegistration>/,
      "",
      ["BR-IC-02"],
    ],
    [
      "no actual delivery date for an intra-EU supply",
      k,
      /<ram:ActualDeliverySupplyChainEvent>.*<\/ram:ActualDeliverySupplyChainEvent>/,
      "",
      ["BR-IC-11"],
    ],
    [
      "no exemption reason for an export",
      g,
      /<ram:ExemptionReason>.*<\/ram:ExemptionReasonCode>/,
      "<ram:BasisAmount>53340.00</ram:BasisAmount><ram:CategoryCode>G</ram:CategoryCode>",
      ["BR-G-10"],
    ],
    [
      "an exemption reason at the standard rate",
      s,
      "<ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>",
      "<ram:TypeCode>VAT</ram:TypeCode><ram:ExemptionReason>Exempt</ram:ExemptionReason><ram:BasisAmount>",
      ["BR-S-10"],
    ],
    [
      "a VAT amount that is not basis × rate",
      s,
      "<ram:CalculatedAmount>10134.60</ram:CalculatedAmount>",
      "<ram:CalculatedAmount>10134.50</ram:CalculatedAmount>",
      ["BR-CO-14", "BR-CO-17", "BR-S-09"],
    ],
    [
      "a grand total that is not net + VAT",
      s,
      "<ram:GrandTotalAmount>63474.60</ram:GrandTotalAmount>",
      "<ram:GrandTotalAmount>63474.00</ram:GrandTotalAmount>",
      ["BR-CO-15", "BR-CO-16"],
    ],
    [
      "no payment terms while an amount is due",
      s,
      /<ram:SpecifiedTradePaymentTerms>.*<\/ram:SpecifiedTradePaymentTerms>/,
      "",
      ["BR-CO-25"],
    ],
    ["a seller VAT id without its country prefix", s, ">DE811234567<", ">811234567<", ["BR-CO-09"]],
    [
      "an accounting currency without the VAT total in it",
      fx,
      /<ram:TaxTotalAmount currencyID="PLN">[^<]*<\/ram:TaxTotalAmount>/,
      "",
      ["BR-53"],
    ],
    [
      "an amount with 3 decimals",
      s,
      "<ram:TaxBasisTotalAmount>53340.00</ram:TaxBasisTotalAmount>",
      "<ram:TaxBasisTotalAmount>53340.000</ram:TaxBasisTotalAmount>",
      ["BR-DEC-12"],
    ],
  ] as const)("%s", (_name, xml, from, to, rules) => {
    expect(brokenRules(replace(xml, from, to))).toEqual([...rules].sort());
  });

  it.runIf(hasCiiXsd)(sharedDataName("the schema rejects an element out of order and an unknown element", hasCiiXsd), () => {
    expect(
      xsdErrors(replace(k, /(<ram:TypeCode>380<\/ram:TypeCode>)(<ram:IssueDateTime>.*?<\/ram:IssueDateTime>)/, "$2$1")).length,
    ).toBeGreaterThan(0);
    expect(
      xsdErrors(replace(k, "<ram:InvoiceCurrencyCode>", "<ram:Currency>EUR</ram:Currency><ram:InvoiceCurrencyCode>")).length,
    ).toBeGreaterThan(0);
  });
});

describe("what the shipment must hold", () => {
  it("names each missing business term and its field, and issues no invoice", () => {
    const s = intraEuShipment();
    delete (s.importer.tax_ids as Record<string, unknown>).vat;
    delete s.invoice_data.payment_terms;
    delete s.route.departure_date;
    (s.goods.line_items as Record<string, unknown>[])[0].unit = "lot";
    const m = mapShipmentToEInvoice(s, { kind: "commercial", issueDate: ISSUE_DATE });
    expect(m.applicable && m.invoice).toBe(null);
    expect(m.applicable && m.missing.map((t) => [t.bt, t.path.join(".")])).toEqual([
      ["BT-48", "importer.tax_ids.vat"],
      ["BT-72", "invoice_data.delivery_date"],
      ["BT-130", "goods.line_items.0.unit"],
      ["BT-20", "invoice_data.payment_terms"],
    ]);
  });

  it("a domestic sale needs its VAT rate, a foreign-currency one with VAT its exchange rate", () => {
    const s = domesticShipment();
    delete s.invoice_data.vat_rate;
    const m = mapShipmentToEInvoice(s, { kind: "commercial", issueDate: ISSUE_DATE });
    expect(m.applicable && [...new Set(m.missing.map((t) => t.bt))]).toEqual(["BT-152"]);
    const f = foreignCurrencyShipment();
    delete f.invoice_data.exchange_rate;
    const n = mapShipmentToEInvoice(f, { kind: "commercial", issueDate: ISSUE_DATE });
    expect(n.applicable && n.missing.map((t) => t.bt)).toEqual(["BT-111"]);
  });

  it("a seller outside the EU gets no e-invoice and no finding", () => {
    const s = intraEuShipment();
    s.exporter.country = "US";
    expect(mapShipmentToEInvoice(s, { kind: "commercial", issueDate: ISSUE_DATE })).toMatchObject({ applicable: false });
  });
});
