/**
 * Reading plain PDFs as a person does, on small DocumentText fixtures built here (made-up parties):
 * the table from positions (wrapped descriptions, notes and headings that are no items), the total
 * without tax by arithmetic, the seller from the letterhead or its VAT-id block, currencies from
 * signs and codes with the seller's country.
 */
import { describe, expect, it } from "vitest";
import type { DocumentText, TextLine } from "../../../shared/extraction/document-text.ts";
import { chooseTotal, labelledAmounts } from "../../../shared/extraction/extractors/builtin/choose-total.ts";
import { extractBuiltin } from "../../../shared/extraction/extractors/builtin/builtin-extractor.ts";
import { repairLegalForm } from "../../../shared/extraction/extractors/builtin/repair-legal-form.ts";
import { repairPostcodeDigits } from "../../../shared/extraction/extractors/builtin/repair-postcode.ts";
import { domainNames, webDomains } from "../../../shared/extraction/extractors/builtin/steps/web-domains.ts";
import { confidenceFromEvidence } from "../../../shared/extraction/value-evidence.ts";

/** One line: its top y and its segments as [x0, text]; a segment is 5 units per character wide. */
type Row = [number, [number, string][]];
function doc(rows: Row[], source: DocumentText["source"] = "pdf-text"): DocumentText {
  const lines: TextLine[] = rows.map(([y, segs]) => ({
    page: 1,
    y,
    height: 10,
    segments: segs.map(([x0, text]) => ({ text, x0, x1: x0 + 5 * text.length, confidence: 1 })),
  }));
  return { source, pageCount: 1, lines };
}
const values = (d: DocumentText) => new Map([...extractBuiltin(d)].map(([k, v]) => [k, v.value]));

const EXPORT_INVOICE: Row[] = [
  [20, [[360, "Lindqvist Verktyg AB"]]],
  [32, [[360, "Hamngatan 4"]]],
  [44, [[360, "411 06 Göteborg"]]],
  [56, [[360, "Sweden"]]],
  [68, [[360, "VAT SE556677889901"]]],
  [80, [[360, "www.lindqvist-verktyg.se"]]],
  [100, [[40, "COMMERCIAL INVOICE"]]],
  [130, [[40, "Bill to:"]]],
  [142, [[40, "Harbour Tools Ltd"]]],
  [154, [[40, "12 Dock Road"]]],
  [166, [[40, "Leeds LS1 4AB"]]],
  [178, [[40, "United Kingdom"]]],
  [
    220,
    [
      [40, "Description"],
      [250, "HS Code"],
      [330, "Qty"],
      [380, "Unit Price"],
      [470, "Amount"],
    ],
  ],
  [236, [[40, "Hand tools"]]],
  [
    250,
    [
      [40, "Torque wrench 3/8in"],
      [250, "8204.11.00"],
      [330, "10"],
      [380, "42.50"],
      [470, "425.00"],
    ],
  ],
  [262, [[40, "with calibration certificate"]]],
  [
    276,
    [
      [40, "Socket set 1/2in, 24 pcs"],
      [250, "8204.20.00"],
      [330, "5"],
      [380, "61.00"],
      [470, "305.00"],
    ],
  ],
  [306, [[40, "Prices include packing"]]],
  [
    326,
    [
      [330, "Subtotal"],
      [470, "730.00"],
    ],
  ],
  [
    338,
    [
      [330, "VAT 0%"],
      [470, "0.00"],
    ],
  ],
  [
    350,
    [
      [330, "Total EUR"],
      [470, "730.00"],
    ],
  ],
];

