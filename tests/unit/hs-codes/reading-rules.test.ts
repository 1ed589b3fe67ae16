import { describe, expect, it } from "vitest";
import {
  broughtSubheadings,
  firedRules,
  READING_RULES,
  RULE_FACTORS,
  ruleFactor,
  withinHeadingMove,
} from "../../../shared/hs-codes/reading-rules.ts";
import { rankLines, siblingGroup, type CandidateLine } from "../../../shared/hs-codes/score-lines.ts";
import type { PlannedTerm } from "../../../shared/hs-codes/query-plan.ts";

const ids = (title: string) => firedRules(title).map((f) => f.rule.id);

describe("reading rules: how a customs classifier reads a title (issue 27)", () => {
  it("reads silver of a stated fineness and carat gold as precious metal (7113), stones set in it included", () => {
    expect(ids("Sterling silver heart necklace with cubic zirconia")).toEqual(["jewellery-precious-silver"]);
    expect(ids("S925 silver hoop earrings")).toEqual(["jewellery-precious-silver"]);
    expect(ids("14K gold chain bracelet")).toEqual(["jewellery-precious-gold"]);
  });

  it("does not read plated, coloured or filled gold as precious metal", () => {
    expect(ids("18K gold plated brass ring")).toEqual(["jewellery-imitation"]);
    expect(ids("14k gold filled pendant")).not.toContain("jewellery-precious-gold");
    expect(ids("18k gold color stainless steel bangle")).toEqual(["jewellery-imitation"]);
  });

  it("reads real or synthetic stones as 7116 before plating or base metal (Note 11), imitation stones not", () => {
    const fired = firedRules("Gold color alloy ring with cubic zirconia");
    expect(fired.map((f) => [f.rule.id, f.cue])).toEqual([["jewellery-stones", "zirconia"]]);
    expect(fired[0].rule.reads).toEqual(["stones"]);
    expect(ids("Natural jade bangle bracelet")).toEqual(["jewellery-stones"]);
    expect(ids("Imitation jade bangle bracelet")).toEqual(["jewellery-imitation"]);
  });

  it("reads loose stones as unset stones even when they are for jewellery making", () => {
    expect(ids("Natural amethyst loose beads for jewelry making")).toEqual(["jewellery-loose-stones"]);
  });

  it("reads beads of stone or pearl sold as beads as unset (7103/7104, 7101), a bead necklace or bracelet as an article (7116)", () => {
    expect(ids("Natural Stone Amethyst Round Beads for Jewelry Making Bracelet")).toEqual(["jewellery-stone-beads"]);
    expect(ids("6mm Cultured Pearl Beads for DIY Necklace Making")).toEqual(["jewellery-pearl-beads"]);
    // What comes before "for" says what the goods are: a necklace of beads, beads for a necklace.
    expect(ids("Amethyst Bead Bracelet for Women")).toEqual(["jewellery-stones"]);
    expect(ids("Freshwater Pearl Beaded Necklace")).toEqual(["jewellery-stones"]);
    expect(ids("Glass Beads Imitation Pearl for Jewelry Making")).not.toContain("jewellery-pearl-beads");
    const pearls = firedRules("Cultured Pearl Beads for Jewelry Making")[0];
    expect(ruleFactor([pearls], "7101226000").factor).toBe(RULE_FACTORS.favour);
    expect(ruleFactor([pearls], "7116102500").factor).toBe(RULE_FACTORS.disfavour);
    expect(ruleFactor([pearls], "7018101000").factor).toBe(RULE_FACTORS.disfavour);
  });

  it("brings the subheadings of the heading a bead rule reads the goods as, whatever the title's words select", () => {
    const keys = ["710110", "710122", "711610", "701810"];
    expect(broughtSubheadings(firedRules("Cultured Pearl Beads for Jewelry Making"), keys)).toEqual(["710110", "710122"]);
    expect(broughtSubheadings(firedRules("Gold plated alloy necklace"), keys)).toEqual([]);
  });

  it("reads a garment of unstated fibre as of man-made fibres, within its heading only", () => {
    const fired = firedRules("Women Floral Pleated Midi Skirt Summer");
    expect(fired.map((f) => [f.rule.id, f.cue])).toEqual([["garments-fibre-unstated", "skirt"]]);
    expect(fired[0].rule.withinHeading).toBe(true);
    expect(ruleFactor(fired, "6204533010").factor).toBe(RULE_FACTORS.favour);
    expect(ruleFactor(fired, "6104530000").factor).toBe(RULE_FACTORS.favour);
    // A title leaves polyester unnamed, not wool or silk: those lines go down; cotton is left alone.
    expect(ruleFactor(fired, "6204510000").factor).toBe(RULE_FACTORS.disfavour);
    expect(withinHeadingMove(fired, "6204510000")).toBe("disfavour");
    expect(withinHeadingMove(fired, "6204533010")).toBe("favour");
    expect(ruleFactor(fired, "6204520000").factor).toBe(1);
    expect(withinHeadingMove(fired, "6204520000")).toBeNull();
    // A named fibre, leather or a shoe is no unstated fibre.
    expect(ids("Women Cotton Midi Skirt")).toEqual([]);
    expect(ids("Pure Silk Bow Tie")).toEqual([]);
    expect(ids("Genuine Leather Jacket Men")).toEqual([]);
    expect(ids("Men Dress Shoes")).toEqual([]);
  });

  it("brings a garment's man-made-fibre subheadings only under the headings the title's words reached", () => {
    const fired = firedRules("Sequin Prom Dress Evening Gown");
    const keys = ["620441", "620443", "620444", "610443", "620811", "611596"];
    expect(broughtSubheadings(fired, keys)).toEqual([]);
    expect(broughtSubheadings(fired, keys, new Set(["6204"]))).toEqual(["620443", "620444"]);
  });

  it("reads a two-piece or matching set of a top and a bottom as an ensemble, not a suit, within its heading", () => {
    const fired = firedRules("Women Two Piece Set Crop Top and Wide Leg Pants Matching Sets");
    expect(fired.map((f) => f.rule.id)).toEqual(["garments-fibre-unstated", "garments-ensemble"]);
    const set = fired.filter((f) => f.rule.id === "garments-ensemble");
    expect(set[0].rule.withinHeading).toBe(true);
    expect(withinHeadingMove(set, "6204230060")).toBe("favour");
    expect(withinHeadingMove(set, "6204133000")).toBe("disfavour");
    // A jacket makes a suit; sleepwear, swimwear and tracksuit sets have headings of their own.
    expect(ids("Men Two Piece Suit Blazer and Pants Set")).not.toContain("garments-ensemble");
    expect(ids("Kids Pajamas Sets 2pcs")).not.toContain("garments-ensemble");
    expect(ids("Women Bikini Set 2 piece")).not.toContain("garments-ensemble");
  });

  it("reads a bag worn or carried by a person as 4202, not a packing bag of 3923 (issue 27)", () => {
    expect(ids("Women Shoulder Bags Casual Crossbody Bag")).toEqual(["bags-carried"]);
    expect(ids("Men's Chest Bag Sports Waist Bag")).toEqual(["bags-carried"]);
    const fired = firedRules("Nylon Messenger Bag for Men");
    expect(ruleFactor(fired, "4202228100").factor).toBe(RULE_FACTORS.favour);
    expect(ruleFactor(fired, "3923210090").factor).toBe(RULE_FACTORS.disfavour);
    // Packing bags, and goods for a bag, are not read so.
    expect(ids("Plastic garbage bags 30 litre")).toEqual([]);
    expect(ids("Enamel Badge Backpack Pin")).not.toContain("bags-carried");
    expect(ids("Embroidered Patch for Clothes Backpack Bag")).not.toContain("bags-carried");
  });

  it("reads base metal, plating, glass and plastics jewellery as imitation jewellery (7117)", () => {
    expect(ids("Rhinestone brooch pin")).toEqual(["jewellery-imitation"]);
    expect(ids("Stainless steel cross pendant necklace")).toEqual(["jewellery-imitation"]);
    expect(ids("Acrylic charms for earrings")).toEqual(["jewellery-imitation"]);
  });

  it("applies jewellery rules only to titles that name jewellery", () => {
    expect(ids("Stainless steel kitchen sink")).toEqual([]);
    expect(ids("Crystal wine glasses")).toEqual([]);
  });

  it("reads footwear by the upper's material, PU leather as plastics (Note 4 of chapter 64)", () => {
    expect(ids("Women genuine leather ankle boots")).toEqual(["footwear-leather"]);
    expect(ids("PU leather loafers for men")).toEqual(["footwear-synthetic-leather"]);
    expect(ids("Canvas sneakers")).toEqual(["footwear-textile"]);
    expect(ids("Leather wallet")).toEqual([]);
  });

  it("matches whole words and phrases only", () => {
    // "steelers" is no steel, "earrings" is earring + s, "metallic" is no metal.
    expect(ids("Steelers fan earrings")).toEqual([]);
    expect(ids("Metallic earrings")).toEqual([]);
  });

  it("favours the lines the rule reads the title as and disfavours those it rules out", () => {
    const fired = firedRules("Gold plated alloy necklace");
    expect(ruleFactor(fired, "7117199000")).toMatchObject({ factor: RULE_FACTORS.favour });
    expect(ruleFactor(fired, "7113195050")).toMatchObject({ factor: RULE_FACTORS.disfavour });
    const other = ruleFactor(fired, "7326908688");
    expect(other.factor).toBe(1);
    expect(other.moved).toEqual([]);
    expect(ruleFactor(fired, "7117199000").moved.map((f) => f.cue)).toEqual(["gold plated"]);
  });

  it("has one group per rule id and favours no prefix it also disfavours", () => {
    expect(new Set(READING_RULES.map((r) => r.id)).size).toBe(READING_RULES.length);
    for (const r of READING_RULES)
      for (const p of r.favour)
        expect(
          r.disfavour.some((d) => p.startsWith(d) || d.startsWith(p)),
          r.id,
        ).toBe(false);
  });
});

