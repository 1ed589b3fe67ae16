import { describe, expect, it } from "vitest";
import { runExtraction } from "../../../shared/extraction/run-extraction.ts";
import { extractionConfigWith } from "../../../shared/extraction/extraction-config.ts";
import {
  countryCode,
  detectDecimalComma,
  findHsCode,
  findLocode,
  parseNumber,
  transportMode,
} from "../../../shared/extraction/extractors/builtin/normalize-values.ts";
import { parseParty } from "../../../shared/extraction/extractors/builtin/party.ts";
import { extractBuiltin } from "../../../shared/extraction/extractors/builtin/builtin-extractor.ts";
import { flattenResultTree } from "../../../shared/extraction/extraction-result.ts";
import { makeShipment } from "../../support/extraction-corpus/corpus-data.ts";
import { PDF_STYLES, type PdfStyle } from "../../support/extraction-corpus/pdf-styles.ts";
import { SHEET_STYLES, writeXlsx, type SheetStyle } from "../../support/extraction-corpus/sheet-styles.ts";
import { precisionRecall, scoreExtraction } from "../../support/extraction-corpus/score.ts";

const config = extractionConfigWith({ extractor: "builtin" });

describe("value parsing", () => {
  it.each([
    ["1,234.56", false, 1234.56],
    ["1.234,56", true, 1234.56],
    ["1 234,56", true, 1234.56],
    ["1,200", false, 1200],
    ["1.200", true, 1200],
    ["0,45", true, 0.45],
    ["$12,345.67", false, 12345.67],
    ["(12.50)", false, 12.5],
    ["1'234.5", false, 1234.5],
  ] as const)("parseNumber(%s, decimalComma=%s) = %s", (text, comma, n) => {
    expect(parseNumber(text, comma)).toBe(n);
  });

  it("decides the decimal mark from the whole document", () => {
    expect(detectDecimalComma(["12.345,67 EUR", "0,45", "1.200"])).toBe(true);
    expect(detectDecimalComma(["12,345.67", "0.45"])).toBe(false);
  });

  it("countries by name in several languages, codes and aliases", () => {
    expect(countryCode("Deutschland")).toBe("DE");
    expect(countryCode("Allemagne")).toBe("DE");
    expect(countryCode("Estados Unidos")).toBe("US");
    expect(countryCode("USA")).toBe("US");
    expect(countryCode("P.R. China")).toBe("CN");
    expect(countryCode("GB")).toBe("GB");
    expect(countryCode("Hamburg")).toBeNull();
  });

  it("codes inside free text", () => {
    expect(findLocode("Hamburg (DEHAM)")).toBe("DEHAM");
    expect(findLocode("Le Havre - FR LEH")).toBe("FRLEH");
    expect(findHsCode("7318.15.81.00")).toBe("7318158100");
    expect(findHsCode("0901 21")).toBe("090121");
    expect(transportMode("Seefracht")).toBe("sea");
    expect(transportMode("Aérien")).toBe("air");
    expect(transportMode("OCEAN")).toBe("sea");
  });

  it("party blocks: name, street, postal line, country, ids", () => {
    const fields = Object.fromEntries(
      parseParty([
        { text: "Müller GmbH", confidence: 1 },
        { text: "Hafenstraße 5", confidence: 1 },
        { text: "20457 Hamburg", confidence: 1 },
        { text: "Germany", confidence: 1 },
        { text: "EORI: DE123456789012345", confidence: 1 },
      ]).map((f) => [f.field, f.value]),
    );
    expect(fields).toEqual({
      name: "Müller GmbH",
      address: "Hafenstraße 5",
      postal_code: "20457",
      city: "Hamburg",
      country: "DE",
      "tax_ids.eori": "DE123456789012345",
    });
    const us = Object.fromEntries(
      parseParty([{ text: "Acme Inc., 1 Main St, Chicago, IL 60607, USA", confidence: 1 }]).map((f) => [f.field, f.value]),
    );
    expect(us).toMatchObject({ name: "Acme Inc.", city: "Chicago", state: "IL", postal_code: "60607", country: "US" });
    expect(parseParty([{ text: "Same as consignee", confidence: 1 }])).toEqual([]);
  });

  it("a register line is no postal line, and OCR's I of an elision is an l", () => {
    const read = (...texts: string[]) =>
      Object.fromEntries(parseParty(texts.map((text) => ({ text, confidence: 0.9 }))).map((f) => [f.field, f.value]));
    expect(read("LE FOURNISSEUR", "1242 chemin de I'olive", "75018 PARIS", "SIREN SIRET 123 456 789 00014")).toMatchObject({
      address: "1242 chemin de l'olive",
      postal_code: "75018",
      city: "PARIS",
    });
    expect(read("e-Luscious Nederland B.V.", "Badweg 48, 8401 BL, Gorredijk", "Tel. 0513 123456")).toMatchObject({
      address: "Badweg 48",
      postal_code: "8401 BL",
      city: "Gorredijk",
    });
  });

  it("an attention line names the person the letter goes to, not the street", () => {
    const read = (...texts: string[]) =>
      Object.fromEntries(parseParty(texts.map((text) => ({ text, confidence: 1 }))).map((f) => [f.field, f.value]));
    expect(read("Muster-Kunde GmbH", "z. Hd. Herr Mustermann", "Musterweg 1", "80333 München").address).toBe("Musterweg 1");
    expect(read("Strategic Corp", "T.a.v. bosd", "Fakestreet 46", "3500 MJ Utrecht").address).toBe("Fakestreet 46");
    expect(read("Harbour Tools Ltd", "Attn: Accounts Payable", "12 Dock Road", "Leeds LS1 4AB").address).toBe("12 Dock Road");
    // A street that happens to start with the word is a street.
    expect(read("Attn Corp", "Attention Street 5", "12345 Berlin").address).toBe("Attention Street 5");
  });

  it("a line wholly in brackets is a note, whichever bracket OCR read", () => {
    for (const note of ["(Not to be used for payment remittance)", "{Not to be used for payment remittance)"]) {
      const fields = parseParty([
        { text: note, confidence: 0.9 },
        { text: "Amazon Web Services, Inc.", confidence: 0.9 },
      ]);
      expect(fields.find((f) => f.field === "name")?.value).toBe("Amazon Web Services, Inc.");
    }
  });
});