describe("line-item tables from positions", () => {
  it("joins a wrapped description, skips a section heading and a note, normalises HS codes", () => {
    const v = values(doc(EXPORT_INVOICE));
    expect(v.get("goods.line_items[0].description")).toBe("Torque wrench 3/8in with calibration certificate");
    expect(v.get("goods.line_items[0].hs_code")).toBe("82041100");
    expect(v.get("goods.line_items[0].quantity")).toBe(10);
    expect(v.get("goods.line_items[0].unit_price")).toBe(42.5);
    expect(v.get("goods.line_items[1].description")).toBe("Socket set 1/2in, 24 pcs");
    expect(v.get("goods.line_items[1].hs_code")).toBe("82042000");
    expect(v.has("goods.line_items[2].description")).toBe(false);
    expect([...v.values()]).not.toContain("Hand tools");
    expect([...v.values()]).not.toContain("Prices include packing");
  });

  // Made up in the layout of a retailer's invoice: a bundle with its parts indented under it, a levy
  // written with a colon but billed, a serial-number note.
  const BUNDLE: Row[] = [
    [
      100,
      [
        [40, "Article"],
        [330, "Qty"],
        [380, "Unit price"],
        [470, "Amount"],
      ],
    ],
    [
      114,
      [
        [40, "Laptop bundle 13in + mouse"],
        [330, "1"],
        [380, "1,200.00"],
        [470, "1,200.00"],
      ],
    ],
    [
      126,
      [
        [65, "Laptop 13in 256 GB"],
        [330, "1"],
      ],
    ],
    [
      138,
      [
        [80, "Incl. copying levy: levy 3.50"],
        [330, "1"],
        [470, "4.24"],
      ],
    ],
    [
      150,
      [
        [65, "Wireless mouse"],
        [330, "1"],
      ],
    ],
    [
      162,
      [
        [40, "Backpack 15in grey"],
        [330, "2"],
        [380, "40.00"],
        [470, "80.00"],
      ],
    ],
    [174, [[50, "Serial number: SN-0001"]]],
    [
      194,
      [
        [330, "Total"],
        [470, "1,284.24"],
      ],
    ],
  ];

  it("a bundle's indented parts are no lines of their own; a billed row with a colon is a line", () => {
    const v = values(doc(BUNDLE));
    const descriptions = [0, 1, 2, 3].map((i) => v.get(`goods.line_items[${i}].description`));
    expect(descriptions).toEqual(["Laptop bundle 13in + mouse", "Incl. copying levy: levy 3.50", "Backpack 15in grey", undefined]);
    expect(v.get("goods.line_items[1].quantity")).toBe(1);
    expect(v.get("goods.line_items[2].quantity")).toBe(2);
  });

  it("rows without prices are lines when no row of the table has one (a packing list)", () => {
    const v = values(
      doc([
        [
          100,
          [
            [40, "Description"],
            [330, "Qty"],
            [380, "Gross weight (kg)"],
          ],
        ],
        [
          114,
          [
            [40, "Laptop bundle 13in + mouse"],
            [330, "1"],
            [380, "2.5"],
          ],
        ],
        [
          126,
          [
            [65, "Laptop 13in 256 GB"],
            [330, "1"],
          ],
        ],
      ]),
    );
    expect(v.get("goods.line_items[1].description")).toBe("Laptop 13in 256 GB");
  });

  // Made up in the layout of ZUGFeRD's visualisations: each row is followed by its article number and
  // GTIN under the position column, a price note with its colon apart, and a blank band; then a
  // section of payment terms after a wider band.
  const SPACED: Row[] = [
    [
      100,
      [
        [40, "Pos"],
        [150, "Beschreibung"],
        [260, "Nettopreis"],
        [340, "Menge"],
        [470, "Betrag"],
      ],
    ],
    [
      120,
      [
        [45, "1"],
        [150, "Wirkarbeit"],
        [260, "0,0520"],
        [340, "10000 KWH"],
        [470, "520,00"],
      ],
    ],
    [
      131,
      [
        [60, "WA997"],
        [150, "HT"],
      ],
    ],
    [142, [[60, "4123456000014"]]],
    [
      155,
      [
        [150, "Bruttopreis"],
        [210, ": 0,0520"],
      ],
    ],
    [166, [[150, "Materialzertifikat ISO 9001"]]],
    [
      200,
      [
        [45, "2"],
        [150, "Kopierpapier"],
        [260, "0,0100"],
        [340, "1210 Stk"],
        [470, "12,10"],
      ],
    ],
    [211, [[150, "A4"]]],
    [
      245,
      [
        [45, "3"],
        [150, "Faltenbeutel"],
        [260, "0,0105"],
        [340, "3500 Stk"],
        [470, "36,75"],
      ],
    ],
    [300, [[40, "Zahlungsbedingungen:"]]],
    [
      320,
      [
        [40, "Skonto 2 % bis"],
        [340, "14.11.2018"],
        [470, "4,50"],
      ],
    ],
  ];

  it("a stray colon OCR adds after a unit does not make a row a note", () => {
    const v = values(
      doc(
        [
          [
            100,
            [
              [40, "Description of Goods"],
              [330, "Unit"],
              [380, "Unit Price"],
              [470, "Amount"],
            ],
          ],
          [
            114,
            [
              [40, "Roasted coffee beans"],
              [330, "kg:"],
              [380, "14.09"],
              [470, "1,409.00"],
            ],
          ],
        ],
        "image-ocr",
      ),
    );
    expect(v.get("goods.line_items[0].description")).toBe("Roasted coffee beans");
    expect(v.get("goods.line_items[0].unit_price")).toBe(14.09);
  });

  it("rows spaced by notes and blank bands stay one table; notes and article numbers are not descriptions", () => {
    const v = values(doc(SPACED));
    const descriptions = [0, 1, 2, 3].map((i) => v.get(`goods.line_items[${i}].description`));
    expect(descriptions).toEqual(["Wirkarbeit HT", "Kopierpapier A4", "Faltenbeutel", undefined]);
    expect(v.get("goods.line_items[2].quantity")).toBe(3500);
  });
});

