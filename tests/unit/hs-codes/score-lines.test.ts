import { describe, expect, it } from "vitest";
import { BM25F, lengthNorm, pseudoFrequency, saturatedScore, type Bm25Field } from "../../../shared/hs-codes/bm25.ts";
import { WEIGHTS, type PlannedTerm } from "../../../shared/hs-codes/query-plan.ts";
import {
  alternativeOrder,
  FIELD_BITS,
  levelFactor,
  rankLines,
  referencedLines,
  scoreLine,
  type CandidateLine,
} from "../../../shared/hs-codes/score-lines.ts";

const averages = { own: 4, up: 10, wco: 8, shared: 20 };
const terms: PlannedTerm[] = [
  { text: "red", alternatives: [{ stems: ["red"], value: 2, via: "query", words: ["red"], reach: 10 }] },
  {
    text: "wine",
    alternatives: [
      { stems: ["wine"], value: 3, via: "query", words: ["wine"], reach: 10 },
      { stems: ["grape", "wine"], value: 1, via: "synonym", words: ["grape", "wine"], reach: 5 },
    ],
  },
];

function line(
  code: string,
  found: Record<string, Bm25Field[]>,
  lengths: Partial<Record<Bm25Field, number>> = {},
  level = code.length,
): CandidateLine {
  return {
    lineKey: code,
    code,
    level,
    subheading: code.length >= 6 ? code.slice(0, 6) : null,
    lengths: { own: 4, up: 10, wco: 8, shared: 20, ...lengths },
    found: new Map(Object.entries(found).map(([s, f]) => [s, f.reduce((bits, x) => bits | FIELD_BITS[x], 0)])),
  };
}

describe("BM25F scores of candidate lines", () => {
  it("computes the formula of bm25.ts: per term the best alternative, saturated, the last term as the head", () => {
    const l = line("220421", { red: ["own"], wine: ["own", "shared"] }, { own: 8 });
    const norm = { own: lengthNorm("own", 8, 4), up: 1, wco: 1, shared: 1 };
    const red = saturatedScore(2, pseudoFrequency({ own: 1, up: 0, wco: 0, shared: 0 }, norm));
    const wine = saturatedScore(3 * WEIGHTS.headTerm, pseudoFrequency({ own: 1, up: 0, wco: 0, shared: 1 }, norm));
    const scored = scoreLine(terms, averages, l);
    expect(scored.score).toBeCloseTo(red + wine, 12);
    expect(Array.from(scored.alternativeLevels)).toEqual([0, 0, 0]);
    // The phrase alternative lacks "grape": it counts nothing.
    expect(scored.alternativeScores[2]).toBe(0);
    expect(alternativeOrder(terms)).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
    ]);
    expect(BM25F.k1).toBe(1.2);
  });

  it("says where each alternative was found: the line, a heading above it, the subheading's national texts", () => {
    const s = scoreLine(terms, averages, line("2204210000", { red: ["up"], wine: ["shared"], grape: ["wco"] }));
    expect(Array.from(s.alternativeLevels)).toEqual([1, 2, 1]);
    expect(s.alternativeScores[2]).toBeGreaterThan(0);
    expect(Array.from(scoreLine(terms, averages, line("2204210000", {})).alternativeLevels)).toEqual([-1, -1, -1]);
  });

  it("ignores a field the collection does not have, and demotes chapters and headings", () => {
    const withWco = scoreLine(terms, averages, line("220421", { wine: ["wco"] })).score;
    expect(withWco).toBeGreaterThan(0);
    expect(scoreLine(terms, { ...averages, wco: 0 }, line("220421", { wine: ["wco"] })).score).toBe(0);
    const heading = scoreLine(terms, averages, line("2204", { wine: ["own"] })).score;
    const sub = scoreLine(terms, averages, line("220421", { wine: ["own"] })).score;
    expect(heading).toBeCloseTo(sub * levelFactor(4), 12);
    expect([levelFactor(2), levelFactor(4), levelFactor(6), levelFactor(10)]).toEqual([0.4, 0.75, 1, 1]);
  });

  it("adds the search-reference bonus of the line", () => {
    expect(scoreLine(terms, averages, line("2204210000", {}), new Map([["2204210000", 5]])).score).toBeCloseTo(5, 12);
    expect(scoreLine(terms, averages, line("220429", {}), new Map([["2204210000", 5]])).score).toBe(0);
  });

  it("gives a reference to one line of its subheading: the referenced code, else the closest code, else the first", () => {
    const lines = [line("22042100", {}), line("2204210010", {}), line("2204210090", {}), line("2204290000", {})];
    const ref = (code: string) => ({ subheading: code.slice(0, 6), code });
    expect([...referencedLines(lines, [ref("2204210090")]).keys()]).toEqual(["2204210090"]);
    // A UK code that this schedule does not have: the line sharing the most digits with it (its parent
    // here, before a sibling sharing as many), then the lower level.
    expect([...referencedLines(lines, [ref("2204210080")]).keys()]).toEqual(["22042100"]);
    expect([...referencedLines(lines.slice(1), [ref("2204210080")]).keys()]).toEqual(["2204210010"]);
    expect([...referencedLines([line("22042100", {}), line("22042190", {})], [ref("2204210000")]).keys()]).toEqual(["22042100"]);
    expect(referencedLines(lines, [ref("2203000000")]).size).toBe(0);
  });

  it("ranks by score, then the shorter code, then code order, and keeps the best `limit`", () => {
    const lines = [
      line("2204290000", { wine: ["own"] }),
      line("220421", { wine: ["own"] }),
      line("2204210000", { wine: ["own"] }),
      line("220300", { red: ["up"] }),
    ];
    const ranked = rankLines(terms, averages, lines, 3).map((x) => x.line.code);
    expect(ranked).toEqual(["220421", "2204210000", "2204290000"]);
  });
});
