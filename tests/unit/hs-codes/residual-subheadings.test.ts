import { describe, expect, it } from "vitest";
import { liftResidualSubheadings, type ResidualCandidate } from "../../../shared/hs-codes/residual-subheadings.ts";

// A heading 9113 with a specific line, its residual subheading "Other:" and a line of another heading.
const lines: Record<string, ResidualCandidate> = {
  specific: { code: "9113206000", residual: false },
  other: { code: "911390", residual: true },
  elsewhere: { code: "9102290200", residual: false },
  alone: { code: "420299", residual: true },
};
const describeLine = (key: string) => lines[key];

describe("residual subheadings (GRI 6)", () => {
  it("lifts a residual subheading to a share of its heading's best line, and says from which", () => {
    const r = liftResidualSubheadings(
      [
        { key: "specific", score: 10 },
        { key: "elsewhere", score: 9 },
        { key: "other", score: 5 },
      ],
      describeLine,
      0.95,
    );
    expect(r.lines.map((x) => x.key)).toEqual(["specific", "other", "elsewhere"]);
    expect(r.lines[1].score).toBeCloseTo(9.5, 10);
    expect(r.lifted).toEqual(new Map([["other", "9113206000"]]));
  });

  it("leaves a residual line alone when it already scores more, or its heading has no other line", () => {
    const r = liftResidualSubheadings(
      [
        { key: "other", score: 12 },
        { key: "specific", score: 10 },
        { key: "alone", score: 3 },
        { key: "unknown", score: 2 },
      ],
      describeLine,
      0.95,
    );
    expect(r.lines).toEqual([
      { key: "other", score: 12 },
      { key: "specific", score: 10 },
      { key: "alone", score: 3 },
      { key: "unknown", score: 2 },
    ]);
    expect(r.lifted.size).toBe(0);
  });

  it("factor 0 leaves the order as given", () => {
    const given = [
      { key: "specific", score: 10 },
      { key: "other", score: 5 },
    ];
    const r = liftResidualSubheadings(given, describeLine, 0);
    expect(r.lines).toEqual(given);
    expect(r.lifted.size).toBe(0);
  });
});