describe("the total without tax by arithmetic", () => {
  it("net + tax = grand: the net, whatever the labels rank", () => {
    const amounts = labelledAmounts(
      [
        [
          { text: "Total HT :", x0: 370, x1: 420 },
          { text: "46,68 €", x0: 510, x1: 545 },
        ],
        [
          { text: "TVA 20% :", x0: 370, x1: 420 },
          { text: "9,34 €", x0: 515, x1: 545 },
        ],
        [
          { text: "Total TTC :", x0: 370, x1: 420 },
          { text: "56,02 €", x0: 510, x1: 545 },
        ],
      ],
      true,
    );
    expect(amounts.map((a) => [a.kind, a.value])).toEqual([
      ["net", 46.68],
      ["tax", 9.34],
      ["grand", 56.02],
    ]);
    expect(chooseTotal(amounts, [])).toEqual({ value: 46.68, arithmetic: true, how: "net+tax=grand" });
  });

  it("a tax line may name its rate first ('19% VAT'), and a subtotal plus the tax is the grand total", () => {
    const amounts = labelledAmounts(
      [
        [
          { text: "Subtotal", x0: 348, x1: 380 },
          { text: "573.00", x0: 536, x1: 560 },
        ],
        [
          { text: "19% VAT", x0: 348, x1: 378 },
          { text: "108.87", x0: 536, x1: 560 },
        ],
        [
          { text: "Total € Incl. VAT", x0: 348, x1: 410 },
          { text: "681.87", x0: 536, x1: 560 },
        ],
      ],
      false,
    );
    expect(amounts.map((a) => [a.kind, a.value])).toEqual([
      ["sub", 573],
      ["tax", 108.87],
      ["grand", 681.87],
    ]);
    expect(chooseTotal(amounts, [573])).toEqual({ value: 573, arithmetic: true, how: "net+tax=grand" });
  });

  it("a rate is no amount, and a summary table's amounts sit under their labels", () => {
    const amounts = labelledAmounts(
      [
        [
          { text: "BTW %", x0: 350, x1: 375 },
          { text: "Grondslag", x0: 395, x1: 435 },
          { text: "BTW bedrag", x0: 445, x1: 492 },
          { text: "Totaal", x0: 525, x1: 550 },
        ],
        [
          { text: "21 %", x0: 358, x1: 376 },
          { text: "41,31", x0: 414, x1: 434 },
          { text: "8,68", x0: 476, x1: 491 },
          { text: "49,99", x0: 529, x1: 549 },
        ],
      ],
      true,
    );
    expect(chooseTotal(amounts, [49.99])).toMatchObject({ value: 41.31, arithmetic: true });
  });

  // Made up in the layout of ZUGFeRD's visualisations: a tax breakdown with one row per rate, then the
  // document's totals with its charges and allowances, a label in two runs and the currency apart.
  it("a breakdown by rate is no total; sums of charges are no grand total; a label in runs is one label", () => {
    const seg = (text: string, x0: number) => ({ text, x0, x1: x0 + 5 * text.length });
    const amounts = labelledAmounts(
      [
        [seg("Art", 50), seg("Warenwert", 200), seg("Basisbetrag", 300), seg("Steuerbetrag", 480)],
        [seg("Umsatzsteuer (S)", 50), seg("326,50", 205), seg("321,40", 305), seg("61,07", 485)],
        [seg("Umsatzsteuer (S)", 50), seg("130,70", 205), seg("127,59", 305), seg("8,93", 485)],
        [seg("Gesamtbetrag der Zuschläge", 300), seg("3,00", 500)],
        [seg("Gesamtbetrag", 300), seg("der", 365), seg("Abschläge", 385), seg("-11,21", 500)],
        [seg("Rechnungssumme ohne USt.", 300), seg("448,99", 500)],
        [seg("Steuerbetrag", 300), seg("in", 365), seg("EUR", 440), seg("70,00", 500)],
        [seg("Zahlbetrag", 300), seg("518,99", 500)],
      ],
      true,
    );
    const of = (kind: string) => amounts.filter((a) => a.kind === kind).map((a) => a.value);
    expect(of("net")).toEqual([448.99]);
    expect([...of("grand"), ...of("total")]).toEqual([518.99]);
    expect(of("tax")).toContain(70);
    expect(chooseTotal(amounts, [457.2])).toEqual({ value: 448.99, arithmetic: true, how: "net+tax=grand" });
  });

  it("a summary table's last row is its totals when it sums the rows by rate above it", () => {
    const seg = (text: string, x0: number) => ({ text, x0, x1: x0 + 5 * text.length });
    const header = [seg("BTW %", 350), seg("Grondslag", 395), seg("BTW bedrag", 445), seg("Totaal", 525)];
    const amounts = labelledAmounts(
      [
        header,
        [seg("21 %", 358), seg("41,31", 414), seg("8,68", 476), seg("49,99", 529)],
        [seg("9 %", 358), seg("10,00", 414), seg("0,90", 476), seg("10,90", 529)],
        [seg("51,31", 414), seg("9,58", 476), seg("60,89", 529)],
      ],
      true,
    );
    expect(amounts.map((a) => [a.kind, a.value])).toEqual([
      ["net", 51.31],
      ["tax", 9.58],
      ["total", 60.89],
    ]);
    // A totals row that prints the gross only: the other columns total to the rows above it.
    const grossOnly = labelledAmounts(
      [
        [seg("Netto EUR", 313), seg("MwSt. EUR", 397), seg("Brutto EUR", 475)],
        [seg("19,00% MwSt.:", 206), seg("376,37", 331), seg("71,51", 421), seg("447,88", 499)],
        [seg("Summe gesamt", 211), seg("447,88", 499)],
      ],
      true,
    );
    expect(chooseTotal(grossOnly, [])).toEqual({ value: 376.37, arithmetic: true, how: "net+tax=grand" });
  });

  it("prices that include tax: grand − tax, the lines summing to the grand total", () => {
    const amounts = [
      { kind: "grand" as const, value: 121, label: "Total incl. VAT" },
      { kind: "tax" as const, value: 21, label: "VAT 21%" },
    ];
    expect(chooseTotal(amounts, [121])).toEqual({ value: 100, arithmetic: true, how: "grand-tax" });
  });

  it("no tax printed: the total the lines sum to; nothing when nothing agrees", () => {
    expect(chooseTotal([{ kind: "total", value: 730, label: "Total" }], [730])).toMatchObject({ value: 730, arithmetic: true });
    expect(chooseTotal([{ kind: "total", value: 999, label: "Total" }], [730])).toBeNull();
  });

  it("in a document: the subtotal plus a zero tax is the total", () => {
    const flat = extractBuiltin(doc(EXPORT_INVOICE));
    expect(flat.get("goods.total_value")?.value).toBe(730);
    expect(flat.get("goods.total_value")?.evidence).toMatchObject({ source: "totals", arithmetic: true });
    expect(flat.get("goods.currency")?.value).toBe("EUR");
  });
});

