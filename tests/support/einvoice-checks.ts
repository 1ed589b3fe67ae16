/**
 * Checks of generated CII XML for the tests: the D16B schema with xmllint (apt libxml2-utils), and the
 * EN 16931 business rules the mapping touches, each named by its CEN rule id and checked the way its text
 * says (core BR-nn, the calculations BR-CO-*, decimals BR-DEC-*, the VAT categories BR-S-*, BR-IC-*, BR-G-*,
 * BR-AE-*, the accounting currency BR-53). This is the tests' reading of the rules; CEN's own rule files
 * are run apart from the project by scripts/check-einvoice-rules.ts (docs/einvoice.md).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { all, attr, first, parseXml, text, type XmlNode } from "../../shared/text/xml-tree.ts";

export const CII_XSD = join(
  import.meta.dirname,
  "../../../shared/data/einvoice/cen-en16931-1.3.16/cii/schema/D16B/CrossIndustryInvoice_100pD16B.xsd",
);
/** CEN's schema is workspace data (../shared/data): a clone without it skips the schema checks, by name. */
export const hasCiiXsd = existsSync(CII_XSD);

/** xmllint --schema on the XML: exit status 0 and "validates", or the errors. */
export function xsdErrors(xml: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), "tds-cii-"));
  try {
    const file = join(dir, "invoice.xml");
    writeFileSync(file, xml);
    const run = spawnSync("xmllint", ["--noout", "--schema", CII_XSD, file], { encoding: "utf8" });
    if (run.error) throw new Error(`xmllint missing — apt-get install -y libxml2-utils (${run.error.message})`);
    return run.status === 0 ? [] : run.stderr.split("\n").filter((l) => l.includes("error"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const num = (s: string | undefined) => (s === undefined ? Number.NaN : Number(s));
const r2 = (n: number) => Math.round(n * 100) / 100;
const eq = (a: number, b: number) => Math.abs(a - b) < 0.005;
const decimals = (s: string | undefined) => (s?.split(".")[1] ?? "").length;
const VAT_ID = /^(?:[A-Z]{2}|EL)[0-9A-Za-z+*.]{2,}$/;

/** The ids of the EN 16931 rules (of the families above) that the CII invoice breaks; [] = all hold. */
export function brokenRules(xml: string): string[] {
  const failed = new Set<string>();
  const must = (id: string, ok: boolean) => {
    if (!ok) failed.add(id);
  };
  const root = first(parseXml(xml), "CrossIndustryInvoice");
  const doc = first(root, "ExchangedDocument");
  const tx = first(root, "SupplyChainTradeTransaction");
  const agreement = first(tx, "ApplicableHeaderTradeAgreement");
  const delivery = first(tx, "ApplicableHeaderTradeDelivery");
  const settlement = first(tx, "ApplicableHeaderTradeSettlement");
  const sums = first(settlement, "SpecifiedTradeSettlementHeaderMonetarySummation");
  const seller = first(agreement, "SellerTradeParty");
  const buyer = first(agreement, "BuyerTradeParty");
  const currency = text(settlement, "InvoiceCurrencyCode");
  const taxCurrency = text(settlement, "TaxCurrencyCode");
  const vatId = (p: XmlNode | undefined) => all(p, "SpecifiedTaxRegistration/ID").find((i) => attr(i, "schemeID") === "VA");

  // Core (BR-01 … BR-27, BR-65).
  must("BR-01", text(root, "ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID") !== undefined);
  must("BR-02", text(doc, "ID") !== undefined);
  must("BR-03", /^\d{8}$/.test(text(doc, "IssueDateTime/DateTimeString") ?? ""));
  must("BR-04", text(doc, "TypeCode") !== undefined);
  must("BR-05", /^[A-Z]{3}$/.test(currency ?? ""));
  must("BR-06", text(seller, "Name") !== undefined);
  must("BR-07", text(buyer, "Name") !== undefined);
  must("BR-08", first(seller, "PostalTradeAddress") !== undefined);
  must("BR-09", /^[A-Z]{2}$/.test(text(seller, "PostalTradeAddress/CountryID") ?? ""));
  must("BR-10", first(buyer, "PostalTradeAddress") !== undefined);
  must("BR-11", /^[A-Z]{2}$/.test(text(buyer, "PostalTradeAddress/CountryID") ?? ""));
  must("BR-12", text(sums, "LineTotalAmount") !== undefined);
  must("BR-13", text(sums, "TaxBasisTotalAmount") !== undefined);
  must("BR-14", text(sums, "GrandTotalAmount") !== undefined);
  must("BR-15", text(sums, "DuePayableAmount") !== undefined);
  const lines = all(tx, "IncludedSupplyChainTradeLineItem");
  must("BR-16", lines.length > 0);
  const lineAmounts: number[] = [];
  const lineCategories = new Map<string, number>(); // "S 19" → sum of line amounts
  for (const line of lines) {
    const quantity = first(line, "SpecifiedLineTradeDelivery/BilledQuantity");
    const price = text(line, "SpecifiedLineTradeAgreement/NetPriceProductTradePrice/ChargeAmount");
    const amount = text(line, "SpecifiedLineTradeSettlement/SpecifiedTradeSettlementLineMonetarySummation/LineTotalAmount");
    const tax = first(line, "SpecifiedLineTradeSettlement/ApplicableTradeTax");
    must("BR-21", text(line, "AssociatedDocumentLineDocument/LineID") !== undefined);
    must("BR-22", text(quantity) !== undefined);
    must("BR-23", attr(quantity, "unitCode") !== undefined);
    must("BR-24", amount !== undefined);
    must("BR-25", text(line, "SpecifiedTradeProduct/Name") !== undefined);
    must("BR-26", price !== undefined);
    must("BR-27", num(price) >= 0);
    for (const c of all(line, "SpecifiedTradeProduct/DesignatedProductClassification/ClassCode"))
      must("BR-65", attr(c, "listID") !== undefined);
    must("BR-CO-04", text(tax, "CategoryCode") !== undefined);
    must("BR-DEC-23", decimals(amount) <= 2);
    lineAmounts.push(num(amount));
    const key = `${text(tax, "CategoryCode")} ${num(text(tax, "RateApplicablePercent"))}`;
    lineCategories.set(key, (lineCategories.get(key) ?? 0) + num(amount));
    // The line amount is quantity × net price (EN 16931 6.4, the basis of BR-CO-10's sum).
    must("BR-24", eq(num(amount), r2(num(text(quantity)) * num(price))));
  }

  // Totals and their calculation (BR-CO-*), decimals (BR-DEC-*).
  const lineTotal = num(text(sums, "LineTotalAmount"));
  const basisTotal = num(text(sums, "TaxBasisTotalAmount"));
  const taxTotals = all(sums, "TaxTotalAmount");
  const taxTotal = taxTotals.find((t) => attr(t, "currencyID") === currency);
  const grand = num(text(sums, "GrandTotalAmount"));
  const due = num(text(sums, "DuePayableAmount"));
  const breakdown = all(settlement, "ApplicableTradeTax");
  must("BR-CO-10", eq(lineTotal, r2(lineAmounts.reduce((s, a) => s + a, 0))));
  must("BR-CO-13", eq(basisTotal, lineTotal));
  must(
    "BR-CO-14",
    taxTotal !== undefined && eq(num(text(taxTotal)), r2(breakdown.reduce((s, b) => s + num(text(b, "CalculatedAmount")), 0))),
  );
  must("BR-CO-15", eq(grand, basisTotal + num(text(taxTotal))));
  must("BR-CO-16", eq(due, grand));
  must("BR-CO-18", breakdown.length > 0);
  must(
    "BR-CO-25",
    !(due > 0) ||
      first(settlement, "SpecifiedTradePaymentTerms/Description") !== undefined ||
      first(settlement, "SpecifiedTradePaymentTerms/DueDateDateTime") !== undefined,
  );
  must(
    "BR-CO-26",
    vatId(seller) !== undefined || first(seller, "ID") !== undefined || first(seller, "SpecifiedLegalOrganization/ID") !== undefined,
  );
  for (const p of [seller, buyer]) {
    const id = vatId(p);
    if (id) must("BR-CO-09", VAT_ID.test(text(id) ?? ""));
  }
  for (const [id, tag] of [
    ["BR-DEC-09", "LineTotalAmount"],
    ["BR-DEC-12", "TaxBasisTotalAmount"],
    ["BR-DEC-13", "TaxTotalAmount"],
    ["BR-DEC-14", "GrandTotalAmount"],
    ["BR-DEC-18", "DuePayableAmount"],
  ] as const)
    for (const t of all(sums, tag)) must(id, decimals(text(t)) <= 2);
  must("BR-53", !taxCurrency || (taxTotals.some((t) => attr(t, "currencyID") === taxCurrency) && taxCurrency !== currency));

  // VAT breakdown: each category's basis is its lines' sum (BR-x-08), its tax is basis × rate (BR-CO-17, BR-x-09).
  const categories = new Set([...lineCategories.keys()].map((k) => k.split(" ")[0]));
  const family = { S: "BR-S", K: "BR-IC", G: "BR-G", AE: "BR-AE" } as Record<string, string>;
  for (const b of breakdown) {
    const category = text(b, "CategoryCode") ?? "";
    const rate = num(text(b, "RateApplicablePercent"));
    const basis = num(text(b, "BasisAmount"));
    const tax = num(text(b, "CalculatedAmount"));
    const f = family[category];
    must("BR-45", text(b, "BasisAmount") !== undefined);
    must("BR-46", text(b, "CalculatedAmount") !== undefined);
    must("BR-47", category !== "");
    must("BR-DEC-19", decimals(text(b, "BasisAmount")) <= 2);
    must("BR-DEC-20", decimals(text(b, "CalculatedAmount")) <= 2);
    must("BR-CO-17", eq(tax, r2((basis * rate) / 100)));
    if (!f) continue;
    must(`${f}-08`, eq(basis, r2(lineCategories.get(`${category} ${rate}`) ?? Number.NaN)));
    const hasReason = text(b, "ExemptionReason") !== undefined || text(b, "ExemptionReasonCode") !== undefined;
    if (category === "S") {
      must("BR-S-09", eq(tax, r2((basis * rate) / 100)));
      must("BR-S-10", !hasReason);
    } else {
      must(`${f}-09`, tax === 0);
      must(`${f}-10`, hasReason);
    }
  }
  for (const category of categories) {
    const f = family[category];
    if (!f) continue;
    const rows = breakdown.filter((b) => text(b, "CategoryCode") === category);
    must(`${f}-01`, category === "S" ? rows.length > 0 : rows.length === 1);
    if (category === "S") must("BR-S-02", vatId(seller) !== undefined);
    else if (category === "G") must("BR-G-02", vatId(seller) !== undefined);
    else must(`${f}-02`, vatId(seller) !== undefined && vatId(buyer) !== undefined);
    for (const [key] of lineCategories)
      if (key.startsWith(`${category} `)) must(`${f}-05`, category === "S" ? num(key.split(" ")[1]) > 0 : num(key.split(" ")[1]) === 0);
    if (category === "K") {
      must("BR-IC-11", first(delivery, "ActualDeliverySupplyChainEvent/OccurrenceDateTime") !== undefined);
      must("BR-IC-12", text(delivery, "ShipToTradeParty/PostalTradeAddress/CountryID") !== undefined);
    }
  }
  return [...failed].sort();
}
