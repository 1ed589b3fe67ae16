import { describe, expect, it } from "vitest";
import { parseUkTariffCommodities } from "../../../shared/reference/importers/parse-uk-tariff-commodities.ts";

const CSV = [
  '"id","commodity__sid","commodity__code","commodity__suffix","commodity__description","commodity__validity_start","commodity__validity_end","parent__sid","parent__code","parent__suffix"',
  '1,27623,"0100000000","80","LIVE ANIMALS","1971-12-31","#NA","#NA","#NA","#NA"',
  '2,27624,"0101000000","80","Live horses, asses, mules and hinnies","1972-01-01","#NA",27623,"0100000000","80"',
  '3,93797,"0101210000","10","Horses","2012-01-01","#NA",27624,"0101000000","80"',
  '4,93796,"0101210000","80","Pure-bred breeding animals","2012-01-01","#NA",93797,"0101210000","10"',
  '5,93798,"0101290000","80","Other","2012-01-01","#NA",93797,"0101210000","10"',
  '6,93799,"0101291000","80","For slaughter, weighing not more than 10|kg","2012-01-01","2026-01-01",93798,"0101290000","80"',
  "",
].join("\r\n");

describe("parseUkTariffCommodities", () => {
  const rows = parseUkTariffCommodities(CSV);

  it("reads every row keyed by sid, with #NA as null and depth from the parent chain", () => {
    expect(rows.map((r) => [r.sid, r.code, r.suffix, r.level, r.indent, r.parent_sid, r.is_leaf])).toEqual([
      [27623, "0100000000", "80", 2, 0, null, false],
      [27624, "0101000000", "80", 4, 1, 27623, false],
      [93797, "0101210000", "10", 6, 2, 27624, false],
      [93796, "0101210000", "80", 6, 3, 93797, true],
      [93798, "0101290000", "80", 6, 3, 93797, false],
      [93799, "0101291000", "80", 8, 4, 93798, true],
    ]);
  });

  it("keeps validity dates, parent codes and replaces TARIC's | hard space", () => {
    expect(rows[5]).toMatchObject({
      description: "For slaughter, weighing not more than 10 kg",
      validity_start: "2012-01-01",
      validity_end: "2026-01-01",
      parent_code: "0101290000",
      parent_suffix: "80",
      chapter: "01",
      heading: "0101",
      subheading: "010129",
    });
    expect(rows[0]).toMatchObject({ validity_end: null, parent_code: null, heading: null });
  });

  it("rejects another table of the dataset", () => {
    expect(() => parseUkTariffCommodities('"id","measure__sid"\n1,2\n')).toThrow(/commodities-report CSV: missing column/);
  });
});
