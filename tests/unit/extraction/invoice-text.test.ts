/**
 * Reading invoices from their page text: dates, totals (never a year or a subtotal), party blocks with
 * labelled and id lines, country-prefixed postcodes and VAT ids. Hand-made lines, laid out as a PDF
 * text layer gives them (positions in points).
 */
import { describe, expect, it } from "vitest";
import type { DocumentText, TextLine } from "../../../shared/extraction/document-text.ts";
import { applyChecks } from "../../../shared/extraction/confidence.ts";
import { extractBuiltin } from "../../../shared/extraction/extractors/builtin/builtin-extractor.ts";
import { documentDateOrder, parseDate } from "../../../shared/extraction/extractors/builtin/dates.ts";
import { parseParty } from "../../../shared/extraction/extractors/builtin/party.ts";
import { looksLikeAddress } from "../../../shared/extraction/extractors/builtin/steps/read-seller.ts";
import { bestTotal, moneyIn, totalRank } from "../../../shared/extraction/extractors/builtin/totals.ts";

/** Lines from [x, text] runs, 14 pt apart. */
function doc(rows: [number, string][][]): DocumentText {
  const lines: TextLine[] = rows.map((runs, i) => ({
    page: 1,
    y: 40 + i * 14,
    height: 10,
    segments: runs.map(([x, text]) => ({ text, x0: x, x1: x + text.length * 5.5, confidence: 1 })),
  }));
  return { source: "pdf-text", pageCount: 1, lines };
}

const value = (d: DocumentText, path: string) => applyChecks(extractBuiltin(d)).get(path);

describe("dates", () => {
  it.each([
    ["Invoice Date: August 3 , 2014", "2014-08-03", 1],
    ["Factuurdatum: 19 april 2014", "2014-04-19", 1],
    ["Rechnungsdatum 28. November 2022", "2022-11-28", 1],
    ["Date de facture 13/11/2017", "2017-11-13", 1],
    ["fecha 2026-01-09", "2026-01-09", 1],
    ["data fattura 3 marzo 2025", "2025-03-03", 1],
  ])("%s → %s", (text, iso, certainty) => {
    expect(parseDate(text)).toEqual({ date: iso, certainty });
  });

  it("a numeric date whose day and month could be swapped is less certain; impossible dates are none", () => {
    expect(parseDate("03/04/2024")!.certainty).toBeLessThan(0.9);
    expect(parseDate("31/02/2024")).toBeNull();
    expect(parseDate("no date here 12345")).toBeNull();
  });

  it("the document's unambiguous dates decide the order of the others", () => {
    // An English invoice of a French seller, dated the US way: its payment line shows the order.
    const texts = ["Invoice Date", "11/03/2017", "Due Date", "12/03/2017", "SEPA Wire transfer", "11/17/2017"];
    expect(documentDateOrder(texts)).toBe("month-first");
    expect(parseDate("11/03/2017", documentDateOrder(texts))).toEqual({ date: "2017-11-03", certainty: 0.9 });
    expect(documentDateOrder(["Rechnungsdatum 03.04.2024", "Lieferung 28.03.2024"])).toBe("day-first");
    expect(documentDateOrder(["03/04/2024", "Page 1/2"])).toBeUndefined();
    expect(parseDate("03/04/2024", "day-first")).toEqual({ date: "2024-04-03", certainty: 0.95 });
  });

  it("a whole US-dated document reads its invoice date month first", () => {
    const lines = (rows: [number, string, string][]): DocumentText => ({
      source: "pdf-text",
      pageCount: 1,
      lines: rows.map(([y, label, v]) => ({
        page: 1,
        y,
        height: 10,
        segments: [
          { text: label, x0: 30, x1: 130, confidence: 1 },
          { text: v, x0: 160, x1: 220, confidence: 1 },
        ],
      })),
    });
    const d = lines([
      [20, "Invoice Date", "11/03/2017"],
      [34, "Due Date", "11/17/2017"],
    ]);
    expect(value(d, "invoice_data.invoice_date")?.value).toBe("2017-11-03");
  });
});

