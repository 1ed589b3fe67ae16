import { describe, expect, it } from "vitest";
import { parseUsitcHts, parseUsitcHtsCsv, parseUsitcHtsJson } from "../../../shared/reference/importers/parse-usitc-hts.ts";

const JSON_EXPORT = JSON.stringify([
  {
    htsno: "0101",
    indent: "0",
    description: "Live horses, asses, mules and hinnies:",
    superior: null,
    units: [],
    general: "",
    special: "",
    other: "",
    footnotes: [],
    quotaQuantity: "",
    additionalDuties: "",
    addiitionalDuties: null,
  },
  {
    htsno: "",
    indent: "1",
    description: "Horses:",
    superior: "true",
    units: [],
    general: "",
    special: "",
    other: "",
    footnotes: null,
    quotaQuantity: null,
    additionalDuties: null,
    addiitionalDuties: null,
  },
  {
    htsno: "0101.21.00",
    indent: "2",
    description: "Purebred breeding animals",
    superior: null,
    units: [],
    general: "Free",
    special: "",
    other: "Free",
    footnotes: [{ columns: ["general"], value: "See 9903.88.15. ", type: "endnote" }],
    quotaQuantity: null,
    additionalDuties: null,
    addiitionalDuties: null,
  },
  {
    htsno: "0101.21.00.10",
    indent: "3",
    description: "Males",
    superior: null,
    units: ["No."],
    general: "",
    special: "",
    other: "",
    footnotes: [],
    quotaQuantity: null,
    additionalDuties: null,
    addiitionalDuties: null,
  },
  {
    htsno: "0101.29.00",
    indent: "2",
    description: "Other",
    superior: null,
    units: [],
    general: "Free",
    special: "",
    other: "20%",
    footnotes: [],
    quotaQuantity: null,
    additionalDuties: null,
    addiitionalDuties: "See 9903.01.01",
  },
  {
    htsno: "8471",
    indent: "0",
    description: "Automatic data processing machines and units thereof:",
    superior: null,
    units: [],
    general: "",
    special: "",
    other: "",
    footnotes: [],
    quotaQuantity: null,
    additionalDuties: null,
    addiitionalDuties: null,
  },
  {
    htsno: "8471.30.01.00",
    indent: "1",
    description: "Portable automatic data processing machines, weighing not more than 10 kg",
    superior: null,
    units: ["No."],
    general: "Free",
    special: "",
    other: "35%",
    footnotes: [],
    quotaQuantity: null,
    additionalDuties: null,
    addiitionalDuties: null,
  },
]);

// The official CSV: BOM, CRLF, every field quoted, a description broken over two lines.
const CSV_EXPORT =
  "\uFEFFHTS Number,Indent,Description,Unit of Quantity,General Rate of Duty,Special Rate of Duty,Column 2 Rate of Duty,Quota Quantity,Additional Duties\r\n" +
  '"0511","0","Animal products not elsewhere specified or included:","","","","","",""\r\n' +
  '"0511.99.30","3","Other, of fish","","Free","","Free","",""\r\n' +
  '"0511.99.30.30","4","Antarctic krill (\nEuphausia superba)","[""kg""]","","","","",""\r\n' +
  '"9902.01.61","0","Zirconium basic carbonate, ""special"" grade","","Free","No change","No change","",""\r\n';

describe("parseUsitcHtsJson", () => {
  const rows = parseUsitcHtsJson(JSON_EXPORT);

  it("keeps every line in file order, grouping lines included, with parents from the indent", () => {
    expect(rows.map((r) => [r.seq, r.code, r.indent, r.parent_seq, r.parent_code])).toEqual([
      [1, "0101", 0, null, null],
      [2, null, 1, 1, "0101"],
      [3, "01012100", 2, 2, "0101"],
      [4, "0101210010", 3, 3, "01012100"],
      [5, "01012900", 2, 2, "0101"],
      [6, "8471", 0, null, null],
      [7, "8471300100", 1, 6, "8471"],
    ]);
    expect(rows[1]).toMatchObject({ description: "Horses:", chapter: "01", heading: "0101", level: null });
  });

  it("lets 10-digit lines inherit the rates of their 8-digit line, and keeps a 10-digit line's own rate", () => {
    expect(rows[3]).toMatchObject({
      general_rate: null,
      effective_general_rate: "Free",
      effective_column2_rate: "Free",
      rate_line_code: "01012100",
      units: ["No."],
      level: 10,
      chapter: "01",
      heading: "0101",
      subheading: "010121",
    });
    expect(rows[6]).toMatchObject({
      general_rate: "Free",
      column2_rate: "35%",
      effective_general_rate: "Free",
      rate_line_code: "8471300100",
    });
    expect(rows[0]).toMatchObject({ general_rate: null, effective_general_rate: null, rate_line_code: null });
  });

  it("reads footnotes and the misspelt addiitionalDuties key", () => {
    expect(rows[2].footnotes).toEqual([{ columns: ["general"], value: "See 9903.88.15. ", type: "endnote" }]);
    expect(rows[4].additional_duties).toBe("See 9903.01.01");
  });

  it("rejects JSON that is not the USITC export", () => {
    expect(() => parseUsitcHtsJson('{"htsno":"0101"}')).toThrow(/array/);
    expect(() => parseUsitcHtsJson('[{"code":"0101"}]')).toThrow(/htsno/);
  });
});

describe("parseUsitcHtsCsv", () => {
  it("reads the CSV export: quoted fields, embedded line breaks, unit lists", () => {
    const rows = parseUsitcHtsCsv(CSV_EXPORT);
    expect(rows).toHaveLength(4);
    expect(rows[2]).toMatchObject({
      code: "0511993030",
      indent: 4,
      description: "Antarctic krill ( Euphausia superba)",
      units: ["kg"],
      parent_code: "05119930",
      effective_general_rate: "Free",
    });
    expect(rows[3]).toMatchObject({
      code: "99020161",
      description: 'Zirconium basic carbonate, "special" grade',
      special_rate: "No change",
    });
  });

  it("parseUsitcHts picks the reader from the content", () => {
    expect(parseUsitcHts(CSV_EXPORT)[0].code).toBe("0511");
    expect(parseUsitcHts(JSON_EXPORT)[0].code).toBe("0101");
  });
});
