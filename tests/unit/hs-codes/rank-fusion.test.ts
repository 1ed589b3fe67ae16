import { describe, expect, it } from "vitest";
import { fuseScores, spreadOverSubheadings } from "../../../shared/hs-codes/rank-fusion.ts";

const cos: Record<string, number> = { a: 0.1, b: 0.9, c: 0.5, d: 0.8 };
const examples: Record<string, number> = { d: 0.9 };

describe("score fusion of BM25F and the embedding side", () => {
  it("adds the weighted cosines to BM25F's score as a share of the best one", () => {
    const fused = fuseScores(
      [
        { key: "a", score: 10 },
        { key: "b", score: 8 },
      ],
      ["d", "c"],
      (k) => cos[k] ?? 0,
      (k) => examples[k] ?? 0,
      { similarity: 0.5, example: 0.25 },
    );
    expect(fused.map((f) => f.key)).toEqual(["b", "a", "d", "c"]);
    expect(fused[0].score).toBeCloseTo(0.8 + 0.45, 10);
    expect(fused[1].score).toBeCloseTo(1 + 0.05, 10);
    expect(fused[2].score).toBeCloseTo(0.4 + 0.225, 10);
  });

  it("with zero weights keeps BM25F's order, then the proposed lines in their order, each line once", () => {
    const fused = fuseScores(
      [
        { key: "a", score: 2 },
        { key: "b", score: 2 },
        { key: "a", score: 1 },
      ],
      ["d", "b", "c"],
      (k) => cos[k] ?? 0,
      () => 0,
      { similarity: 0, example: 0 },
    );
    expect(fused.map((f) => f.key)).toEqual(["a", "b", "d", "c"]);
  });

  it("ranks proposed lines alone when BM25F found nothing", () => {
    const fused = fuseScores(
      [],
      ["c", "d"],
      (k) => cos[k] ?? 0,
      (k) => examples[k] ?? 0,
      { similarity: 1, example: 1 },
    );
    expect(fused.map((f) => f.key)).toEqual(["d", "c"]);
    expect(fused[0].score).toBeCloseTo(1.7, 10);
  });
});

describe("spreading an answer over subheadings", () => {
  const group: Record<string, string> = { a1: "711319", a2: "711319", a3: "711319", b1: "711711", c1: "711320" };
  it("lowers each further line of a subheading by the factor per line of it ranked above", () => {
    const spread = spreadOverSubheadings(
      [
        { key: "a1", score: 10 },
        { key: "a2", score: 9.5 },
        { key: "a3", score: 9 },
        { key: "b1", score: 8 },
        { key: "c1", score: 6 },
        { key: "x", score: 5 },
      ],
      (k) => group[k],
      0.8,
    );
    // a2: 9.5 × 0.8 = 7.6; a3: 9 × 0.64 = 5.76; "x" has no subheading and keeps its score.
    expect(spread.map((x) => x.key)).toEqual(["a1", "b1", "a2", "c1", "a3", "x"]);
    expect(spread[2].score).toBeCloseTo(7.6, 10);
  });

  it("with factor 1 keeps the order given, ties included", () => {
    const ranked = [
      { key: "a2", score: 3 },
      { key: "a1", score: 3 },
      { key: "b1", score: 2 },
    ];
    expect(spreadOverSubheadings(ranked, (k) => group[k], 1).map((x) => x.key)).toEqual(["a2", "a1", "b1"]);
  });

  it("lets a chapter or heading line give way as a second line once a line under it ranks above it", () => {
    // "6109" is the heading of subheading 610910; "8471" has no line of its own above it.
    const groups: Record<string, string> = { t1: "610910", h6109: "6109", t2: "610910", l1: "847130", h8471: "8471" };
    const context: Record<string, string> = { h6109: "6109", h8471: "8471" };
    const ranked = [
      { key: "t1", score: 10 },
      { key: "h6109", score: 9 },
      { key: "h8471", score: 8.5 },
      { key: "l1", score: 8 },
      { key: "t2", score: 7 },
    ];
    const spread = spreadOverSubheadings(
      ranked,
      (k) => groups[k],
      0.1,
      (k) => context[k],
    );
    // h6109: 0.9 (t1 is under it); h8471 keeps 8.5 (its line ranks below it); t2: 0.7 (second line of 610910).
    expect(spread.map((x) => x.key)).toEqual(["t1", "h8471", "l1", "h6109", "t2"]);
    expect(spread[3].score).toBeCloseTo(0.9, 10);
    // Without the context function the heading lines are groups of their own and keep their scores.
    expect(spreadOverSubheadings(ranked, (k) => groups[k], 0.1).map((x) => x.key)).toEqual(["t1", "h6109", "h8471", "l1", "t2"]);
  });
});