describe("totals", () => {
  it("a year or day on the total line is not the amount; the money beside it is", () => {
    expect(moneyIn("TOTAL AMOUNT DUE ON August 3 , 2014", false)).toBeNull();
    expect(moneyIn("$4.11", false)).toEqual({ value: 4.11, certainty: 1 });
    expect(moneyIn("Total 2019", false)).toBeNull();
    expect(moneyIn("Total TTC 671,15 €", true)).toEqual({ value: 671.15, certainty: 1 });
  });

  it("ranks labels: amount due / incl. tax over total over net total; a subtotal never counts", () => {
    expect(totalRank("Amount due")).toBeGreaterThan(totalRank("Total"));
    expect(totalRank("Total")).toBeGreaterThan(totalRank("Total HT"));
    expect(totalRank("Subtotal")).toBeLessThan(0);
    const best = bestTotal([
      { value: 593.36, confidence: 0.9, rank: totalRank("Total excl. VAT") },
      { value: 800, confidence: 0.9, rank: totalRank("Zwischensumme") },
      { value: 717.97, confidence: 0.9, rank: totalRank("Gesamtbetrag") },
    ]);
    expect(best!.value).toBe(717.97);
  });

  it("end to end: the total is the amount to the right of a dated total label, not the year", () => {
    const d = doc([
      [[40, "COMMERCIAL INVOICE"]],
      [
        [300, "TOTAL AMOUNT DUE ON August 3 , 2014"],
        [520, "$4.11"],
      ],
      [
        [40, "Subtotal"],
        [520, "$3.00"],
      ],
    ]);
    expect(value(d, "goods.total_value")!.value).toBe(4.11);
  });
});

describe("invoice number and date", () => {
  it("are read from their labels in several languages", () => {
    const d = doc([[[40, "Factuurnummer: 993100200"]], [[40, "Factuurdatum: 19 april 2014"]]]);
    expect(value(d, "invoice_data.invoice_number")!.value).toBe("993100200");
    expect(value(d, "invoice_data.invoice_date")!.value).toBe("2014-04-19");
    const fr = doc([
      [[40, "Facture FA-2026-0042"]],
      [
        [40, "Date de facture"],
        [200, "05/03/2026"],
      ],
    ]);
    expect(value(fr, "invoice_data.invoice_number")!.value).toBe("FA-2026-0042");
    expect(value(fr, "invoice_data.invoice_date")!.value).toBe("2026-03-05");
  });
});