describe("the seller from the letterhead and its VAT-id block", () => {
  it("takes the issuer's block (VAT id, website), not the buyer's under 'Bill to'", () => {
    const flat = extractBuiltin(doc(EXPORT_INVOICE));
    expect(flat.get("exporter.name")?.value).toBe("Lindqvist Verktyg AB");
    expect(flat.get("exporter.name")?.evidence?.source).toBe("vat-block");
    expect(flat.get("exporter.tax_ids.vat")?.value).toBe("SE556677889901");
    expect(flat.get("exporter.city")?.value).toBe("Göteborg");
    expect(flat.get("importer.name")?.value).toBe("Harbour Tools Ltd");
  });

  it("a footer register block names the seller when the top block is the buyer's address window", () => {
    const v = values(
      doc([
        [110, [[390, "ALEXINUX"]]],
        [122, [[390, "27 rue Henri Rolland"]]],
        [134, [[390, "69100 Villeurbanne"]]],
        [180, [[240, "Facture n° 2022089083"]]],
        [
          360,
          [
            [376, "Total HT :"],
            [511, "46,68 €"],
          ],
        ],
        [
          372,
          [
            [376, "TVA 20% :"],
            [516, "9,34 €"],
          ],
        ],
        [
          384,
          [
            [376, "Total TTC :"],
            [511, "56,02 €"],
          ],
        ],
        [794, [[278, "IMPRIMERIE DUBOIS"]]],
        [802, [[198, "Siège social : 16 rue des Lilas - 92100 BOULOGNE"]]],
        [810, [[138, "Sarl au capital de 10 000€ - RCS Paris B 530 848 134 - TVA FR63530848134"]]],
      ]),
    );
    expect(v.get("exporter.name")).toBe("IMPRIMERIE DUBOIS");
    expect(v.get("goods.total_value")).toBe(46.68);
    expect(v.get("goods.currency")).toBe("EUR");
  });

  it("two company blocks and no ids: no guess", () => {
    const v = values(
      doc([
        [
          40,
          [
            [40, "Strategic Corp"],
            [360, "Fabrikam Ltd"],
          ],
        ],
        [
          52,
          [
            [40, "Fakestreet 46"],
            [360, "Main Road 3"],
          ],
        ],
        [
          64,
          [
            [40, "3500 MJ Utrecht"],
            [360, "1010 Wien"],
          ],
        ],
        [
          200,
          [
            [300, "Total"],
            [450, "EUR 49.99"],
          ],
        ],
      ]),
    );
    expect(v.has("exporter.name")).toBe(false);
  });

  it("a title OCR spaced out, a label alone or a currency code over the issuer's block is no name", () => {
    for (const over of ["FACTU U R", "Verkaufer", "EUR"]) {
      const v = values(
        doc(
          [
            [20, [[40, over]]],
            [34, [[40, "Lindqvist Verktyg"]]],
            [46, [[40, "Hamngatan 4"]]],
            [58, [[40, "411 06 Göteborg"]]],
            [70, [[40, "VAT SE556677889901"]]],
          ],
          "pdf-ocr",
        ),
      );
      expect(v.get("exporter.name"), over).toBe("Lindqvist Verktyg");
    }
  });

  it("a scan's two-column header: the issuer's column, its gaps judged by the line pitch, not OCR's glyph heights", () => {
    // OCR measures a line by its glyphs (6 units here) while the lines stand 14 apart: the blank line
    // between the issuer's website and its register lines is one pitch, not four line heights.
    const lines: TextLine[] = (
      [
        [
          48,
          [
            [45, "Alltid bra priser varje dag"],
            [445, "Berg Lund AB"],
          ],
        ],
        [62, [[445, "Hamngatan 4"]]],
        [76, [[445, "411 06 Göteborg"]]],
        [
          90,
          [
            [45, "Pia Berg"],
            [445, "www.berglund.se"],
          ],
        ],
        [104, [[45, "Storgatan 9"]]],
        [
          118,
          [
            [45, "111 22 Stockholm"],
            [445, "Org.nr 556677-8899"],
          ],
        ],
        [132, [[445, "VAT SE556677889901"]]],
      ] as Row[]
    ).map(([y, segs]) => ({
      page: 1,
      y,
      height: 6,
      segments: segs.map(([x0, text]) => ({ text, x0, x1: x0 + 5 * text.length, confidence: 0.93 })),
    }));
    const v = values({ source: "pdf-ocr", pageCount: 1, lines });
    expect(v.get("exporter.name")).toBe("Berg Lund AB");
    expect(v.get("exporter.tax_ids.vat")).toBe("SE556677889901");
  });

  it("a one-line letterhead OCR read without its dashes; a contact person's heading is no name", () => {
    const v = values(
      doc(
        [
          [32, [[110, "Moulin Vert SARL 1242 chemin des Oliviers 84340 Malaucène France"]]],
          [47, [[110, "TVA: FR11999999998 SIRET 99999999800010"]]],
          [95, [[30, "Facture FA-2024-0010"]]],
          [224, [[326, "Contact commercial"]]],
          [240, [[326, "Jean Dupont"]]],
          [252, [[326, "+33 4 72 07 08 56"]]],
          [275, [[326, "jean.dupont@moulinvert.fr"]]],
        ],
        "pdf-ocr",
      ),
    );
    expect(v.get("exporter.name")).toBe("Moulin Vert SARL");
    expect(v.get("exporter.address")).toBe("1242 chemin des Oliviers");
    expect(v.get("exporter.postal_code")).toBe("84340");
    expect(v.get("exporter.city")).toBe("Malaucène");
    expect(v.get("exporter.country")).toBe("FR");
  });

  it("a receipt: the shop's name on top with its registration number", () => {
    const v = values(
      doc(
        [
          [30, [[75, "KEDAI RUNCIT MAJU SDN BHD"]]],
          [48, [[110, "(123456-X)"]]],
          [62, [[60, "NO 5, JALAN SAGU 18, TAMAN DAYA"]]],
          [74, [[80, "81100 JOHOR BAHRU, JOHOR"]]],
          [86, [[90, "GST ID: 000123456789"]]],
          [
            140,
            [
              [40, "TOTAL"],
              [220, "9.00"],
            ],
          ],
        ],
        "image-ocr",
      ),
    );
    expect(v.get("exporter.name")).toBe("KEDAI RUNCIT MAJU SDN BHD");
  });

  it("a scanned receipt: a note written over the header, a misread legal form, the form on its own line", () => {
    const receipt = (header: Row[]) =>
      values(
        doc(
          [
            ...header,
            [62, [[60, "NO 5, JALAN SAGU 18, TAMAN DAYA"]]],
            [74, [[80, "81100 JOHOR BAHRU, JOHOR"]]],
            [86, [[90, "GST ID: 000123456789"]]],
            [
              140,
              [
                [40, "TOTAL"],
                [220, "9.00"],
              ],
            ],
          ],
          "image-ocr",
        ),
      ).get("exporter.name");
    expect(
      receipt([
        [10, [[90, "tan woon yann"]]],
        [30, [[75, "KEDAI RUNCIT MAJU SON 8HD"]]],
        [48, [[110, "(123456-X)"]]],
      ]),
    ).toBe("KEDAI RUNCIT MAJU SDN BHD");
    expect(
      receipt([
        [20, [[75, "PASARAYA BORONG PINTAR"]]],
        [32, [[110, "SDN BHD"]]],
        [48, [[110, "BR No.: (124525-H)"]]],
      ]),
    ).toBe("PASARAYA BORONG PINTAR SDN BHD");
    // The header cut off by the scan: the address and a slogan are no name.
    expect(
      receipt([
        [20, [[60, "Like and Follow Us on Facebook!"]]],
        [48, [[110, "(124525-H)"]]],
      ]),
    ).toBeUndefined();
  });

  it("a left-aligned receipt header: the postcode line under the street, not a site number beside it", () => {
    const v = values(
      doc(
        [
          [10, [[40, "JAYA PETRO TRADING"]]],
          [22, [[40, "Company No 001234567-X"]]],
          [34, [[40, "LOT 1234 JALAN KEBUN NANAS BARU"]]],
          [
            46,
            [
              [40, "41050 KL"],
              [110, "Site 2077"],
            ],
          ],
          [58, [[40, "GST No: 001234567890"]]],
          [80, [[40, "Receipt"]]],
          [
            140,
            [
              [40, "TOTAL"],
              [220, "9.00"],
            ],
          ],
        ],
        "image-ocr",
      ),
    );
    expect(v.get("exporter.name")).toBe("JAYA PETRO TRADING");
    expect(v.get("exporter.postal_code")).toBe("41050");
  });
});

