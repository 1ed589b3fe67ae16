import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  alignTokens,
  editSimilarity,
  jaro,
  jaroWinkler,
  nameSimilarity,
  phoneticKey,
  PHONETIC_FLOOR,
  tokenSimilarity,
  weightedTokenSetSimilarity,
} from "../../../shared/screening/index/similarity.ts";
import { osaDistance } from "../../../shared/text/edit-distance.ts";

const word = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123"), maxLength: 12 });
const anyString = fc.string({ unit: "binary", maxLength: 60 });

describe("string measures", () => {
  it("Jaro-Winkler gives the textbook values", () => {
    expect(jaroWinkler("martha", "marhta")).toBeCloseTo(0.9611, 4);
    expect(jaroWinkler("dwayne", "duane")).toBeCloseTo(0.84, 4);
    expect(jaroWinkler("dixon", "dicksonx")).toBeCloseTo(0.8133, 4);
    expect(jaro("", "")).toBe(1);
    expect(jaro("abc", "")).toBe(0);
  });

  it("OSA distance counts adjacent transpositions as one edit", () => {
    expect(osaDistance("abcd", "abdc")).toBe(1);
    expect(osaDistance("kitten", "sitting")).toBe(3);
    expect(osaDistance("", "abc")).toBe(3);
    expect(editSimilarity("modaber", "modabeur")).toBeCloseTo(0.875, 6);
  });

  it("phonetic keys absorb common transliteration differences", () => {
    expect(phoneticKey("mohammed")).toBe(phoneticKey("muhammad"));
    expect(phoneticKey("khalid")).toBe(phoneticKey("haled"));
    expect(phoneticKey("yousef")).toBe(phoneticKey("yusuf"));
    expect(phoneticKey("hassan")).not.toBe(phoneticKey("ahmed"));
  });

  it("identity = 1, symmetric and bounded (property)", () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        for (const f of [jaro, jaroWinkler, editSimilarity, tokenSimilarity]) {
          expect(f(a, a)).toBe(1);
          expect(f(a, b)).toBe(f(b, a));
          expect(f(a, b)).toBeGreaterThanOrEqual(0);
          expect(f(a, b)).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe("tokenSimilarity", () => {
  it("matches short tokens and tokens with digits only exactly", () => {
    expect(tokenSimilarity("al", "el")).toBe(0);
    expect(tokenSimilarity("ltd", "ltda")).toBe(0);
    expect(tokenSimilarity("2002", "2003")).toBe(0);
    expect(tokenSimilarity("abc", "abc")).toBe(1);
  });

  it("scores one edit by length and lifts transliteration variants to the phonetic floor", () => {
    expect(tokenSimilarity("ivanov", "ivanok")).toBeCloseTo(5 / 6, 6);
    expect(tokenSimilarity("ivanov", "ivanvo")).toBe(PHONETIC_FLOOR); // 5/6, same consonants
    expect(tokenSimilarity("rosoboronexport", "rosoboronexprot")).toBeCloseTo(14 / 15, 6);
    expect(tokenSimilarity("mohammed", "muhammad")).toBe(PHONETIC_FLOOR);
    expect(tokenSimilarity("hassan", "hussein")).toBeLessThan(0.75);
  });
});

describe("token alignment and name similarity", () => {
  it("aligns tokens one-to-one, best first, and joins adjacent tokens", () => {
    const pairs = alignTokens(["al", "libi", "abu", "yahya"], ["abu", "yahya", "allibi"], 0.75);
    expect(pairs).toContainEqual({ aStart: 0, aEnd: 1, bStart: 2, bEnd: 2, similarity: 1 });
    expect(pairs).toHaveLength(3);
  });

  it("is token-order independent and ignores legal forms", () => {
    expect(nameSimilarity("IVANOV, Sergey", "Sergey Ivanov")).toBe(1);
    expect(nameSimilarity("ANGLO-CARIBBEAN CO., LTD.", "Anglo Caribbean Company Limited")).toBe(1);
    expect(nameSimilarity("Red Dolphin JSC", "Red Dragon LLC")).toBeLessThan(0.75);
  });

  it("weighted similarity handles empty lists and weights", () => {
    expect(weightedTokenSetSimilarity([], [])).toBe(1);
    expect(weightedTokenSetSimilarity(["a"], [])).toBe(0);
    const heavy = weightedTokenSetSimilarity(
      ["rare", "common"],
      ["rare"],
      (i) => (i === 0 ? 9 : 1),
      () => 9,
    );
    const light = weightedTokenSetSimilarity(
      ["rare", "common"],
      ["common"],
      (i) => (i === 0 ? 9 : 1),
      () => 1,
    );
    expect(heavy).toBeGreaterThan(light);
  });

  it("nameSimilarity: identity = 1, symmetric, bounded, never throws (property)", () => {
    fc.assert(
      fc.property(anyString, anyString, (a, b) => {
        expect(nameSimilarity(a, a)).toBe(1);
        const ab = nameSimilarity(a, b);
        expect(ab).toBe(nameSimilarity(b, a));
        expect(ab).toBeGreaterThanOrEqual(0);
        expect(ab).toBeLessThanOrEqual(1);
      }),
      { numRuns: 500 },
    );
  });
});