describe("rankLines with the rules' factors", () => {
  const line = (code: string): CandidateLine => ({
    lineKey: code,
    code,
    level: 10,
    subheading: code.slice(0, 6),
    lengths: { own: 3, up: 5, wco: 0, shared: 0 },
    found: new Map([["jewelri", 2]]),
  });
  const terms: PlannedTerm[] = [
    { text: "jewelry", alternatives: [{ stems: ["jewelri"], value: 2, via: "query", words: ["jewelry"], reach: 10 }], factor: 1 },
  ];
  const averages = { own: 3, up: 5, wco: 0, shared: 0 };

  it("applies the factor before the cut, so a favoured line makes the page", () => {
    const lines = [line("7113110000"), line("7113190000"), line("7117190000")];
    const plain = rankLines(terms, averages, lines, 2);
    expect(plain.map((s) => s.line.code)).toEqual(["7113110000", "7113190000"]);
    const fired = firedRules("Gold plated alloy jewelry");
    const ruled = rankLines(terms, averages, lines, 2, undefined, (l) => ruleFactor(fired, l.code).factor);
    expect(ruled.map((s) => s.line.code)).toEqual(["7117190000", "7113110000"]);
    expect(ruled[0].score).toBeCloseTo((plain[0].score * RULE_FACTORS.favour) / 1, 10);
  });

  // `found`: the fields a line has the stem in (FIELD_BITS: 1 its own text, 2 its ancestors', 3 both).
  const dress = (code: string, where: number): CandidateLine => ({
    lineKey: code,
    code,
    level: 10,
    subheading: code.slice(0, 6),
    lengths: { own: 3, up: 5, wco: 0, shared: 0 },
    found: new Map([["dress", where]]),
  });
  const dressTerms: PlannedTerm[] = [
    { text: "dress", alternatives: [{ stems: ["dress"], value: 2, via: "query", words: ["dress"], reach: 10 }], factor: 1 },
  ];

  it("lets a rule that reads the subheading raise a line to its heading's best score, not above another heading", () => {
    // 6211 leads; in 6204 the wool line (6204.41) leads the man-made-fibre one (6204.43).
    const lines = [dress("6211430000", 3), dress("6204410000", 1), dress("6204430000", 2)];
    const manMade = (l: CandidateLine) => (l.code.startsWith("620443") ? 2 : 1);
    const score = (r: ReturnType<typeof rankLines>, code: string) => r.find((x) => x.line.code === code)?.score ?? 0;
    const plain = rankLines(dressTerms, averages, lines, 3);
    expect(plain.map((x) => x.line.code)).toEqual(["6211430000", "6204410000", "6204430000"]);
    // Unbounded, the factor lifts the man-made line over the other heading's line.
    const free = rankLines(dressTerms, averages, lines, 3, undefined, manMade);
    expect(free[0].line.code).toBe("6204430000");
    // Within its heading it reaches the wool line's score and no more: the heading's standing is unchanged.
    const within = rankLines(dressTerms, averages, lines, 3, undefined, manMade, () => "favour");
    expect(within[0].line.code).toBe("6211430000");
    expect(score(within, "6204430000")).toBeCloseTo(score(plain, "6204410000"), 10);
  });

  it("hands a lowered line's place to its raised sibling, and raises one line per subheading", () => {
    // A labelled example ("wedding dresses") names the wool subheading: its line leads on the garment alone.
    const lines = [dress("6204410000", 2), dress("6204433010", 2), dress("6204434030", 2), dress("6211430000", 2)];
    const bonus = new Map([["6204410000", 5]]);
    const move = (l: CandidateLine) => (l.code.startsWith("620441") ? "disfavour" : l.code.startsWith("620443") ? "favour" : null);
    const factor = (l: CandidateLine) =>
      move(l) === "favour" ? RULE_FACTORS.favour : move(l) === "disfavour" ? RULE_FACTORS.disfavour : 1;
    const plain = rankLines(dressTerms, averages, lines, 4, bonus);
    expect(plain[0].line.code).toBe("6204410000");
    const ruled = rankLines(dressTerms, averages, lines, 4, bonus, factor, move);
    const score = (r: ReturnType<typeof rankLines>, code: string) => r.find((x) => x.line.code === code)?.score ?? 0;
    // The synthetic-fibre dress takes the wool dress's score; the wool dress goes down.
    expect(ruled[0].line.code).toBe("6204433010");
    expect(score(ruled, "6204433010")).toBeCloseTo(score(plain, "6204410000"), 10);
    expect(score(ruled, "6204410000")).toBeCloseTo(score(plain, "6204410000") * RULE_FACTORS.disfavour, 10);
    // The subheading's other line keeps its own score: one raised line per subheading.
    expect(score(ruled, "6204434030")).toBeCloseTo(score(plain, "6204434030"), 10);
    expect(siblingGroup("620443")).toBe("62044");
    expect(siblingGroup("620140")).toBe("6201");
  });
});
