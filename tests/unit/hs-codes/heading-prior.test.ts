import { describe, expect, it } from "vitest";
import { buildLineIndex } from "../../../shared/hs-codes/line-index.ts";
import { buildHeadingModel, headingScores, withHeadingPrior, type PriorTerm } from "../../../shared/hs-codes/heading-prior.ts";
import type { ScoredLine } from "../../../shared/hs-codes/score-lines.ts";
import type { PlannedTerm } from "../../../shared/hs-codes/query-plan.ts";
import { indexLine } from "../../support/index-line-row.ts";

const line = indexLine;

// 7113: precious-metal jewellery; 7117: imitation jewellery, whose lines name necklaces and earrings.
const LINES = [
  line("a", "7113", "'jewelleri':1A 'precious':2A 'metal':3A"),
  line("b", "711311", "'silver':1A 'jewelleri':2B"),
  line("c", "7117", "'imit':1A 'jewelleri':2A"),
  line("d", "71171910", "'necklac':1A 'jewelleri':2B"),
  line("e", "71171920", "'earring':1A 'jewelleri':2B"),
  line("f", "98010010", "'necklac':1A 'earring':2A"),
];
const SUBHEADINGS = [{ subheading: "711719", len: 10, lexemes: ["pendant", "charm"] }];
const index = buildLineIndex(LINES, SUBHEADINGS);
const model = buildHeadingModel(index);
const term = (factor: number, ...readings: Array<[string[], number]>): PriorTerm => ({
  factor,
  readings: readings.map(([stems, weight]) => ({ stems: stems.map((s) => index.stemIds.get(s)!), weight })),
});

describe("heading classifier over the tariff's own words", () => {
  it("counts a stem per heading from the lines' own texts and the subheadings' national texts, leaving out chapters 98-99", () => {
    const h = model.headingIds.get("7117")!;
    expect(model.headingIds.has("9801")).toBe(false);
    // 7117: imit, jewelleri (own text of 7117), necklac, earring, pendant, charm.
    expect(model.size[h]).toBe(6);
    expect(model.size[model.headingIds.get("7113")!]).toBe(4);
  });

  it("prefers the heading whose lines hold the title's goods words, over one that shares only a material", () => {
    const scores = headingScores(model, [term(1, [["necklac"], 1]), term(1, [["charm"], 1]), term(0.7, [["silver"], 1])], ["7113", "7117"]);
    expect(scores.get("7117")!).toBeGreaterThan(scores.get("7113")!);
    // The material alone points the other way.
    const material = headingScores(model, [term(1, [["silver"], 1])], ["7113", "7117"]);
    expect(material.get("7113")!).toBeGreaterThan(material.get("7117")!);
  });

  it("reads a term by its best reading, and gives an unknown heading no score", () => {
    const one = headingScores(model, [term(1, [["metal"], 0.6], [["earring"], 1])], ["7117", "8501"]);
    const direct = headingScores(model, [term(1, [["earring"], 1])], ["7117"]);
    expect(one.get("7117")).toBeCloseTo(direct.get("7117")!, 10);
    expect(one.get("8501")).toBe(Number.NEGATIVE_INFINITY);
  });
});

describe("BM25F's ranking with the heading classifier", () => {
  const scored = (key: string, code: string, score: number): ScoredLine => ({
    line: {
      lineKey: key,
      code,
      level: code.length,
      subheading: code.slice(0, 6),
      lengths: { own: 1, up: 1, wco: 0, shared: 0 },
      found: new Map(),
    },
    score,
    alternativeScores: [],
    alternativeLevels: [],
  });
  const planned = (text: string, stems: string[], factor: number): PlannedTerm => ({
    text,
    factor,
    alternatives: [{ stems, value: 1, via: "query", words: [text], reach: 1 }],
  });
  const lexical = [scored("silver", "711311", 9.52), scored("other", "711319", 9.51), scored("charms", "71171920", 9.5)];

  it("lifts a line whose heading the whole title points to over a slightly better BM25F score", () => {
    const terms = [planned("charms", ["charm"], 1), planned("necklace", ["necklac"], 1.6)];
    const ranked = withHeadingPrior(model, index, terms, lexical);
    expect(ranked.map((x) => x.key)).toEqual(["charms", "silver", "other"]);
    // The best heading's lines keep their BM25F score; the others lose a share of the best score.
    expect(ranked[0].score).toBe(9.5);
    expect(ranked[1].score).toBeLessThan(9.52);
  });

  it("keeps BM25F's order when no query word is in the model", () => {
    const ranked = withHeadingPrior(model, index, [planned("zzz", ["zzz"], 1)], lexical);
    expect(ranked.map((x) => x.key)).toEqual(["silver", "other", "charms"]);
  });
});