describe("party blocks", () => {
  const line = (text: string) => ({ text, confidence: 1 });
  const fields = (lines: string[]) => Object.fromEntries(parseParty(lines.map(line)).map((f) => [f.field, f.value]));

  it("a phone behind an icon is a contact, not the last address line; a preposition goes with its country", () => {
    expect(
      fields([
        "Hôtel Saint Denis",
        "42 rue du stade",
        "97400 Saint Denis de la Réunion",
        "France",
        "☎ +262 262 12 34 56",
        "✉ book@hotel.re",
      ]),
    ).toEqual({
      name: "Hôtel Saint Denis",
      address: "42 rue du stade",
      postal_code: "97400",
      city: "Saint Denis",
      country: "FR",
      contact_phone: "+262 262 12 34 56",
      contact_email: "book@hotel.re",
    });
  });

  it("skips id lines, reads labelled name and address lines, and splits a country-prefixed postcode", () => {
    expect(
      fields([
        "Nummer: 120044",
        "Globale Nummer: 4000001000005 (GLN)",
        "Name: Beispiel Handel GmbH",
        "Anschrift: Lindenweg 4",
        "DE 10115 BERLIN",
        "USt.-Id.-Nr.: DE111222333",
      ]),
    ).toEqual({
      name: "Beispiel Handel GmbH",
      address: "Lindenweg 4",
      country: "DE",
      postal_code: "10115",
      city: "BERLIN",
      "tax_ids.vat": "DE111222333",
    });
  });

  it("an id line whose colon OCR lost, a Dutch postcode, a country after the place", () => {
    expect(
      fields(["Nummer 549910", "Globale Nummer 4333741000005 (GTIN)", "Vos Techniek B.V.", "Weena 12", "3012 CN Rotterdam Nederland"]),
    ).toEqual({
      name: "Vos Techniek B.V.",
      address: "Weena 12",
      postal_code: "3012 CN",
      city: "Rotterdam",
      country: "NL",
    });
    // A number word before a short number is an address ("Haus Nr 5"), not an id.
    expect(fields(["Vos Techniek B.V.", "Haus Nr 5", "3012 CN Rotterdam"]).address).toBe("Haus Nr 5");
    expect(looksLikeAddress("3012CN Rotterdam")).toBe(true);
    expect(fields(["Global Supplies Ltd.", "153 Victoria Street", "GB SW1B 3BN London"])).toMatchObject({
      address: "153 Victoria Street",
      postal_code: "SW1B 3BN",
      city: "London",
      country: "GB",
    });
  });

  it("takes the country from the VAT id when no address line names one", () => {
    expect(fields(["Studio Verde Srl", "Via Roma 5", "P.IVA IT01234567890"])).toMatchObject({
      country: "IT",
      "tax_ids.vat": "IT01234567890",
    });
    expect(fields(["Nikos Trading", "BTW-nummer: EL123456789"])).toMatchObject({ country: "GR" });
  });

  it("a postcode followed by a comma before its city: 53200, KUALA LUMPUR", () => {
    expect(fields(["SYARIKAT PERNIAGAAN GIN KEE", "NO 290, JALAN AIR PANAS,", "SETAPAK,", "53200, KUALA LUMPUR."])).toMatchObject({
      postal_code: "53200",
      city: "KUALA LUMPUR.",
    });
  });

  it("old national prefixes: D-80333 München is DE and 80333", () => {
    expect(fields(["Alpen Werkzeug KG", "Bergstr. 2", "D-80333 München"])).toMatchObject({
      country: "DE",
      postal_code: "80333",
      city: "München",
    });
  });

  it("a scanned party block: the colon of a continued label lost, lines as tall as their glyphs", () => {
    // OCR gives "Hafenweg 9" the height of its glyphs (7) while the lines stand 18 apart: no blank line.
    const rows: [number, number, string][] = [
      [100, 9, "Kaufer/Leistungsempfinger"],
      [118, 10, "Nummer: 7002"],
      [136, 10, "Bistro Mond GmbH"],
      [154, 7, "Hafenweg 9"],
      [172, 7, "DE 20457 HAMBURG"],
      [190, 10, "USt.-Id.-Nr.: DE123456789"],
      [260, 10, "Zahlungsbedingungen: 30 Tage netto"],
    ];
    const d: DocumentText = {
      source: "pdf-ocr",
      pageCount: 1,
      lines: rows.map(([y, height, text]) => ({
        page: 1,
        y,
        height,
        segments: [{ text, x0: 40, x1: 40 + 5.5 * text.length, confidence: 0.92 }],
      })),
    };
    const flat = applyChecks(extractBuiltin(d));
    expect(flat.get("importer.name")?.value).toBe("Bistro Mond GmbH");
    expect(flat.get("importer.address")?.value).toBe("Hafenweg 9");
    expect(flat.get("importer.postal_code")?.value).toBe("20457");
    expect(flat.get("importer.tax_ids.vat")?.value).toBe("DE123456789");
  });

  it("a scanned grid of labels and values: the next label on the left ends the party's value block", () => {
    const rows: [number, [number, string][]][] = [
      [
        221,
        [
          [84, "Exportador"],
          [397, "Trattoria Sole S.r.l."],
        ],
      ],
      [249, [[397, "Via Roma 31"]]],
      [273, [[397, "20144 Milano"]]],
      [298, [[397, "Italia"]]],
      // 40 below the last line, 1.6 times the block's spacing of 25: no blank line by distance alone.
      [
        338,
        [
          [84, "Importador"],
          [397, "Bharat Spice Exports Pvt. Ltd."],
        ],
      ],
      [365, [[397, "Plot 17, MIDC Andheri East"]]],
      [390, [[397, "Mumbai 400093"]]],
      [415, [[397, "India"]]],
    ];
    const d: DocumentText = {
      source: "image-ocr",
      pageCount: 1,
      lines: rows.map(([y, segs]) => ({
        page: 1,
        y,
        height: 16.5,
        segments: segs.map(([x0, text]) => ({ text, x0, x1: x0 + 8 * text.length, confidence: 0.93 })),
      })),
    };
    const flat = applyChecks(extractBuiltin(d));
    expect(flat.get("exporter.address")?.value).toBe("Via Roma 31");
    expect(flat.get("exporter.city")?.value).toBe("Milano");
    expect(flat.get("exporter.country")?.value).toBe("IT");
    expect(flat.get("importer.city")?.value).toBe("Mumbai");
  });

  it("a continued party label ('Käufer/Leistungsempfänger:') is not the party's name", () => {
    const d = doc([
      [[40, "Verkäufer:"]],
      [[40, "Nummer: 5001"]],
      [[40, "Feinkost Sonne GmbH"]],
      [[40, "Marktplatz 1"]],
      [[40, "DE 50667 KOELN"]],
      [],
      [],
      [[40, "Käufer/Leistungsempfänger:"]],
      [[40, "Nummer: 7002"]],
      [[40, "Bistro Mond GmbH"]],
      [[40, "Hafenweg 9"]],
      [[40, "DE 20457 HAMBURG"]],
    ]);
    const flat = applyChecks(extractBuiltin(d));
    expect(flat.get("exporter.name")!.value).toBe("Feinkost Sonne GmbH");
    expect(flat.get("importer.name")!.value).toBe("Bistro Mond GmbH");
    expect(flat.get("importer.postal_code")!.value).toBe("20457");
  });
});
