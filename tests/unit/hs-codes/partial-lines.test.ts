import { describe, expect, it } from "vitest";
import { PARTIAL_LINE_PENALTY, partialFactorOf, partialLineFactor, partialOf } from "../../../shared/hs-codes/partial-lines.ts";
import { ownStemCount, ownStemsFound, type CandidateLine } from "../../../shared/hs-codes/score-lines.ts";

describe("lines whose own text the title names only in part (GRI 1 and 6)", () => {
  it("lowers a line by the share of its own stems the query lacks", () => {
    // "Golf shoes" for a title with "shoes" only: half of its own text named.
    const golf = partialLineFactor({ level: 8, ownStems: 2, ownFound: 1 });
    expect(golf.share).toBe(0.5);
    expect(golf.factor).toBeCloseTo(1 - PARTIAL_LINE_PENALTY * 0.5, 10);
    // Fully named: unchanged.
    expect(partialLineFactor({ level: 10, ownStems: 3, ownFound: 3 }).factor).toBe(1);
    expect(partialLineFactor({ level: 6, ownStems: 4, ownFound: 1 }, 0.4).factor).toBeCloseTo(0.7, 10);
  });

  it("leaves alone headings, one-word lines, lines none of whose own words the query has, and penalty 0", () => {
    expect(partialLineFactor({ level: 4, ownStems: 5, ownFound: 1 }).factor).toBe(1);
    expect(partialLineFactor({ level: 10, ownStems: 1, ownFound: 1 }).factor).toBe(1);
    // "Valued not over $40 per piece": ranked by its ancestors' words like its siblings.
    expect(partialLineFactor({ level: 10, ownStems: 4, ownFound: 0 }).factor).toBe(1);
    expect(partialLineFactor({ level: 8, ownStems: 2, ownFound: 1 }, 0).factor).toBe(1);
  });

  it("counts only the query's stems found in the line's own text", () => {
    const line: CandidateLine = {
      lineKey: "k",
      code: "6403195000",
      level: 10,
      subheading: "640319",
      lengths: { own: 2, up: 5, wco: 3, shared: 40 },
      // shoe: own and heading; leather: heading only; women: the subheading's national texts.
      found: new Map([
        ["shoe", 1 | 2],
        ["leather", 2],
        ["women", 8],
      ]),
    };
    expect(ownStemsFound(line)).toEqual(["shoe"]);
    expect(ownStemCount(line)).toBe(1);
  });

  it("gives the ranking the same factor as partialOf without listing the stems", () => {
    const line = (level: number, own: number, found: Array<[string, number]>, ownWords?: number): CandidateLine => ({
      lineKey: "k",
      code: "6403195000".slice(0, level),
      level,
      subheading: "640319",
      lengths: { own, up: 5, wco: 3, shared: 40 },
      found: new Map(found),
      ownWords,
    });
    const lines = [
      line(10, 2, [
        ["shoe", 1 | 2],
        ["leather", 2],
      ]),
      line(10, 3, [
        ["shoe", 1],
        ["golf", 1],
      ]),
      line(10, 4, [["shoe", 1]], 2),
      line(10, 4, [["shoe", 2]]),
      line(4, 4, [["shoe", 1]]),
      line(8, 1, [["shoe", 1]]),
    ];
    for (const l of lines) expect(partialFactorOf(l)).toBe(partialOf(l).factor);
    expect(partialFactorOf(lines[0])).toBeCloseTo(1 - PARTIAL_LINE_PENALTY * 0.5, 10);
  });
});