describe("the issuer named by its own web domain", () => {
  // Made up in the layout of a Business Central invoice: the buyer's window left, unlabelled, with a
  // legal form; the issuer right, without one; its VAT id and mail domain only in the footer.
  const invoice = (mail: string): DocumentText =>
    doc([
      [20, [[57, "Invoice 104211"]]],
      [
        60,
        [
          [57, "Fabrikam Industries Corporation"],
          [480, "NORDWIND HANDEL"],
        ],
      ],
      [
        74,
        [
          [57, "Mill Lane, 4"],
          [480, "Kaistraße 7"],
        ],
      ],
      [
        88,
        [
          [57, "50667 Köln"],
          [480, "28195 Bremen"],
        ],
      ],
      [102, [[480, "Deutschland"]]],
      [
        160,
        [
          [57, "No."],
          [104, "Description"],
          [300, "Quantity"],
          [400, "Unit Price"],
          [500, "Amount"],
        ],
      ],
      [
        174,
        [
          [57, "1001"],
          [104, "Office chair, grey"],
          [300, "2"],
          [400, "150.00"],
          [500, "300.00"],
        ],
      ],
      [
        200,
        [
          [350, "Total EUR"],
          [500, "300.00"],
        ],
      ],
      [
        700,
        [
          [57, "VAT Registration No."],
          [300, "Email"],
        ],
      ],
      [
        712,
        [
          [57, "DE123456789"],
          [300, mail],
        ],
      ],
    ]);

  it("takes the block its domain spells, not the buyer's window beside it", () => {
    const v = values(invoice("sales@nordwind-handel.de"));
    expect(v.get("exporter.name")).toBe("NORDWIND HANDEL");
    expect(v.get("exporter.city")).toBe("Bremen");
    expect(v.get("exporter.postal_code")).toBe("28195");
    // The other block at the top, with a postal address and no ids, is the address window's buyer.
    expect(v.get("importer.name")).toBe("Fabrikam Industries Corporation");
    expect(v.get("importer.postal_code")).toBe("50667");
    expect(v.get("importer.city")).toBe("Köln");
  });

  it("a mail service's domain names no one", () => {
    expect(values(invoice("nordwind@gmail.com")).get("exporter.name")).not.toBe("NORDWIND HANDEL");
    // Without the issuer's own ids the window is not taken for the buyer either.
    expect(values(invoice("nordwind@gmail.com")).get("importer.name")).toBeUndefined();
    expect(webDomains(["info@gmail.com", "www.masociete.fr", "https://www.coolblue.nl/x", "me@buyer.com"])).toEqual(
      new Set(["masociete", "coolblue", "buyer"]),
    );
    expect(domainNames("masociete", "Ma société SARL")).toBe(true);
    expect(domainNames("coolblue", "Coolblue B.V.")).toBe(true);
    expect(domainNames("buyer", "LE CLIENT")).toBe(false);
  });
});