describe("built-in extractor on layouts it was not written from", () => {
  // Shipment seeds not used by the benchmark corpus; thresholds leave room only for the fields a
  // layout words in ways the extractor does not know ("From:"/"To:" ports of the packing list).
  it.each(Object.keys(PDF_STYLES) as PdfStyle[])("PDF %s", async (style) => {
    const doc = await PDF_STYLES[style](makeShipment(5));
    const outcome = await runExtraction(doc.bytes, "pdf", config);
    expect(outcome.source).toBe("pdf-text");
    const pr = precisionRecall(scoreExtraction(outcome.result, doc.expected));
    expect(pr.precision).toBeGreaterThanOrEqual(0.95);
    expect(pr.recall).toBeGreaterThanOrEqual(0.9);
  });

  it.each(Object.keys(SHEET_STYLES) as SheetStyle[])("XLSX %s", async (style) => {
    const doc = SHEET_STYLES[style](makeShipment(6));
    const outcome = await runExtraction(await writeXlsx(doc), "xlsx", config);
    const pr = precisionRecall(scoreExtraction(outcome.result, doc.expected));
    expect(pr.precision).toBeGreaterThanOrEqual(0.95);
    expect(pr.recall).toBeGreaterThanOrEqual(0.95);
  });

  it("every leaf is {value, confidence} with 0 ≤ confidence ≤ 1, in the TradeShipment structure", async () => {
    const doc = await PDF_STYLES["boxed-en"](makeShipment(7));
    const { result } = await runExtraction(doc.bytes, "pdf", config);
    expect(
      Object.keys(result).every((k) => ["exporter", "importer", "notify_party", "route", "goods", "packaging", "invoice_data"].includes(k)),
    ).toBe(true);
    expect(Array.isArray((result.goods as { line_items: unknown[] }).line_items)).toBe(true);
    const leaves = Object.values(flattenResultTree(result));
    expect(leaves.length).toBeGreaterThan(20);
    for (const l of leaves) {
      expect(["string", "number"]).toContain(typeof l.value);
      expect(l.confidence).toBeGreaterThanOrEqual(0);
      expect(l.confidence).toBeLessThanOrEqual(1);
    }
  });

  it("nothing recognisable gives an empty extraction", () => {
    const out = extractBuiltin({
      source: "pdf-text",
      pageCount: 1,
      lines: [{ page: 1, y: 0, height: 10, segments: [{ text: "Lorem ipsum dolor sit amet", x0: 0, x1: 100, confidence: 1 }] }],
    });
    expect(out.size).toBe(0);
  });
});
