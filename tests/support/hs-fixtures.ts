/**
 * Hand-written HS schedules in the official file formats the importers read (a few lines each, every
 * schedule and the UK search references): the HS search tests import them into a test database.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";

// A few hand-written lines per schedule, in the official file formats the importers read.
export const HS_FIXTURES: Record<string, string> = {
  "hs/wco_hs2022.csv": [
    "section,hscode,description,parent,level",
    "I,01,Animals; live,TOTAL,2",
    'I,0101,"Horses, asses, mules and hinnies; live",01,4',
    'I,010121,"Horses; live, pure-bred breeding animals",0101,6',
    'I,03,"Fish and crustaceans, molluscs and other aquatic invertebrates",TOTAL,2',
    'I,0303,"Fish, frozen, excluding fish fillets and other fish meat of heading 0304",03,4',
    'I,030311,"Fish; frozen, Pacific salmon (Oncorhynchus nerka), excluding fillets",0303,6',
    'I,0304,"Fish fillets and other fish meat (whether or not minced), fresh, chilled or frozen",03,4',
    'I,030441,"Fish fillets; fresh or chilled, Pacific salmon",0304,6',
    'XI,61,"Apparel and clothing accessories; knitted or crocheted",TOTAL,2',
    'XI,6109,"T-shirts, singlets and other vests; knitted or crocheted",61,4',
    'XI,610910,"T-shirts, singlets and other vests; of cotton, knitted or crocheted",6109,6',
    "XVI,84,Nuclear reactors; machinery,TOTAL,2",
    "XVI,8471,Automatic data processing machines and units thereof,84,4",
    'XVI,847130,"Automatic data processing machines; portable, weighing not more than 10kg, consisting of at least a central processing unit, a keyboard and a display",8471,6',
  ].join("\n"),
  "hs/wco_hs2022_sections.csv": "\uFEFFsection,name\nI,live animals; animal products\nXI,textiles\nXVI,machinery\n",
  "us_hts/usitc_hts_2026_revision_10.json.gz": JSON.stringify([
    { htsno: "0101", indent: "0", description: "Live horses, asses, mules and hinnies:", units: [], general: "", special: "", other: "" },
    { htsno: "", indent: "1", description: "Horses:", superior: "true", units: [], general: "", special: "", other: "" },
    { htsno: "0101.21.00", indent: "2", description: "Purebred breeding animals", units: [], general: "Free", special: "", other: "Free" },
    { htsno: "0101.21.00.10", indent: "3", description: "Males", units: ["No."], general: "", special: "", other: "" },
    {
      htsno: "6109",
      indent: "0",
      description: "T-shirts, singlets, tank tops and similar garments, knitted or crocheted:",
      units: [],
      general: "",
      special: "",
      other: "",
    },
    { htsno: "6109.10.00", indent: "1", description: "Of cotton", units: [], general: "16.5%", special: "Free (AU,BH)", other: "90%" },
    {
      htsno: "6109.10.00.04",
      indent: "2",
      description: "Men's or boys' (338)",
      units: ["doz.", "kg"],
      general: "",
      special: "",
      other: "",
    },
    {
      htsno: "6109.10.00.07",
      indent: "2",
      description: "Women's or girls' (339)",
      units: ["doz.", "kg"],
      general: "",
      special: "",
      other: "",
    },
    {
      htsno: "7113",
      indent: "0",
      description: "Articles of jewelry and parts thereof, of precious metal or of metal clad with precious metal:",
      units: [],
      general: "",
      special: "",
      other: "",
    },
    {
      htsno: "7113.11.50.00",
      indent: "1",
      description: "Of silver, whether or not plated or clad with other precious metal: Other",
      units: ["No."],
      general: "5%",
      special: "",
      other: "65%",
    },
    { htsno: "7117", indent: "0", description: "Imitation jewelry:", units: [], general: "", special: "", other: "" },
    {
      htsno: "7117.19.90.00",
      indent: "1",
      description: "Of base metal, whether or not plated with precious metal: Other",
      units: ["No."],
      general: "11%",
      special: "",
      other: "110%",
    },
    {
      htsno: "8471",
      indent: "0",
      description: "Automatic data processing machines and units thereof:",
      units: [],
      general: "",
      special: "",
      other: "",
    },
    {
      htsno: "8471.30.01.00",
      indent: "1",
      description:
        "Portable automatic data processing machines, weighing not more than 10 kg, consisting of at least a central processing unit, a keyboard and a display",
      units: ["No."],
      general: "Free",
      special: "",
      other: "35%",
    },
    // A heading with a specific subheading and its residual "Other:" (GRI 6, residual-subheadings.ts).
    {
      htsno: "9113",
      indent: "0",
      description: "Watch straps, watch bands and watch bracelets, and parts thereof:",
      units: [],
      general: "",
      special: "",
      other: "",
    },
    {
      htsno: "9113.20",
      indent: "1",
      description: "Of base metal, whether or not gold- or silver-plated:",
      units: [],
      general: "",
      special: "",
      other: "",
    },
    {
      htsno: "9113.20.60.00",
      indent: "2",
      description: "Of watch bracelets, valued not over $12 per dozen",
      units: ["doz."],
      general: "14%",
      special: "",
      other: "110%",
    },
    { htsno: "9113.90", indent: "1", description: "Other:", units: [], general: "", special: "", other: "" },
    { htsno: "9113.90.80.00", indent: "2", description: "Other", units: ["doz."], general: "14%", special: "", other: "35%" },
    {
      htsno: "9903.88.15",
      indent: "0",
      description: "Articles the product of China: T-shirts of cotton and portable automatic data processing machines",
      units: [],
      general: "",
      special: "",
      other: "",
    },
  ]),
  "eu_cn/eu_cn2026_codes.json.gz": JSON.stringify([
    {
      code: "01012100",
      rawCode: "0101 21 00",
      name: "Pure-bred breeding animals",
      version: 2026,
      subheading: null,
      heading: "0101",
      chapter: "01",
      section: "I",
    },
    {
      code: "61091000",
      rawCode: "6109 10 00",
      name: "Of cotton",
      version: 2026,
      subheading: null,
      heading: "6109",
      chapter: "61",
      section: "XI",
    },
    {
      code: "84713000",
      rawCode: "8471 30 00",
      name: "Portable automatic data-processing machines, weighing not more than 10 kg",
      version: 2026,
      subheading: null,
      heading: "8471",
      chapter: "84",
      section: "XVI",
    },
  ]),
  "eu_cn/eu_cn2026_headings.json.gz": JSON.stringify([
    { code: "0101", rawCode: "0101", name: "Live horses, asses, mules and hinnies", version: 2026, chapter: "01", section: "I" },
    {
      code: "6109",
      rawCode: "6109",
      name: "T-shirts, singlets and other vests, knitted or crocheted",
      version: 2026,
      chapter: "61",
      section: "XI",
    },
    {
      code: "8471",
      rawCode: "8471",
      name: "Automatic data-processing machines and units thereof",
      version: 2026,
      chapter: "84",
      section: "XVI",
    },
  ]),
  "eu_cn/eu_cn2026_chapters.json.gz": JSON.stringify([
    { code: "01", rawCode: "01", name: "LIVE ANIMALS", version: 2026, section: "I" },
    { code: "61", rawCode: "61", name: "ARTICLES OF APPAREL AND CLOTHING ACCESSORIES, KNITTED OR CROCHETED", version: 2026, section: "XI" },
    { code: "84", rawCode: "84", name: "NUCLEAR REACTORS, BOILERS, MACHINERY", version: 2026, section: "XVI" },
  ]),
  "eu_cn/eu_cn2026_sections.json.gz": JSON.stringify([{ code: "I", rawCode: "I", name: "LIVE ANIMALS; ANIMAL PRODUCTS", version: 2026 }]),
  "uk_tariff/uk_tariff_commodities_report_v4.0.1205.csv.gz": [
    '"id","commodity__sid","commodity__code","commodity__suffix","commodity__description","commodity__validity_start","commodity__validity_end","parent__sid","parent__code","parent__suffix"',
    '1,42796,"6100000000","80","ARTICLES OF APPAREL AND CLOTHING ACCESSORIES, KNITTED OR CROCHETED","1971-12-31","#NA","#NA","#NA","#NA"',
    '2,42978,"6109000000","80","T-shirts, singlets and other vests, knitted or crocheted","1972-01-01","#NA",42796,"6100000000","80"',
    '3,42979,"6109100000","80","Of cotton","1972-01-01","#NA",42978,"6109000000","80"',
    '4,99290,"6109100010","80","T-shirts","2015-03-10","#NA",42979,"6109100000","80"',
    '5,99291,"6109100090","80","Other","2015-03-10","#NA",42979,"6109100000","80"',
    '6,11111,"6109100050","80","Cotton vests (ended)","2001-01-01","2010-01-01",42979,"6109100000","80"',
    '7,48900,"8400000000","80","NUCLEAR REACTORS, BOILERS, MACHINERY","1971-12-31","#NA","#NA","#NA","#NA"',
    '8,48984,"8471000000","80","Automatic data-processing machines and units thereof","1972-01-01","#NA",48900,"8400000000","80"',
    '9,60364,"8471300000","80","Portable automatic data-processing machines, weighing not more than 10 kg","1996-01-01","#NA",48984,"8471000000","80"',
  ].join("\r\n"),
  // HMRC's search references and brand examples, in their files' forms (a few hand-written lines).
  "uk_tariff/search_references/search_references.json": JSON.stringify({
    camiseta: "6109100010",
    "cotton t-shirts, knitted or crocheted": "6109100000",
    "process timers": "9106100000",
  }),
  "uk_tariff/search_references/brands.csv": [
    "CMDTYCODE,GDSDESC,GDSDESC (Brand / Product),Description for context / augmenting,Comments,Initials",
    "847130,Zenbook 14 OLED,Zenbook,laptop,Can only go to 6 digits,XX",
  ].join("\n"),
  "in_hsn/india_gst_hsn_master_goods.csv.gz":
    '\uFEFF"\r\nHSNCode",Description\r\n61,Articles of apparel and clothing accessories knitted or crocheted\r\n6109,"T-SHIRTS, SINGLETS AND OTHER VESTS, KNITTED OR CROCHETED"\r\n610910,OF COTTON\r\n61091000,OF COTTON\r\n84,NUCLEAR REACTORS AND MACHINERY\r\n8471,AUTOMATIC DATA PROCESSING MACHINES\r\n847130,"PORTABLE AUTOMATIC DATA PROCESSING MACHINES, WEIGHING NOT MORE THAN 10 KG"\r\n84713010,PERSONAL COMPUTER\r\n',
};

/** Writes the files (gzipped where the name ends in .gz) under dir. */
export async function writeHsFixtures(dir: string, files: Record<string, string>) {
  for (const [rel, content] of Object.entries(files)) {
    const path = join(dir, rel);
    await mkdir(dirname(path), { recursive: true });
    const bytes = Buffer.from(content, "utf8");
    await writeFile(path, rel.endsWith(".gz") ? gzipSync(bytes) : bytes);
  }
}

/** The tables the fixtures fill. */
export const HS_TABLES = ["hs_codes_wco", "hs_codes_us", "hs_codes_eu", "hs_codes_uk", "hs_codes_in", "hs_search_references"];