describe("the buyer from a delivery address", () => {
  // Made up in the layout of a French shop's invoice: the delivery address under its label, the billing
  // address unlabelled beside it (in the envelope's window), a line higher.
  it("reads the block under the label, not the column beside it", () => {
    const v = values(
      doc([
        [124, [[37, "Adresse de livraison"]]],
        [134, [[326, "Ma jolie boutique"]]],
        [141, [[37, "Ma jolie boutique"]]],
        [
          147,
          [
            [37, "35 rue de la République"],
            [326, "Alexandre Payet"],
          ],
        ],
        [
          160,
          [
            [37, "69001 Lyon"],
            [326, "35 rue de la République"],
          ],
        ],
        [
          172,
          [
            [37, "France"],
            [326, "69001 Lyon"],
          ],
        ],
      ]),
    );
    expect(v.get("importer.name")).toBe("Ma jolie boutique");
    expect(v.get("importer.address")).toBe("35 rue de la République");
    expect(v.get("importer.postal_code")).toBe("69001");
    expect(v.get("importer.city")).toBe("Lyon");
    expect(v.get("importer.country")).toBe("FR");
  });

  it("on a scan, a smudge beside the label does not bound its column", () => {
    // The same layout scanned: OCR reads a speck right of the label ("oo", confidence 0) and the
    // billing window's name as a light-grey scrawl.
    const scan = doc(
      [
        [
          124,
          [
            [37, "Adresse de livraison"],
            [345, "oo"],
          ],
        ],
        [
          134,
          [
            [37, "Ma jolie boutique"],
            [326, "ne joe Poptiaue"],
          ],
        ],
        [
          147,
          [
            [37, "35 rue de la République"],
            [326, "Alexandre Payet"],
          ],
        ],
        [
          160,
          [
            [37, "69001 Lyon"],
            [326, "35 rue de la République"],
          ],
        ],
      ],
      "image-ocr",
    );
    scan.lines[0].segments[1].confidence = 0;
    const v = values(scan);
    expect(v.get("importer.name")).toBe("Ma jolie boutique");
    expect(v.get("importer.address")).toBe("35 rue de la République");
    expect(v.get("importer.city")).toBe("Lyon");
  });
});

describe("a party's contact and VAT id set apart by a blank line", () => {
  // Made up in the layout of ZUGFeRD's visualisation: the seller's block, a blank line, its phone, mail
  // and VAT id; then the buyer's block.
  const rows = (after: Row[]): Row[] => [
    [281, [[49, "Verkäufer:"]]],
    [290, [[49, "Nummer : 549910"]]],
    [308, [[49, "NORDLICHT WERKZEUGE GMBH"]]],
    [317, [[49, "HAFENSTRASSE 9"]]],
    [326, [[49, "DE 24103 KIEL"]]],
    ...after,
    [420, [[49, "Käufer/Leistungsempfänger:"]]],
    [429, [[49, "SUEDWIND MARKT GMBH"]]],
    [438, [[49, "MARKTPLATZ 1"]]],
    [447, [[49, "DE 79098 FREIBURG"]]],
    [465, [[49, "USt.-Id.-Nr. : DE987654321"]]],
  ];

  it("takes the seller's VAT id from under the blank, and not the buyer's", () => {
    const v = values(
      doc(
        rows([
          [350, [[49, "Telefon : +49 431 000 000"]]],
          [359, [[49, "E-Mail : info@nordlicht.example"]]],
          [368, [[49, "USt.-Id.-Nr. : DE123456789"]]],
        ]),
      ),
    );
    expect(v.get("exporter.name")).toBe("NORDLICHT WERKZEUGE GMBH");
    expect(v.get("exporter.tax_ids.vat")).toBe("DE123456789");
    expect(v.get("exporter.city")).toBe("KIEL");
    expect(v.get("importer.tax_ids.vat")).toBe("DE987654321");
  });

  it("a VAT id far below, in the page's footer, is not the party's", () => {
    const v = values(doc([...rows([]).filter(([y]) => y !== 465), [760, [[49, "USt.-Id.-Nr. : DE555555555"]]]]));
    expect(v.get("importer.city")).toBe("FREIBURG");
    expect(v.get("importer.tax_ids.vat")).toBeUndefined();
  });

  it("a note under the blank ends the block", () => {
    const v = values(doc(rows([[350, [[49, "Lieferung frei Haus DE123456789"]]]])));
    expect(v.get("exporter.tax_ids.vat")).toBeUndefined();
    expect(v.get("exporter.city")).toBe("KIEL");
  });
});

