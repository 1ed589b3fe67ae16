/**
 * Expected values of the real invoices in ../shared/data/peers/extraction-dev, mapped to shipment
 * paths. The documents and their values are read from there at run time and never copied into the
 * project: they measure the extractor, nothing is tuned to them.
 *
 * Mapping (per publisher):
 *   invoice2data JSON — the supplier (partner_name, else issuer) is the exporter; amount_untaxed (else amount) → total value;
 *     country_code, partner_zip/city/street, vat (or static_vat) → the exporter's address and VAT id;
 *     invoice_number/date → invoice_data; lines with a name → line items (name, qty, price_unit).
 *   CII XML (Factur-X / ZUGFeRD) — seller → exporter, buyer → importer (name, street, postcode, city,
 *     country, VAT id; the street lines joined); InvoiceCurrencyCode, GrandTotalAmount; each line's product name, billed
 *     quantity and unit price (net or gross: the page may print either); document id and issue date.
 *     Mustang's samples map the same way.
 *   SROIE receipt keys — `company` → the exporter's name (the shop issuing the receipt); `date` →
 *     invoice_data.invoice_date (printed day first); `address` → exporter.postal_code (the last five-digit
 *     group of the one-block address); the total (tax included) has no scored path (see PROVENANCE.md).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { parseXml, all, attr, first, text, decimal, type XmlNode } from "../../shared/text/xml-tree.ts";
import type { FileKind } from "../../shared/extraction/file-kinds.ts";

export type ExpectedScalar = string | number;

export interface ExpectedLine {
  description?: string;
  quantity?: number;
  /** Any of these is right (net or gross unit price). */
  unit_price?: number[];
}

export type Publisher = "invoice2data" | "zugferd-corpus" | "mustang" | "sroie";

export interface ExpectedDocument {
  name: string;
  publisher: Publisher;
  file: string;
  kind: FileKind;
  fields: Map<string, ExpectedScalar>;
  lines: ExpectedLine[];
}

const str = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : typeof v === "number" ? String(v) : undefined);
const num = (v: unknown) =>
  typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : undefined;

function fromInvoice2data(path: string): Omit<ExpectedDocument, "name" | "publisher" | "file" | "kind"> {
  const d = (JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>[])[0];
  const fields = new Map<string, ExpectedScalar>();
  const put = (p: string, v: ExpectedScalar | undefined) => v !== undefined && fields.set(p, v);
  put("exporter.name", str(d.partner_name) ?? str(d.issuer));
  put("exporter.address", str(d.partner_street));
  put("exporter.postal_code", str(d.partner_zip));
  put("exporter.city", str(d.partner_city));
  put("exporter.country", str(d.country_code)?.toUpperCase());
  put("exporter.tax_ids.vat", (str(d.vat) ?? str(d.static_vat))?.replace(/\s+/g, ""));
  // goods.total_value is the total without tax (rule_total_matches_line_items: the sum of the lines net
  // of tax), as the embedded e-invoice readers give it; the amount due only when no untaxed one is given.
  put("goods.total_value", num(d.amount_untaxed) ?? num(d.amount));
  put("goods.currency", str(d.currency));
  put("invoice_data.invoice_number", str(d.invoice_number));
  put("invoice_data.invoice_date", str(d.date));
  const lines: ExpectedLine[] = [];
  for (const l of (d.lines as Record<string, unknown>[] | undefined) ?? []) {
    if (!str(l.name)) continue;
    const price = num(l.price_unit);
    lines.push({ description: str(l.name), quantity: num(l.qty), unit_price: price === undefined ? undefined : [price] });
  }
  return { fields, lines };
}

