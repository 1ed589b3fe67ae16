import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { levenshteinDistance, osaDistance } from "../../../shared/text/edit-distance.ts";

describe("edit distances", () => {
  it("count a transposition once (OSA) or twice (Levenshtein)", () => {
    expect(osaDistance("labtop", "latbop")).toBe(1);
    expect(levenshteinDistance("labtop", "latbop")).toBe(2);
    expect(osaDistance("kitten", "sitting")).toBe(3);
    expect(levenshteinDistance("kitten", "sitting")).toBe(3);
    expect(osaDistance("", "abc")).toBe(3);
    expect(levenshteinDistance("abc", "")).toBe(3);
  });

  it("are exact up to the bound and bound + 1 beyond it", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 9 }), fc.string({ maxLength: 9 }), fc.integer({ min: 0, max: 4 }), (a, b, max) => {
        expect(osaDistance(a, b, max)).toBe(Math.min(osaDistance(a, b), max + 1));
        expect(levenshteinDistance(a, b, max)).toBe(Math.min(levenshteinDistance(a, b), max + 1));
        expect(osaDistance(a, b)).toBe(osaDistance(b, a));
        expect(osaDistance(a, b)).toBeLessThanOrEqual(levenshteinDistance(a, b));
      }),
    );
  });
});