describe("a scan's run across two columns", () => {
  it("is cut where a column starts: the GTIN stays under the article number, the word wraps the description", () => {
    const v = values(
      doc(
        [
          [
            100,
            [
              [50, "Pos"],
              [72, "Art-Nr"],
              [145, "Description"],
              [300, "Price"],
              [360, "Qty"],
              [420, "Amount"],
            ],
          ],
          [
            120,
            [
              [50, "3"],
              [145, "Order picker"],
              [300, "10,50"],
              [360, "27,5"],
              [420, "288,75"],
            ],
          ],
          [131, [[145, "1250032 D."]]],
          [142, [[72, "4260331811362 Muster"]]],
          [153, [[72, "(GTIN)"]]],
          [
            180,
            [
              [50, "Total"],
              [420, "288,75"],
            ],
          ],
        ],
        "image-ocr",
      ),
    );
    expect(v.get("goods.line_items[0].description")).toBe("Order picker 1250032 D. Muster");
    expect(v.get("goods.line_items[0].quantity")).toBe(27.5);
  });
});

describe("a header whose titles are stacked over several lines", () => {
  // Made up in the layout of ZUGFeRD's visualisation: the article-number column's titles stand on the
  // lines above and below the header row, not in it; the supplier's article number is printed a narrow
  // gap before the description, in one run.
  it("keeps the article number out of the description", () => {
    const v = values(
      doc([
        [
          53,
          [
            [74, "Art-Nr-Kunde"],
            [484, "Positions-"],
          ],
        ],
        [
          64,
          [
            [74, "Art-Nr-Lief."],
            [508, "betrag"],
          ],
        ],
        [
          70,
          [
            [53, "Pos"],
            [151, "Beschreibung"],
            [244, "Nettopreis"],
            [358, "Menge"],
            [440, "USt."],
          ],
        ],
        [
          76,
          [
            [74, "Art-Nr"],
            [520, "ohne"],
          ],
        ],
        [
          87,
          [
            [74, "(Art)"],
            [520, "USt."],
          ],
        ],
        [
          101,
          [
            [57, "1"],
            [74, "Toolbox"],
            [126, "0815 Windschutzscheibe"],
            [279, "100,0000"],
            [369, "10 Stk"],
            [452, "0 %"],
            [502, "1000,00"],
          ],
        ],
        [
          130,
          [
            [294, "Positionssumme"],
            [502, "1000,00"],
          ],
        ],
      ]),
    );
    expect(v.get("goods.line_items[0].description")).toBe("Windschutzscheibe");
    expect(v.get("goods.line_items[0].quantity")).toBe(10);
    expect(v.get("goods.line_items[0].unit_price")).toBe(100);
  });
});

describe("allowances and charges in the item table", () => {
  it("a row with only an amount, negative or named as an allowance, is no item", () => {
    const v = values(
      doc([
        [
          100,
          [
            [50, "Pos"],
            [150, "Beschreibung"],
            [250, "Nettopreis"],
            [350, "Menge"],
            [480, "Betrag"],
          ],
        ],
        [
          120,
          [
            [50, "1"],
            [150, "Stahlcoil"],
            [250, "100,00"],
            [350, "10 Stk"],
            [480, "1000,00"],
          ],
        ],
        [
          140,
          [
            [150, "Abschlag Direktbelieferung"],
            [480, "-50,00"],
          ],
        ],
        [
          152,
          [
            [150, "Zuschlag Express"],
            [480, "20,00"],
          ],
        ],
        [
          180,
          [
            [300, "Gesamtbetrag"],
            [480, "970,00"],
          ],
        ],
      ]),
    );
    expect(v.get("goods.line_items[0].description")).toBe("Stahlcoil");
    expect(v.get("goods.line_items[1].description")).toBeUndefined();
  });
});