function fromCii(path: string): Omit<ExpectedDocument, "name" | "publisher" | "file" | "kind"> {
  const root = parseXml(readFileSync(path, "utf8"));
  const inv = first(root, "CrossIndustryInvoice");
  const tx = first(inv, "SupplyChainTradeTransaction");
  const fields = new Map<string, ExpectedScalar>();
  const put = (p: string, v: ExpectedScalar | undefined) => v !== undefined && fields.set(p, v);
  const party = (node: XmlNode | undefined, role: string) => {
    put(`${role}.name`, text(node, "Name"));
    const a = first(node, "PostalTradeAddress");
    // All street lines, joined as the reader joins them ("KUNDENWEG 88, Hof 3"): a courtyard or gate
    // line is part of where goods go. (A mapping to LineOne alone would count 3 documents' buyer
    // addresses wrong.)
    put(`${role}.address`, [text(a, "LineOne"), text(a, "LineTwo"), text(a, "LineThree")].filter(Boolean).join(", ") || undefined);
    put(`${role}.postal_code`, text(a, "PostcodeCode"));
    put(`${role}.city`, text(a, "CityName"));
    put(`${role}.country`, text(a, "CountryID"));
    const vat = all(node, "SpecifiedTaxRegistration/ID").find((r) => attr(r, "schemeID") === "VA");
    put(`${role}.tax_ids.vat`, text(vat)?.replace(/\s+/g, ""));
  };
  const agreement = first(tx, "ApplicableHeaderTradeAgreement");
  party(first(agreement, "SellerTradeParty"), "exporter");
  party(first(agreement, "BuyerTradeParty"), "importer");
  const settlement = first(tx, "ApplicableHeaderTradeSettlement");
  const currency = text(settlement, "InvoiceCurrencyCode");
  put("goods.currency", currency);
  // The total without tax (BT-109), the grand total only where it is missing (see fromInvoice2data).
  const total = (tag: string) => {
    const totals = all(settlement, `SpecifiedTradeSettlementHeaderMonetarySummation/${tag}`);
    return decimal(text(totals.find((t) => !attr(t, "currencyID") || attr(t, "currencyID") === currency) ?? totals[0]));
  };
  put("goods.total_value", total("TaxBasisTotalAmount") ?? total("GrandTotalAmount"));
  const doc = first(inv, "ExchangedDocument");
  put("invoice_data.invoice_number", text(doc, "ID"));
  const date = text(doc, "IssueDateTime/DateTimeString");
  if (date && /^\d{8}$/.test(date)) put("invoice_data.invoice_date", `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}`);
  const lines: ExpectedLine[] = all(tx, "IncludedSupplyChainTradeLineItem").map((line) => {
    const ag = first(line, "SpecifiedLineTradeAgreement");
    const prices = ["NetPriceProductTradePrice", "GrossPriceProductTradePrice"].flatMap((k) => {
      const p = first(ag, k);
      const amount = decimal(text(p, "ChargeAmount"));
      const basis = decimal(text(p, "BasisQuantity")) ?? 1;
      return amount === undefined || basis <= 0 ? [] : [amount / basis];
    });
    return {
      description: text(line, "SpecifiedTradeProduct/Name"),
      quantity: decimal(text(line, "SpecifiedLineTradeDelivery/BilledQuantity")),
      unit_price: prices.length ? prices : undefined,
    };
  });
  return { fields, lines };
}

function fromSroie(path: string): Omit<ExpectedDocument, "name" | "publisher" | "file" | "kind"> {
  const d = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  const fields = new Map<string, ExpectedScalar>();
  const company = str(d.company);
  if (company) fields.set("exporter.name", company);
  const date = sroieDate(str(d.date));
  if (date) fields.set("invoice_data.invoice_date", date);
  // The address is one free-text block; its postcode (Malaysia's are five digits, the last group in it) is scored.
  const postcode = [...(str(d.address) ?? "").matchAll(/\b\d{5}\b/g)].pop()?.[0];
  if (postcode) fields.set("exporter.postal_code", postcode);
  return { fields, lines: [] };
}

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/** A SROIE key's date as ISO: Malaysian receipts print the day first ("25/12/2018", "18-03-18", "15 MAR 2018"). */
function sroieDate(printed: string | undefined): string | undefined {
  if (!printed) return undefined;
  const numeric = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(printed);
  const named = /^(\d{1,2}) ([A-Z]{3})[A-Z]* (\d{2}|\d{4})$/i.exec(printed);
  const [day, month, year] = numeric
    ? [Number(numeric[1]), Number(numeric[2]), numeric[3]]
    : named
      ? [Number(named[1]), MONTHS.indexOf(named[2].toUpperCase()) + 1, named[3]]
      : [0, 0, ""];
  if (day < 1 || day > 31 || month < 1 || month > 12) return undefined;
  const y = year.length === 2 ? `20${year}` : year;
  return `${y}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const KINDS: Record<string, FileKind> = { ".pdf": "pdf", ".png": "png", ".jpg": "jpeg", ".jpeg": "jpeg" };

/** Every document of the dev set with its expected values; [] when the folder is absent. */
export function loadExpectedDocuments(dir: string): ExpectedDocument[] {
  const out: ExpectedDocument[] = [];
  for (const publisher of ["invoice2data", "zugferd-corpus", "mustang", "sroie"] as const) {
    const folder = join(dir, publisher);
    if (!existsSync(folder)) continue;
    for (const f of readdirSync(folder).sort()) {
      const ext = /\.[a-z]+$/i.exec(f)?.[0].toLowerCase() ?? "";
      const kind = KINDS[ext];
      if (!kind) continue;
      const stem = basename(f, ext);
      const json = publisher === "invoice2data" || publisher === "sroie";
      const truth = join(folder, `${stem}.${json ? "json" : "xml"}`);
      if (!existsSync(truth)) continue;
      const values = publisher === "invoice2data" ? fromInvoice2data(truth) : publisher === "sroie" ? fromSroie(truth) : fromCii(truth);
      out.push({ name: f, publisher, file: join(folder, f), kind, ...values });
    }
  }
  return out;
}
