import { describe, expect, it } from "vitest";
import { firedRules, READING_RULES, RULE_FACTORS, ruleFactor } from "../../../shared/hs-codes/reading-rules.ts";
import { rankLines, type CandidateLine } from "../../../shared/hs-codes/score-lines.ts";
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
});