describe("a title that names no column, read with the words stacked on it", () => {
  // Made up in the layout of a Business Central invoice: "Unit Price Excl." printed over "VAT", and
  // three titles run together in one text run.
  it("'Unit Price Excl.' over 'VAT' is the unit price; 'Line Amount Excl. VAT' the amount", () => {
    const v = values(
      doc([
        [
          370,
          [
            [218, "Shipment"],
            [358, "Unit Price Excl."],
          ],
        ],
        [
          380,
          [
            [57, "No."],
            [104, "Description"],
            [218, "Date"],
            [278, "Quantity"],
            [398, "VAT"],
            [456, "VAT % Line Amount Excl. VAT"],
          ],
        ],
        [
          403,
          [
            [57, "2210-T"],
            [104, "Desk lamp, brass"],
            [218, "03/02/26"],
            [300, "4 Piece"],
            [389, "45.50"],
            [471, "19"],
            [542, "182.00"],
          ],
        ],
        [
          449,
          [
            [348, "Subtotal"],
            [536, "182.00"],
          ],
        ],
      ]),
    );
    expect(v.get("goods.line_items[0].description")).toBe("Desk lamp, brass");
    expect(v.get("goods.line_items[0].quantity")).toBe(4);
    expect(v.get("goods.line_items[0].unit_price")).toBe(45.5);
  });
});

describe("the buyer's VAT id among the references", () => {
  it.each([
    ["Customer VAT Number", "ESA12345674", "ESA12345674"],
    ["N° TVA client", "FR 19 787878784", "FR19787878784"],
    ["USt-IdNr. Kunde", "DE123456789", "DE123456789"],
  ])("%s %s", (label, value, id) => {
    const v = values(
      doc([
        [
          100,
          [
            [34, "Invoice Date"],
            [155, "11/03/2017"],
          ],
        ],
        [
          117,
          [
            [34, label],
            [155, value],
          ],
        ],
      ]),
    );
    expect(v.get("importer.tax_ids.vat")).toBe(id);
  });

  it("a reference that is no VAT id is not taken", () => {
    const v = values(
      doc([
        [
          117,
          [
            [34, "Customer VAT Number"],
            [155, "see contract"],
          ],
        ],
      ]),
    );
    expect(v.has("importer.tax_ids.vat")).toBe(false);
  });
});

describe("legal forms misread by OCR", () => {
  it.each([
    ["BOOK TA .K (TAMAN DAYA)SDN 8HD", "BOOK TA .K (TAMAN DAYA)SDN BHD"],
    ["S.H.H. MOTOR SON. BHD.", "S.H.H. MOTOR SDN. BHD."],
    ["NORDIC PARTS LIMITEO", "NORDIC PARTS LIMITED"],
    ["ACME 1NC", "ACME INC"],
    // Left alone: a name ending in "& SON", typed mixed case, a form already right.
    ["JOHNSON & SON", "JOHNSON & SON"],
    ["T.A.S Leisure Sdn Bhd", "T.A.S Leisure Sdn Bhd"],
    ["HAFEN GMBH", "HAFEN GMBH"],
  ])("%s → %s", (read, repaired) => {
    expect(repairLegalForm(read)).toBe(repaired);
  });
});

describe("currencies from signs and codes", () => {
  const withTotal = (seller: [number, string][][], total: string): Row[] => [
    ...seller.map((segs, i): Row => [20 + 12 * i, segs]),
    [
      200,
      [
        [300, "Grand Total"],
        [450, total],
      ],
    ],
  ];
  it.each([
    ["₹ 12,400.00", "INR"],
    ["Rs. 12,400.00", "INR"],
    ["INR 12,400.00", "INR"],
    ["€ 12.400,00", "EUR"],
    ["£12,400.00", "GBP"],
  ])("%s → %s", (total, code) => {
    expect(values(doc(withTotal([], total))).get("goods.currency")).toBe(code);
  });

  it("$ from a Canadian seller with no code written is CAD; a written USD stays USD", () => {
    const seller: [number, string][][] = [
      [[360, "Maple Freight Inc."]],
      [[360, "200 Bay Street"]],
      [[360, "Toronto ON M5J 2J2"]],
      [[360, "Canada"]],
      [[360, "Tel +1 416 555 0100"]],
    ];
    expect(values(doc(withTotal(seller, "$1,250.00"))).get("goods.currency")).toBe("CAD");
    expect(values(doc(withTotal(seller, "USD 1,250.00"))).get("goods.currency")).toBe("USD");
  });
});

describe("evidence → confidence (interim map)", () => {
  it("arithmetic and agreement raise, a failed format and OCR doubt lower", () => {
    const base = confidenceFromEvidence({ source: "labelled" });
    expect(confidenceFromEvidence({ source: "labelled", arithmetic: true })).toBeGreaterThan(base);
    expect(confidenceFromEvidence({ source: "labelled", format: false })).toBeLessThan(base);
    expect(confidenceFromEvidence({ source: "labelled", ocr: 0.5 })).toBeCloseTo(base * 0.5, 3);
    expect(confidenceFromEvidence({ source: "pattern" })).toBeLessThan(base);
  });
});

describe("postcodes misread by OCR", () => {
  it.each([
    ["£1100 JOHOR BAHRU", "81100 JOHOR BAHRU"],
    ["Tampoi,&1200 Johor Bahru, Johor", "Tampoi,81200 Johor Bahru, Johor"],
    // Left alone: an amount, a group of other length, "&" between words.
    ["TOTAL £1100", "TOTAL £1100"],
    ["£110 JOHOR", "£110 JOHOR"],
    ["GIFT & HOME DECO", "GIFT & HOME DECO"],
  ])("%s → %s", (read, repaired) => {
    expect(repairPostcodeDigits(read)).toBe(repaired);
  });
});
